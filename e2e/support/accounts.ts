import { randomUUID } from 'node:crypto';
import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { TERMS_VERSION } from '@toque/contracts/account';
import { CONDOMINIUM_PRODUCT_ID, storageKeys } from '@toque/contracts/constants';
import { mailMsg } from '@toque/contracts/mail';
import { api, condoApi, productsApi } from '@toque/contracts/routes';
import { callsApi } from '@toque/contracts/calls';
import { mintCode, toque, type CliTarget } from './codes';
import { apiUrl } from './api';

export interface TestUser {
  name: string;
  email: string;
  password: string;
  phone: string;
  cpfOrCnpj: string;
}

export function newUser(overrides: Partial<TestUser> = {}): TestUser {
  const id = randomUUID().slice(0, 8);
  return {
    name: `Maria ${id}`,
    email: `maria.${id}@exemplo.com.br`,
    password: 'segredo123',
    phone: '31988887777',
    cpfOrCnpj: '52998224725',
    ...overrides,
  };
}

export const bearerOf = (token: string) => ({ authorization: `Bearer ${token}` });

export async function registerUser(request: APIRequestContext, user: TestUser = newUser()) {
  // ACC-03: the consent the sign-up form's checkbox gives.
  const res = await request.post(apiUrl(api.register), { data: { ...user, termsVersion: TERMS_VERSION } });
  expect(res.status()).toBe(201);
  return user;
}

export async function apiLogin(request: APIRequestContext, user: TestUser): Promise<string> {
  const res = await request.post(apiUrl(api.login), {
    data: { email: user.email, password: user.password, platform: 'web', token: '' },
  });
  expect(res.status()).toBe(200);
  return ((await res.json()) as { data: { token: string } }).data.token;
}

/** Puts a session in the browser without going through the login screen. */
export async function loginAs(page: Page, token: string) {
  await page.addInitScript(
    ([key, value]) => {
      // Once per tab, so that a logout in the test is not undone by the next navigation.
      if (window.sessionStorage.getItem('e2e-session-seeded')) return;
      window.sessionStorage.setItem('e2e-session-seeded', '1');
      window.localStorage.setItem(key, value);
    },
    [storageKeys.authToken, token] as const,
  );
}

/** The session token the web app keeps, or null. */
export function storedToken(page: Page): Promise<string | null> {
  return page.evaluate((key) => window.localStorage.getItem(key), storageKeys.authToken);
}

/** Creates a Toque administrator with the operator CLI (as an operator would) and returns it. */
export function createAdmin(user: TestUser = newUser()): TestUser {
  toque('create-admin', user.email, user.password, user.name);
  return user;
}

/**
 * The newest password-reset code mailed to `email`, read from the embedded outbox with the CLI.
 * `toque outbox` prints mails newest first: `--- <date>  para: <email>`, `Assunto: …`, then the text.
 */
export function readResetCode(email: string): string {
  const mails = toque('outbox', '500').split(/^--- /m).slice(1);
  // The newest mail to `email` carrying a code: after a reset, a password-changed notice is newer.
  const mail = mails.find(
    (m) =>
      m.split('\n', 1)[0]!.split('  para: ')[1]?.split('  ')[0]?.trim() === email &&
      m.includes(`Assunto: ${mailMsg.resetCodeSubject}`),
  );
  expect(mail, `a mail to ${email} in the outbox`).toBeDefined();
  const code = /\b(\d{6})\b/.exec(mail!.split('\n').slice(1).join('\n'))?.[1];
  expect(code, `a 6-digit code in the mail to ${email}`).toBeDefined();
  return code!;
}

/** Claims `code` for a fresh owner through the API, as the dashboard does, and names the tag. */
export async function claimTag(
  request: APIRequestContext,
  code: string,
  tag: { name?: string; importantInfo?: string } = {},
): Promise<{ user: TestUser; token: string }> {
  const user = await registerUser(request);
  const token = await apiLogin(request, user);
  const headers = bearerOf(token);
  expect((await request.put(apiUrl(productsApi.associate), { data: { code }, headers })).status()).toBe(200);
  if (tag.name) {
    const info = tag.importantInfo ? { importantInfo: tag.importantInfo, showInfoToFinder: true } : {};
    const renamed = await request.put(apiUrl(productsApi.updateName), { data: { code, name: tag.name, ...info }, headers });
    expect(renamed.ok()).toBe(true);
  }
  return { user, token };
}

/**
 * A fresh code of `productId` (minted on `target`, the suite's server by default), claimed by a fresh
 * owner through the API and named: the tag most specs start from.
 */
export async function ownedTag(
  request: APIRequestContext,
  productId: number,
  tag: { name?: string; importantInfo?: string } = {},
  target?: CliTarget,
): Promise<{ code: string; user: TestUser; token: string }> {
  const code = await mintCode(productId, target);
  return { code, ...(await claimTag(request, code, tag)) };
}

/* ---- Demo-like data for the account journeys (ACC-07, TAG-11, CONDO-11) ---- */

/** Puts the tag in lost mode through the API (FIND-02), with a reward in centavos and text (TAG-11). */
export async function markLost(
  request: APIRequestContext,
  token: string,
  code: string,
  lost: { name: string; message: string; rewardCents?: number; reward?: string },
) {
  const res = await request.put(apiUrl(productsApi.updateName), {
    headers: bearerOf(token),
    data: { code, name: lost.name, lost: true, lostMessage: lost.message, lostRewardCents: lost.rewardCents ?? null, lostReward: lost.reward ?? '' },
  });
  expect(res.status(), await res.text()).toBe(200);
}

/** A finder's call to `code` that leaves a message (a missed call with its text, as the history shows it). */
export async function callWithMessage(request: APIRequestContext, code: string, message: string) {
  const call = await request.post(apiUrl(callsApi.create), { data: { code, latitude: -19.9191, longitude: -43.9386 } });
  expect(call.status()).toBe(201);
  const { roomId, callerToken } = (await call.json()) as { roomId: string; callerToken: string };
  const left = await request.post(apiUrl(callsApi.message(roomId)), { headers: bearerOf(callerToken), data: { message } });
  expect(left.status()).toBe(201);
  return roomId;
}

/**
 * A building as the demo has one: an administrator activates a condominium on a fresh plate for a
 * síndico, with `unitNames` units; `residents[i]` joins the unit `unitOf[i]` with its association code.
 */
export async function buildingWith(
  request: APIRequestContext,
  opts: { name: string; unitNames: string[]; residents: TestUser[]; unitOf: number[] },
) {
  const plate = await mintCode(CONDOMINIUM_PRODUCT_ID);
  const admin = createAdmin(newUser({ name: 'Ana Administradora' }));
  const sindico = await registerUser(request, newUser({ name: 'Silvia Síndica' }));
  const adminAuth = bearerOf(await apiLogin(request, admin));
  const created = await request.post(apiUrl(condoApi.createCondominium), { headers: adminAuth, data: { nameCondominium: opts.name } });
  expect(created.status()).toBe(201);
  const { id } = (await created.json()) as { id: number };
  for (const nameOfUnit of opts.unitNames) {
    const unit = await request.post(apiUrl(condoApi.createUnit), {
      headers: adminAuth,
      data: { condominiumId: id, qrCode: plate, nameOfUnit, emailAdminCond: sindico.email },
    });
    expect(unit.status(), await unit.text()).toBe(201);
  }
  const sindicoToken = await apiLogin(request, sindico);
  const listed = await request.post(apiUrl(condoApi.ownerQrCode), { headers: bearerOf(sindicoToken), data: { qrCode: plate } });
  const units = (await listed.json()) as { unit_id: number; unit_number: string }[];
  const codes = units.map((u) => u.unit_number.slice(u.unit_number.lastIndexOf('-') + 1));
  const tokens: string[] = [];
  for (const [i, resident] of opts.residents.entries()) {
    await registerUser(request, resident);
    const token = await apiLogin(request, resident);
    const joined = await request.put(apiUrl(productsApi.associate), { headers: bearerOf(token), data: { code: codes[opts.unitOf[i]!] } });
    expect(joined.status()).toBe(200);
    tokens.push(token);
  }
  return { plate, sindico, sindicoToken, unitIds: units.map((u) => u.unit_id), unitCodes: codes, tokens };
}

/**
 * A condominium plate with one unit (`unit`, 'Apto 101' by default) and one resident in it: the
 * plate's code, the resident and their session token, the síndico's token (CALL-02, FIND-06).
 */
export async function plateWithResident(
  request: APIRequestContext,
  opts: { name?: string; unit?: string; resident?: Partial<TestUser> } = {},
) {
  const resident = newUser({ name: 'Rui Morador', ...opts.resident });
  const building = await buildingWith(request, {
    name: opts.name ?? `Residencial Jacarandá ${randomUUID().slice(0, 4)}`,
    unitNames: [opts.unit ?? 'Apto 101'],
    residents: [resident],
    unitOf: [0],
  });
  return {
    plate: building.plate,
    unitId: building.unitIds[0]!,
    sindicoToken: building.sindicoToken,
    resident,
    residentToken: building.tokens[0]!,
  };
}
