import { mkdirSync } from 'node:fs';
import type { APIRequestContext, Page } from '@playwright/test';
import { callUi } from '@toque/contracts/call-ui';
import { parseUnitNumber, type Unit } from '@toque/contracts/condominium';
import { adminUi } from '@toque/contracts/admin-ui';
import { dashboardUi } from '@toque/contracts/dashboard-ui';
import { condoApi, paths, productsApi } from '@toque/contracts/routes';
import { ui } from '@toque/contracts/ui';
import { callsApi } from '@toque/contracts/calls';
import { ownerWithTags } from './support/dashboard';
import {
  allow,
  apiAs,
  apiLogin,
  apiUrl,
  claimTag,
  createAdmin,
  expect,
  finderPhone,
  GEOCODER_DOWN,
  loginAs,
  mintCode,
  newUser,
  openFinder,
  PUSH_IN_INCOGNITO,
  registerUser,
  test,
} from './support';
import { describeOffenders, MIN_TAP_PX, tapTargetOffenders } from './support/tap-targets';

/*
 * ACC-06: every page at 390 × 844, every tap target at least 44 × 44 px (the rule, with WCAG 2.5.8's
 * inline exception for links inside a sentence, is written down in tap-targets.ts). Each test is one
 * actor visiting its screens; a screen may also be scanned in states reached by taps (a menu open, a
 * row expanded). To add a screen, add a line to the actor's list below.
 */
test.use({
  // The finder's phone (390 × 844, touch, camera, microphone and a position) for every actor.
  ...finderPhone,
  // Content that fades in when scrolled to (PUB-16) is shown at once, so it is measured too.
  reducedMotion: 'reduce',
  geolocation: { latitude: -19.93, longitude: -43.94 },
});
// The geocoder is down in the tests: the owner's call screen shows its handled error.
// Chromium in a test profile refuses Web Push subscriptions and says so on the console itself (call-push.spec.ts).
test.use({ allowConsoleErrors: allow(GEOCODER_DOWN, PUSH_IN_INCOGNITO) });
test.describe.configure({ timeout: 180_000 });

/** What the screens of one actor need: codes, ids, the condominium… filled by the test's setup. */
type World = Record<string, string>;

interface Screen {
  /** How the failure names the screen. */
  name: string;
  path: string | ((w: World) => string);
  /** Waits until the screen shows what it is for (default: a level-1 heading and a quiet network). */
  ready?: (page: Page) => Promise<void>;
  /** States reached from the screen by taps, each scanned after the one before. */
  states?: Array<{ name: string; act: (page: Page, w: World) => Promise<void> }>;
}

const h1 = async (page: Page) => {
  await expect(page.locator('h1').first()).toBeVisible();
};

/** Opens the header's menu (public site and dashboard alike: the same button name). */
const openMenu = { name: 'menu aberto', act: (page: Page) => page.getByRole('button', { name: ui.site.nav.openMenu }).click() };
const openAccountMenu = {
  name: 'menu da conta aberto',
  act: async (page: Page) => {
    await page.getByRole('button', { name: ui.buttons.accountMenu, exact: true }).click();
    await expect(page.getByRole('button', { name: ui.buttons.logout, exact: true }).or(page.getByRole('menuitem', { name: ui.buttons.logout }))).toBeVisible();
  },
};
const closeWithEscape = async (page: Page) => {
  await page.keyboard.press('Escape');
};

/* ---------------- The screens, by actor: extend these lists. ---------------- */

const publicScreens: Screen[] = [
  { name: 'início', path: paths.home, states: [openMenu] },
  { name: 'manual', path: paths.manual },
  { name: 'privacidade', path: paths.privacy },
  { name: 'termos', path: paths.terms },
  { name: 'pulseiras', path: paths.bracelets },
  { name: 'coleiras', path: paths.collars },
  { name: 'objetos', path: paths.objects },
  { name: 'campainhas', path: paths.doorbells },
  { name: 'landing page', path: paths.landing },
  { name: 'em breve', path: paths.comingSoon },
  { name: 'página não encontrada', path: '/nao-existe' },
];

const authScreens: Screen[] = [
  { name: 'login', path: paths.login },
  { name: 'cadastro', path: paths.signUp },
  { name: 'esqueci a senha', path: paths.forgotPassword },
  { name: 'esqueci a senha: enviado', path: paths.forgotPasswordSuccess },
  { name: 'nova senha', path: paths.resetPassword },
  { name: 'nova senha: pronta', path: paths.resetPasswordSuccess },
  { name: 'onboarding', path: (w) => paths.onboarding(w.unclaimed!) },
];

/** The call from the finder's side: ringing (nobody is online), then the message form. */
const finderCallScreens: Screen[] = [
  {
    name: 'pulseira',
    path: (w) => paths.finder(w.bracelet!),
    states: [
      {
        name: 'chamando',
        act: async (page) => {
          await page.getByRole('button', { name: callUi.finder.call }).click();
          await expect(page.getByRole('button', { name: callUi.finder.hangUp })).toBeVisible();
        },
      },
      {
        name: 'ninguém atendeu',
        act: async (page) => {
          // The test's server misses the call after 15 s (ringTimeoutMs).
          await expect(page.getByLabel(callUi.finder.messageLabel)).toBeVisible({ timeout: 60_000 });
        },
      },
    ],
  },
];

/** The finder's page for each product type, a lost tag, a plate and a code nobody claimed. */
const finderScreens: Screen[] = [
  { name: 'pulseira', path: (w) => paths.finder(w.bracelet!) },
  { name: 'coleira', path: (w) => paths.finder(w.collar!) },
  { name: 'objeto', path: (w) => paths.finder(w.object!) },
  { name: 'campainha', path: (w) => paths.finder(w.doorbell!) },
  { name: 'perdido', path: (w) => paths.finder(w.lost!) },
  { name: 'placa de condomínio', path: (w) => paths.finder(w.plate!) },
  { name: 'código sem dono', path: (w) => paths.finder(w.unclaimed!) },
];

const dashboardScreens: Screen[] = [
  { name: 'painel', path: paths.dashboard, states: [openMenu, openAccountMenu] },
  {
    name: 'meus produtos',
    path: paths.products,
    states: [
      {
        name: 'detalhes abertos',
        act: (page) =>
          page.getByRole('button', { name: new RegExp(`^${dashboardUi.tagActions.details}`) }).first().click(),
      },
      {
        name: 'modal de adicionar',
        act: async (page) => {
          await page.getByRole('button', { name: dashboardUi.addTag.open }).first().click();
          await expect(page.getByRole('dialog')).toBeVisible();
        },
      },
    ],
  },
  { name: 'editar toque', path: (w) => paths.editTag(w.bracelet!) },
  { name: 'minha conta', path: paths.account },
  { name: 'financeiro', path: paths.finance },
  { name: 'manual (painel)', path: paths.dashboardManual },
  { name: 'chamadas', path: paths.callHistory },
];

const sindicoScreens: Screen[] = [
  { name: 'meus produtos (síndico)', path: paths.products },
  { name: 'apartamentos', path: (w) => paths.units(w.plate!) },
  { name: 'editar apartamento', path: (w) => paths.editUnit(w.plate!, w.unitId!) },
];

const residentScreens: Screen[] = [
  { name: 'painel (morador)', path: paths.dashboard },
  { name: 'meus produtos (morador)', path: paths.products },
  { name: 'apartamentos (morador)', path: (w) => paths.units(w.plate!) },
];

const adminScreens: Screen[] = [
  { name: 'ativação de condomínio', path: paths.condoActivation },
  {
    name: 'gerenciar clientes',
    path: paths.manageClients,
    states: [
      {
        name: 'cliente aberto',
        act: async (page, w) => {
          // By e-mail: the suite makes many a "Sílvia", more than one page of them on a long run.
          await page.getByRole('searchbox', { name: adminUi.clients.search }).fill(w.clientEmail!);
          const row = page.locator('li[data-user-id]').filter({ hasText: w.clientEmail! });
          await row.getByRole('button', { name: new RegExp(adminUi.clients.showTags(w.clientName!)) }).click();
          await expect(page.getByRole('button', { name: new RegExp(`^${adminUi.clients.release}`) }).first()).toBeVisible();
        },
      },
      {
        name: 'registro de ações',
        act: async (page) => {
          await page.getByRole('tab', { name: adminUi.tabs.audit }).click();
          await expect(page.getByText(adminUi.audit.intro)).toBeVisible();
        },
      },
    ],
  },
];

const callScreens: Screen[] = [
  {
    name: 'chamada tocando',
    path: (w) => `${paths.call}?roomId=${w.roomId}&lat=-19.93&lng=-43.94`,
    ready: async (page) => {
      await expect(page.getByRole('button', { name: callUi.owner.answer })).toBeVisible();
    },
    states: [
      {
        name: 'chamada atendida',
        act: async (page) => {
          await page.getByRole('button', { name: callUi.owner.answer }).click();
          await expect(page.getByRole('button', { name: callUi.owner.hangUp })).toBeVisible();
        },
      },
    ],
  },
];

/* ---------------- The scan. ---------------- */

/** Screenshots for a person to look at, only when asked for: `SHOTS_DIR=/tmp/shots npx playwright test …`. */
async function shoot(page: Page, name: string) {
  const dir = process.env.SHOTS_DIR;
  if (!dir) return;
  mkdirSync(dir, { recursive: true });
  await page.screenshot({ path: `${dir}/tap-${name.replace(/[^\p{L}\p{N}]+/gu, '-')}.png`, fullPage: true });
}

/** Visits each screen (and its states), and returns every offender as `screen › state: control`. */
async function scan(page: Page, screens: Screen[], w: World): Promise<string[]> {
  const found: string[] = [];
  for (const screen of screens) {
    const path = typeof screen.path === 'function' ? screen.path(w) : screen.path;
    await page.goto(path);
    await (screen.ready ?? h1)(page);
    await page.waitForLoadState('networkidle');
    // A state lists only what it adds: the header's controls are not listed again with the menu open.
    const listed = new Set<string>();
    const record = async (where: string) => {
      for (const line of describeOffenders(await tapTargetOffenders(page))) {
        if (listed.has(line)) continue;
        listed.add(line);
        found.push(`${where} (${path}): ${line}`);
      }
    };
    await record(screen.name);
    // ACC-06 too: nothing pushes the page wider than the phone (a table, a row of buttons).
    const [scrollWidth, clientWidth] = await page.evaluate(() => [
      document.documentElement.scrollWidth,
      document.documentElement.clientWidth,
    ]);
    if (scrollWidth > clientWidth) found.push(`${screen.name} (${path}): the page scrolls sideways, ${scrollWidth} > ${clientWidth} px`);
    await shoot(page, screen.name);
    for (const state of screen.states ?? []) {
      await state.act(page, w);
      await record(`${screen.name} › ${state.name}`);
      await shoot(page, `${screen.name} › ${state.name}`);
      if (state !== screen.states?.at(-1)) await closeWithEscape(page);
    }
  }
  return found;
}

function expectNone(found: string[]) {
  expect(found, `controls smaller than ${MIN_TAP_PX} × ${MIN_TAP_PX} px at 390 × 844`).toEqual([]);
}

/** An admin, a síndico with a condominium of one named unit, and a resident in it. */
async function condominium(request: APIRequestContext) {
  const admin = createAdmin();
  const [adminToken, sindico, resident, plate] = await Promise.all([
    apiLogin(request, admin),
    registerUser(request, newUser({ name: 'Sílvia Síndica' })),
    registerUser(request, newUser({ name: 'Rui Morador' })),
    mintCode(5),
  ]);
  const { id: condominiumId } = await apiAs<{ id: number }>(request, adminToken, condoApi.createCondominium, {
    nameCondominium: `Residencial Ipê ${Date.now() % 10_000}`,
  });
  await apiAs(request, adminToken, condoApi.createUnit, { condominiumId, qrCode: plate, nameOfUnit: 'Apto 101', emailAdminCond: sindico.email });
  const sindicoToken = await apiLogin(request, sindico);
  const [unit] = await apiAs<Unit[]>(request, sindicoToken, condoApi.ownerQrCode, { qrCode: plate });
  const residentToken = await apiLogin(request, resident);
  await apiAs(request, residentToken, productsApi.associate, { code: parseUnitNumber(unit!.unit_number).code }, 'put');
  return { adminToken, sindico, sindicoToken, residentToken, plate, unitId: String(unit!.unit_id) };
}

test.describe('[ACC-06] every tap target is at least 44 × 44 px on a 390 × 844 phone', () => {
  test('[ACC-06] public pages', async ({ page }) => {
    expectNone(await scan(page, publicScreens, {}));
  });

  test('[ACC-06] login, sign-up, password reset and onboarding pages', async ({ page }) => {
    expectNone(await scan(page, authScreens, { unclaimed: await mintCode(1) }));
  });

  test('[ACC-06] the finder page of each product type, a lost tag, a plate and an unclaimed code', async ({ page, request }) => {
    const [{ codes, token }, condo, unclaimed] = await Promise.all([
      ownerWithTags(request, null, [1, 2, 3, 4, 3]),
      condominium(request),
      mintCode(1),
    ]);
    const [bracelet, collar, object, doorbell, lost] = codes as [string, string, string, string, string];
    await apiAs(request, token, productsApi.updateName, { code: lost, name: 'Rex', lost: true, lostMessage: 'Fugiu perto da praça.' }, 'put');
    const w = { bracelet, collar, object, doorbell, lost, plate: condo.plate, unclaimed };
    const found = await scan(page, finderScreens, w);
    // The language switch (FIND-03) is part of every finder page: scanned in each language too.
    await page.goto(paths.finder(bracelet));
    for (const language of ['English', 'Español']) {
      await page.getByRole('button', { name: language }).click();
      await expect(page.getByRole('button', { name: language })).toHaveAttribute('aria-pressed', 'true');
      for (const line of describeOffenders(await tapTargetOffenders(page))) found.push(`pulseira em ${language}: ${line}`);
    }
    expectNone(found);
  });

  test.describe('on a server that rings 15 s', () => {
    test.use({ ringTimeoutMs: 15_000 });

    test('[ACC-06] the finder\'s call: ringing, then nobody answered', async ({ page, request, ringServer }) => {
      const bracelet = await mintCode(1, ringServer!.cli);
      await claimTag(request, bracelet);
      expectNone(await scan(page, finderCallScreens, { bracelet }));
    });
  });

  test('[ACC-06] every dashboard page as an owner with a tag of each type and a call in the history', async ({ page, request }) => {
    const { codes, token } = await ownerWithTags(request, page, [1, 2, 3, 4]);
    const call = await request.post(apiUrl(callsApi.create), { data: { code: codes[0], latitude: -19.93, longitude: -43.94 } });
    const { roomId, callerToken } = (await call.json()) as { roomId: string; callerToken: string };
    const message = await request.post(apiUrl(callsApi.message(roomId)), {
      data: { message: 'Achei a pulseira na praça, estou no banco em frente à padaria.' },
      headers: { Authorization: `Bearer ${callerToken}` },
    });
    expect(message.status()).toBe(201);
    expect(token).toBeTruthy();
    expectNone(await scan(page, dashboardScreens, { bracelet: codes[0]! }));
  });

  test('[ACC-06] the síndico\'s and the resident\'s pages', async ({ page, browser, request }) => {
    const condo = await condominium(request);
    await loginAs(page, condo.sindicoToken);
    const found = await scan(page, sindicoScreens, { plate: condo.plate, unitId: condo.unitId });
    // The resident's own phone, granting nothing.
    const resident = await openFinder(browser, { context: { permissions: [], reducedMotion: 'reduce' } });
    await loginAs(resident.page, condo.residentToken);
    found.push(...(await scan(resident.page, residentScreens, { plate: condo.plate })));
    await resident.close();
    expectNone(found);
  });

  test('[ACC-06] the administration pages, a client opened with its QR codes', async ({ page, request }) => {
    const condo = await condominium(request);
    await loginAs(page, condo.adminToken);
    expectNone(await scan(page, adminScreens, { clientName: condo.sindico.name.split(' ')[0]!, clientEmail: condo.sindico.email }));
  });

  test('[ACC-06] the call page, ringing and answered', async ({ page, request }) => {
    const { codes, token } = await ownerWithTags(request, page, [1]);
    const call = await request.post(apiUrl(callsApi.create), { data: { code: codes[0], latitude: -19.93, longitude: -43.94 } });
    expect(call.status()).toBe(201);
    const { roomId } = (await call.json()) as { roomId: string };
    expect(token).toBeTruthy();
    expectNone(await scan(page, callScreens, { roomId }));
  });
});
