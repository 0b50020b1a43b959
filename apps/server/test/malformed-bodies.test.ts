import { randomUUID } from 'node:crypto';
import { describe, expect, test } from 'vitest';
import fc from 'fast-check';
import { and, count, eq, inArray, isNotNull, ne, sql } from 'drizzle-orm';
import * as messages from '@toque/contracts/messages';
import { auditLog, condominiums, outbox, passwordResetCodes, pushSubscriptions, tags, unitResidents, units, users } from '../src/db/schema';
import { adminApi, condoApi } from '@toque/contracts/routes';
import type { Unit } from '@toque/contracts/condominium';
import { build, dbLabel, engine, mint, signUp } from './helpers';
import { activate, post, signUpAdmin } from './condo-support';
import {
  badBoolean,
  badCode,
  badEmail,
  badId,
  badProductId,
  badString,
  bodies as hostileBodies,
  catalogue,
  huge,
  nonBlank,
  notString,
  withNul,
  type Fields,
  type Sent,
} from './hostile-support';

/**
 * SEC-03: malformed bodies of every account endpoint always get a 4xx JSON `{ message }` (never a
 * 5xx) and write nothing. Every generated body is broken on purpose — a base body that *would* be
 * accepted, with at least one field made invalid — so a server that let one through would write,
 * and the row checks below would see it.
 */
const high = '1000000';
// On PGlite the whole tables must not move (snapshot below): a database of its own.
const { app } = await build({ RATE_LOGIN_PER_IP: high, RATE_LOGIN_PER_EMAIL: high, RATE_CODE_PER_IP: high }, { ownDatabase: true });
const NUM_RUNS = 200;

const marker = `sec03.${randomUUID().slice(0, 8)}`;
/** Every string this file ever sends as an e-mail, so rows created with any of them can be found. */
const sentEmails = new Set<string>();
let serial = 0;
const freshEmail = () => {
  const email = `${marker}.${++serial}@exemplo.com.br`;
  sentEmails.add(email);
  return email;
};

const victim = await signUp(app, { name: 'Vitima Fixa' });
const [victimRow] = await app.db.select().from(users).where(eq(users.email, victim.email));
// The victim has a live reset code, so a reset that slipped through would count a try or use it.
await app.inject({ method: 'POST', url: '/api/auth/generate-code', payload: { email: victim.email } });
const [freeCode] = await mint(app, 2);
const pushEndpoint = `https://push.example/${marker}`;

// The condominium and admin endpoints' fixtures: an activated plate with one unit and one resident.
const admin = await signUpAdmin(app, { name: 'Admin Fuzz' });
const sindico = await signUp(app, { name: 'Sindico Fuzz' });
const condo = await activate(app, admin, sindico, 1);
const [fuzzUnit] = (await post(app, condoApi.ownerQrCode, sindico.token, { qrCode: condo.plate })).json<Unit[]>();
const resident = await signUp(app, { name: 'Morador Fuzz' });
await app.inject({
  method: 'PUT',
  url: '/api/products/associateQrCode',
  headers: resident.auth,
  payload: { code: fuzzUnit!.unit_number.split('-').pop() },
});
const [fuzzResident] = (await post(app, condoApi.ownerQrCode, sindico.token, { qrCode: condo.plate })).json<Unit[]>()[0]!.residents;
const [residentRow] = await app.db.select().from(users).where(eq(users.email, resident.email));

const bodies = (base: () => Record<string, unknown>, fields: Fields) =>
  hostileBodies(base, fields, (email) => sentEmails.add(email));

// ---- Sending and checking ------------------------------------------------------------------

async function send(method: 'POST' | 'PUT' | 'PATCH' | 'DELETE', url: string, sent: Sent, headers: Record<string, string> = {}) {
  return app.inject({
    method,
    url,
    headers: { ...headers, ...(sent.contentType ? { 'content-type': sent.contentType } : {}) },
    ...(sent.payload !== undefined ? { payload: sent.payload } : {}),
  });
}

function expectClientError(res: Awaited<ReturnType<typeof send>>, sent: Sent) {
  const where = `${res.statusCode} for ${sent.contentType} ${sent.payload?.slice(0, 200)}`;
  expect(res.statusCode, where).toBeGreaterThanOrEqual(400);
  expect(res.statusCode, where).toBeLessThan(500);
  expect(String(res.headers['content-type']), where).toMatch(/^application\/json/);
  const body = res.json<Record<string, unknown>>();
  expect(Object.keys(body), where).toEqual(['message']);
  expect(catalogue.has(body.message as string), `${where}: ${res.body}`).toBe(true);
}

/** Rows this file could have created or changed. */
async function snapshot() {
  // Strings with a NUL cannot be stored (nor sent as a query parameter); nor could a giant e-mail.
  const emails = [...sentEmails, victim.email].filter((e) => !e.includes('\u0000') && e.length <= 1000);
  const n = async (q: Promise<{ n: number }[]>) => (await q)[0]!.n;
  const db = app.db;
  const own = {
    users: await n(
      db
        .select({ n: count() })
        .from(users)
        .where(and(inArray(sql`lower(${users.email})`, emails), ne(users.id, victimRow!.id))),
    ),
    victim: (await db.select().from(users).where(eq(users.id, victimRow!.id)))[0],
    freeCodeOwner: (await db.select({ o: tags.ownerId }).from(tags).where(eq(tags.code, freeCode!)))[0]?.o,
    resetCodes: await db.select().from(passwordResetCodes).where(eq(passwordResetCodes.userId, victimRow!.id)),
    mails: await n(db.select({ n: count() }).from(outbox).where(inArray(outbox.to, emails))),
    push: await n(
      db.select({ n: count() }).from(pushSubscriptions).where(eq(pushSubscriptions.endpoint, pushEndpoint)),
    ),
    condominium: await db.select().from(condominiums).where(eq(condominiums.id, condo.condominiumId)),
    units: await db.select().from(units).where(eq(units.condominiumId, condo.condominiumId)),
    residents: await db.select().from(unitResidents).where(eq(unitResidents.unitId, fuzzUnit!.unit_id)),
    plate: (await db.select().from(tags).where(eq(tags.code, condo.plate)))[0],
    residentRow: (await db.select().from(users).where(eq(users.id, residentRow!.id)))[0],
  };
  // On PGlite this file has the database to itself: the whole tables must not move either.
  const totals =
    engine === 'pglite'
      ? {
          users: await n(db.select({ n: count() }).from(users)),
          owned: await n(db.select({ n: count() }).from(tags).where(isNotNull(tags.ownerId))),
          resetCodes: await n(db.select({ n: count() }).from(passwordResetCodes)),
          outbox: await n(db.select({ n: count() }).from(outbox)),
          push: await n(db.select({ n: count() }).from(pushSubscriptions)),
          condominiums: await n(db.select({ n: count() }).from(condominiums)),
          audit: await n(db.select({ n: count() }).from(auditLog)),
          tags: await db.select().from(tags).orderBy(tags.code),
        }
      : undefined;
  return { own, totals };
}

async function fuzz(
  method: 'POST' | 'PUT' | 'PATCH' | 'DELETE',
  url: string,
  arb: fc.Arbitrary<Sent>,
  headers: Record<string, string> = {},
  /** Statuses that would mean the body got past validation to the rule it is not allowed to reach. */
  unreachable: number[] = [],
) {
  const before = await snapshot();
  await fc.assert(
    fc.asyncProperty(arb, async (sent) => {
      const res = await send(method, url, sent, headers);
      expectClientError(res, sent);
      expect(
        unreachable,
        `${res.statusCode} ${res.body} for ${sent.contentType} ${sent.payload?.slice(0, 300)}`,
      ).not.toContain(res.statusCode);
    }),
    { numRuns: NUM_RUNS },
  );
  const after = await snapshot();
  expect(after.own.users).toBe(0);
  expect(after).toEqual(before);
}

// ---- One property per endpoint ---------------------------------------------------------------

const account = {
  name: { required: true, invalid: badString(1, 50) },
  phone: { required: true, invalid: badString(10, 30) },
  cpfOrCnpj: { required: true, invalid: badString(11, 20) },
  password: { required: true, invalid: badString(6, 200) },
  email: { required: true, invalid: badEmail },
} satisfies Fields;

describe(`SEC-03 malformed bodies ${dbLabel}`, () => {
  test("[API-03] a missing field or a wrong type reads as the catalogue's message, never Zod's English", async () => {
    const res = await app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: 42 } });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: messages.apiMsg.validation });
    const register = await app.inject({ method: 'POST', url: '/api/auth/register', payload: { name: 'Ana' } });
    expect(register.json()).toEqual({ message: messages.apiMsg.validation });
  });

  test('[API-03] [SEC-03] a NUL character is refused with 400, not a database error', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: {
        name: 'Ana\u0000',
        email: freshEmail(),
        phone: '31988887777',
        cpfOrCnpj: '52998224725',
        password: 'segredo123',
      },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: messages.apiMsg.validation });
    const query = await app.inject({ method: 'GET', url: '/api/profile/userName?x=%00', headers: victim.auth });
    expect(query.statusCode).toBe(400);
  });

  test('[SEC-03] [API-03] login: 4xx {message} for every malformed body, nothing written', async () => {
    const base = () => ({
      email: victim.email,
      password: victim.password,
      platform: 'web',
      token: JSON.stringify({ endpoint: pushEndpoint, keys: { p256dh: 'x', auth: 'y' } }),
    });
    await fuzz(
      'POST',
      '/api/auth/login',
      bodies(base, {
        email: { required: true, invalid: badString(1, 254) },
        password: { required: true, invalid: badString(1, 200) },
        platform: {
          required: false,
          invalid: fc.oneof(
            notString.filter((v) => v !== null),
            withNul,
            nonBlank(21, 40),
          ),
        },
        token: { required: false, invalid: fc.oneof(notString, withNul, nonBlank(4001, 4100)) },
      }),
    );
  });

  test('[SEC-03] [API-03] register: 4xx {message} for every malformed body, nothing written', async () => {
    const base = () => ({
      name: 'Conta Nova',
      email: freshEmail(),
      phone: '31988887777',
      cpfOrCnpj: '52998224725',
      password: 'segredo123',
    });
    await fuzz('POST', '/api/auth/register', bodies(base, account));
  });

  test('[SEC-03] [API-03] web-onboarding: 4xx {message} for every malformed body, nothing written, the code stays free', async () => {
    const base = () => ({
      name: 'Conta Nova',
      email: freshEmail(),
      phone: '31988887777',
      cpfOrCnpj: '52998224725',
      password: 'segredo123',
      code: freeCode!,
      productId: 2,
    });
    await fuzz(
      'POST',
      '/api/auth/web-onboarding',
      bodies(base, {
        ...account,
        code: { required: true, invalid: badCode },
        productId: { required: true, invalid: badProductId },
      }),
    );
    expect(
      await app.db
        .select()
        .from(tags)
        .where(and(eq(tags.code, freeCode!), isNotNull(tags.ownerId))),
    ).toHaveLength(0);
  });

  test('[SEC-03] [API-03] generate-code: 4xx {message} for every malformed body, nothing mailed', async () => {
    await fuzz(
      'POST',
      '/api/auth/generate-code',
      bodies(() => ({ email: victim.email }), { email: { required: true, invalid: badEmail } }),
    );
  });

  test('[SEC-03] [API-03] reset-password: 4xx {message} for every malformed body, no try counted', async () => {
    const base = () => ({ email: victim.email, code: '123456', password: 'nova-senha', confirmPassword: 'nova-senha' });
    await fuzz(
      'POST',
      '/api/auth/reset-password',
      bodies(base, {
        email: { required: true, invalid: badEmail },
        code: { required: true, invalid: badString(1, 20) },
        password: { required: true, invalid: badString(6, 200) },
        confirmPassword: { required: true, invalid: badString(1, 200) },
      }),
      {},
      // A 401 means the code itself was checked, i.e. a malformed body reached the try counter.
      [401],
    );
  });

  test('[SEC-03] [API-03] updateUser: 4xx {message} for every malformed body, the account unchanged', async () => {
    const base = () => ({ name: 'Nome Trocado', password: victim.password, newPassword: 'senha-trocada' });
    await fuzz(
      'PUT',
      '/api/profile/updateUser',
      bodies(base, {
        name: { required: true, invalid: badString(1, 50) },
        password: { required: true, invalid: badString(1, 200) },
        newPassword: {
          required: false,
          invalid: fc.oneof(notString, withNul, huge, fc.string({ minLength: 1, maxLength: 5 }), nonBlank(201, 230)),
        },
      }),
      victim.auth,
    );
  });

  test('[SEC-03] [API-03] [ADM-02] the activation endpoints: 4xx {message} for every malformed body, no condominium, unit or owner written', async () => {
    await fuzz(
      'POST',
      `/api${condoApi.createCondominium}`,
      bodies(() => ({ nameCondominium: 'Edifício Novo' }), { nameCondominium: { required: true, invalid: badString(1, 80) } }),
      admin.auth,
    );
    const unitBase = () => ({ condominiumId: condo.condominiumId, qrCode: condo.plate, nameOfUnit: 'Apto 9', emailAdminCond: sindico.email });
    await fuzz(
      'POST',
      `/api${condoApi.createUnit}`,
      bodies(unitBase, {
        condominiumId: { required: true, invalid: badId },
        qrCode: { required: true, invalid: badCode },
        nameOfUnit: { required: false, invalid: fc.oneof(notString, withNul, huge, nonBlank(16, 50)) },
        emailAdminCond: { required: true, invalid: badEmail },
      }),
      admin.auth,
      [404, 409],
    );
  });

  test("[SEC-03] [API-03] [CONDO-04] [CONDO-08] [CONDO-09] the síndico's and the resident's endpoints: 4xx {message}, the units unchanged", async () => {
    await fuzz(
      'PUT',
      `/api${condoApi.updateUnitName}`,
      bodies(() => ({ unitId: fuzzUnit!.unit_id, nameOfUnit: 'Trocado' }), {
        unitId: { required: true, invalid: badId },
        nameOfUnit: { required: true, invalid: badString(1, 15) },
      }),
      sindico.auth,
      [403, 404],
    );
    await fuzz(
      'DELETE',
      `/api${condoApi.deleteMember}`,
      bodies(() => ({ memberId: fuzzResident!.member_id, unit_number: fuzzUnit!.unit_number }), {
        memberId: { required: true, invalid: badId },
        unit_number: { required: true, invalid: badString(1, 40) },
      }),
      sindico.auth,
      [403],
    );
    await fuzz(
      'POST',
      `/api${condoApi.regenerateCode}`,
      bodies(() => ({ unitId: fuzzUnit!.unit_id }), { unitId: { required: true, invalid: badId } }),
      sindico.auth,
      [403, 404],
    );
    await fuzz(
      'DELETE',
      `/api${condoApi.leave}`,
      bodies(() => ({ code: condo.plate }), { code: { required: true, invalid: badCode } }),
      resident.auth,
    );
  });

  test('[SEC-03] [API-03] [ADM-03] [ADM-07] the administrator\'s endpoints: 4xx {message} for every malformed body, nothing changed', async () => {
    await fuzz(
      'PATCH',
      `/api${adminApi.qrStatus(condo.plate)}`,
      bodies(() => ({ is_active: false }), { is_active: { required: true, invalid: badBoolean } }),
      admin.auth,
    );
    await fuzz(
      'POST',
      `/api${adminApi.transferTag(condo.plate)}`,
      bodies(() => ({ email: resident.email }), { email: { required: true, invalid: badEmail } }),
      admin.auth,
      [404],
    );
    await fuzz(
      'POST',
      `/api${adminApi.blockUser(residentRow!.id)}`,
      bodies(() => ({ blocked: true }), { blocked: { required: true, invalid: badBoolean } }),
      admin.auth,
    );
  });
});
