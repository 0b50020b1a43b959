import { randomUUID } from 'node:crypto';
import { describe, expect, test } from 'vitest';
import fc from 'fast-check';
import sharp from 'sharp';
import jwt from 'jsonwebtoken';
import { count, eq, inArray, isNotNull, or } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { adminApi, condoApi, productsApi } from '@toque/contracts/routes';
import {
  auditLog,
  callRecipients,
  calls,
  condominiums,
  outbox,
  pushSubscriptions,
  scans,
  tagBatches,
  tagInvitations,
  tagMembers,
  tagPhotos,
  tags,
  unitResidents,
  units,
  users,
} from '../src/db/schema';
import { newTagCode } from '../src/lib/codes';
import { build, dbLabel, engine, mint, signUp } from './helpers';
import { signUpAdmin } from './condo-support';
import { startCall, userId } from './calls-support';
import {
  badBoolean,
  badCode,
  badEmail,
  badId,
  badNumber,
  badProductId,
  badString,
  bodies,
  catalogue,
  hostileSegment,
  notString,
  withNul,
  type Fields,
  type Sent,
} from './hostile-support';

/**
 * SEC-03 for the endpoints malformed-bodies.test.ts does not cover: the tag, call, push, plate,
 * batch and operator bodies, every path parameter and query string, and the Authorization header.
 * Each property sends ≥ 200 hostile inputs; every answer must be a 4xx JSON `{ message }` from the
 * catalogue, and no row may change. The bases are bodies that *would* be accepted, so a server
 * that let a broken one through would write, and the snapshots would see it.
 */
const high = '1000000';
const { app, config } = await build({
  RATE_LOGIN_PER_IP: high,
  RATE_LOGIN_PER_EMAIL: high,
  RATE_CODE_PER_IP: high,
  RATE_CALL_PER_IP: high,
  RATE_CALL_PER_TAG: high,
  RATE_GEOCODE_PER_IP: high,
  // Nothing may reach the provider: a request that did would fail here, as a 502.
  GEOCODER_URL: 'http://127.0.0.1:9',
  // On PGlite the whole tables must not move either: a database of its own.
}, { ownDatabase: true });
const db = app.db;
const NUM_RUNS = 200;

// The world the bases point at: a tag of the owner shared with a member, a plate of the síndico
// with a unit and its resident, a free code, a ringing call to the tag.
const owner = await signUp(app, { name: 'Otavio Dono' });
const member = await signUp(app, { name: 'Mario Membro' });
const customer = await signUp(app, { name: 'Carla Cliente' });
const sindico = await signUp(app, { name: 'Silvia Sindica' });
const resident = await signUp(app, { name: 'Rita Moradora' });
const admin = await signUpAdmin(app, { name: 'Ana Administradora' });
const ownUsers = [owner, member, customer, sindico, resident, admin].map((a) => userId(a.token));
const [tag] = await mint(app, 3);
const [plate] = await mint(app, 5);
const [free] = await mint(app, 2);
await db.update(tags).set({ ownerId: userId(owner.token), name: 'Mochila' }).where(eq(tags.code, tag!));
await db.insert(tagMembers).values({ tagCode: tag!, userId: userId(member.token) });
await db.update(tags).set({ ownerId: userId(sindico.token) }).where(eq(tags.code, plate!));
const [condo] = await db.insert(condominiums).values({ name: 'Edifício Hostil', tagCode: plate!, adminUserId: userId(sindico.token) }).returning();
const [unit] = await db.insert(units).values({ condominiumId: condo!.id, name: '101', associationCode: newTagCode() }).returning();
const [residency] = await db.insert(unitResidents).values({ unitId: unit!.id, userId: userId(resident.token) }).returning();
const call = await startCall(app, tag!);
// CALL-15: a call still without a position, and a switched-off tag (which takes messages).
const unlocated = await startCall(app, tag!, { latitude: undefined, longitude: undefined });
const [offTag] = await mint(app, 4);
await db.update(tags).set({ ownerId: userId(owner.token), isActive: false }).where(eq(tags.code, offTag!));
// TAG-11: a pending invitation of the tag, which a malformed cancel must leave in place.
const [invitation] = await db.insert(tagInvitations).values({ tagCode: tag!, email: 'pendente@exemplo.com.br', invitedBy: userId(owner.token) }).returning();
const ownTags = [tag!, plate!, free!, offTag!];

// ---- Sending and checking --------------------------------------------------------------------

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

function expectClientError(res: LightMyRequestResponse, what: string) {
  const where = `${res.statusCode} ${res.body.slice(0, 200)} for ${what.slice(0, 300)}`;
  expect(res.statusCode, where).toBeGreaterThanOrEqual(400);
  expect(res.statusCode, where).toBeLessThan(500);
  expect(String(res.headers['content-type']), where).toMatch(/^application\/json/);
  const body = res.json<Record<string, unknown>>();
  expect(Object.keys(body), where).toEqual(['message']);
  expect(catalogue.has(body.message as string) || inlineMessages.has(body.message as string), where).toBe(true);
}
/** Portuguese texts the contracts' schemas carry inline rather than in the message catalogue. */
const inlineMessages = new Set(['Escreva uma mensagem.', 'A mensagem deve ter no máximo 500 caracteres.']);

/** Every row this file could write or change; on PGlite (a database of its own) the whole tables too. */
async function snapshot() {
  const n = async (q: Promise<{ n: number }[]>) => (await q)[0]!.n;
  const own = {
    tags: await db.select().from(tags).where(inArray(tags.code, ownTags)).orderBy(tags.code),
    members: await db.select().from(tagMembers).where(eq(tagMembers.tagCode, tag!)),
    photos: await n(db.select({ n: count() }).from(tagPhotos).where(inArray(tagPhotos.tagCode, ownTags))),
    invitations: await db.select().from(tagInvitations).where(eq(tagInvitations.tagCode, tag!)),
    units: await db.select().from(units).where(eq(units.condominiumId, condo!.id)).orderBy(units.id),
    residents: await db.select().from(unitResidents).where(eq(unitResidents.unitId, unit!.id)),
    calls: await db.select().from(calls).where(inArray(calls.tagCode, ownTags)).orderBy(calls.id),
    users: await db.select().from(users).where(inArray(users.id, ownUsers)).orderBy(users.id),
    push: await n(db.select({ n: count() }).from(pushSubscriptions).where(inArray(pushSubscriptions.userId, ownUsers))),
    batches: await n(db.select({ n: count() }).from(tagBatches).where(eq(tagBatches.createdBy, userId(admin.token)))),
  };
  const totals =
    engine === 'pglite'
      ? {
          users: await n(db.select({ n: count() }).from(users)),
          tags: await n(db.select({ n: count() }).from(tags)),
          owned: await n(db.select({ n: count() }).from(tags).where(or(isNotNull(tags.ownerId)))),
          members: await n(db.select({ n: count() }).from(tagMembers)),
          condominiums: await n(db.select({ n: count() }).from(condominiums)),
          units: await n(db.select({ n: count() }).from(units)),
          residents: await n(db.select({ n: count() }).from(unitResidents)),
          calls: await n(db.select({ n: count() }).from(calls)),
          recipients: await n(db.select({ n: count() }).from(callRecipients)),
          outbox: await n(db.select({ n: count() }).from(outbox)),
          push: await n(db.select({ n: count() }).from(pushSubscriptions)),
          batches: await n(db.select({ n: count() }).from(tagBatches)),
          audit: await n(db.select({ n: count() }).from(auditLog)),
        }
      : undefined;
  return { own, totals };
}

/** ≥ 200 runs of `arb`, each answered 4xx `{ message }`; nothing written. */
async function property<T>(arb: fc.Arbitrary<T>, request: (input: T) => Promise<LightMyRequestResponse>, describeInput: (input: T) => string) {
  const before = await snapshot();
  let runs = 0;
  await fc.assert(
    fc.asyncProperty(arb, async (input) => {
      runs += 1;
      expectClientError(await request(input), describeInput(input));
    }),
    { numRuns: NUM_RUNS },
  );
  expect(runs).toBeGreaterThanOrEqual(NUM_RUNS);
  expect(await snapshot()).toEqual(before);
}

function fuzzBody(method: Method, url: string, arb: fc.Arbitrary<Sent>, headers: Record<string, string> = {}) {
  return property(
    arb,
    (sent) =>
      app.inject({
        method,
        url,
        headers: { ...headers, ...(sent.contentType ? { 'content-type': sent.contentType } : {}) },
        ...(sent.payload !== undefined ? { payload: sent.payload } : {}),
      }),
    (sent) => `${method} ${url} ${sent.contentType} ${sent.payload}`,
  );
}

/** A hostile path segment, URL-encoded (a raw one could not even be a URL). */
function fuzzPath(method: Method, url: (segment: string) => string, headers: Record<string, string>, payload?: object, valid?: (s: string) => boolean) {
  const arb = valid ? hostileSegment.filter((s) => !valid(s)) : hostileSegment;
  return property(
    arb,
    (segment) =>
      app.inject({ method, url: url(encodeURIComponent(segment)), headers, ...(payload ? { payload } : {}) }),
    (segment) => `${method} ${url(encodeURIComponent(segment))}`,
  );
}

/** FIND-09: a real image to a hostile path: refused for the path alone. */
const smallPng = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#888' } }).png().toBuffer();
function fuzzPathWithFile(url: (segment: string) => string, headers: Record<string, string>) {
  return property(
    hostileSegment,
    (segment) =>
      app.inject({ method: 'PUT', url: url(encodeURIComponent(segment)), headers: { ...headers, 'content-type': 'image/png' }, payload: smallPng }),
    (segment) => `PUT ${url(encodeURIComponent(segment))}`,
  );
}

/** FIND-09: what a hostile upload can be — random bytes, or an image's first bytes followed by junk, under any type. */
const magics = [
  Buffer.from([0xff, 0xd8, 0xff, 0xe0]),
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  Buffer.from('RIFF\x00\x10\x00\x00WEBPVP8 ', 'latin1'),
  Buffer.from('\x00\x00\x00\x18ftypheic\x00\x00\x00\x00mif1heic', 'latin1'),
  Buffer.from('<svg xmlns="http://www.w3.org/2000/svg">'),
];
const hostileUpload = fc.record({
  contentType: fc.constantFrom('image/jpeg', 'image/png', 'image/webp', 'image/heic', 'application/octet-stream', 'application/json', 'text/plain', 'multipart/form-data; boundary=x', 'image/svg+xml'),
  bytes: fc.oneof(
    fc.uint8Array({ maxLength: 4096 }).map((a) => Buffer.from(a)),
    fc.tuple(fc.constantFrom(...magics), fc.uint8Array({ maxLength: 4096 })).map(([m, a]) => Buffer.concat([m, Buffer.from(a)])),
  ),
});

/** A query string of hostile values, with at least one parameter broken. */
function fuzzQuery(path: string, params: Record<string, fc.Arbitrary<string | string[]>>, valid: Record<string, string>, headers: Record<string, string> = {}) {
  const names = Object.keys(params);
  const arb = fc
    .tuple(
      fc.subarray(names, { minLength: 1 }).chain((picked) => fc.tuple(...picked.map((n) => params[n]!.map((v) => [n, v] as const)))),
      fc.option(fc.tuple(fc.constantFrom('__proto__[isToqueAdmin]', 'constructor[prototype][x]', 'toString'), fc.constant('1'))),
    )
    .map(([changes, extra]) => {
      const query = new URLSearchParams(valid);
      for (const [name, value] of changes) {
        query.delete(name);
        for (const v of Array.isArray(value) ? value : [value]) query.append(name, v);
      }
      if (extra) query.append(extra[0], extra[1]);
      return `${path}?${query.toString()}`;
    });
  return property(arb, (url) => app.inject({ method: 'GET', url, headers }), (url) => url);
}

/** What `z.coerce.number().int().positive().max(2147483647)` would accept (Number() of the text). */
const isDbId = (s: string) => Number.isInteger(Number(s)) && Number(s) >= 1 && Number(s) <= 2_147_483_647;
const badLatitude = fc.oneof(badNumber.filter((v) => Math.abs(v) > 90), notString.filter((v) => typeof v !== 'number'), withNul);
const badLongitude = fc.oneof(badNumber.filter((v) => Math.abs(v) > 180), notString.filter((v) => typeof v !== 'number'), withNul);
const badKey = (max: number) => fc.oneof(notString, withNul, fc.constant(''), fc.string({ minLength: max + 1, maxLength: max + 20 }));
const badQueryNumber = fc.oneof(
  hostileSegment.filter((s) => !isDbId(s)),
  fc.constantFrom('', '1e400', '1,5', 'abc', '1.5'),
  fc.array(fc.constantFrom('1', '2'), { minLength: 2, maxLength: 3 }),
);

// ---- The properties ----------------------------------------------------------------------------

describe(`SEC-03 hostile HTTP input ${dbLabel}`, () => {
  test('[SEC-03] tag bodies (associate, disable, updateName, share, unshare): 4xx {message}, nothing written', async () => {
    await fuzzBody('PUT', `/api${productsApi.associate}`, bodies(() => ({ code: free! }), { code: { required: true, invalid: badCode } }), customer.auth);
    await fuzzBody('DELETE', `/api${productsApi.disable}`, bodies(() => ({ code: tag! }), { code: { required: true, invalid: badCode } }), owner.auth);
    const rename: Fields = {
      code: { required: true, invalid: badCode },
      name: { required: true, invalid: badString(1, 60) },
      importantInfo: { required: false, invalid: fc.oneof(notString.filter((v) => v !== null), withNul, fc.string({ minLength: 501, maxLength: 540 }).filter((s) => s.trim().length > 500)) },
      showInfoToFinder: { required: false, invalid: badBoolean },
      // FIND-01 / FIND-02: scan alerts and lost mode (the base turns lost mode on, so its message is required).
      scanAlerts: { required: false, invalid: badBoolean },
      lost: { required: false, invalid: badBoolean },
      lostMessage: { required: true, invalid: fc.oneof(notString.filter((v) => v !== null), withNul, fc.constant('   '), fc.string({ minLength: 281, maxLength: 300 }).filter((s) => s.trim().length > 280)) },
      lostReward: { required: false, invalid: fc.oneof(notString.filter((v) => v !== null), withNul, fc.string({ minLength: 81, maxLength: 100 }).filter((s) => s.trim().length > 80)) },
      // TAG-11: the reward in centavos: whole, positive, at most R$ 100.000,00 (null is none).
      lostRewardCents: { required: false, invalid: fc.oneof(badNumber, fc.constant(10_000_001), notString.filter((v) => v !== null && typeof v !== 'number')) },
      // FIND-09: the finder page's switches and the lost notice's city.
      showOwnerName: { required: false, invalid: badBoolean },
      showPhoto: { required: false, invalid: badBoolean },
      showReward: { required: false, invalid: badBoolean },
      showCity: { required: false, invalid: badBoolean },
      lostCity: { required: false, invalid: fc.oneof(notString.filter((v) => v !== null), withNul, fc.string({ minLength: 81, maxLength: 100 }).filter((s) => s.trim().length > 80)) },
    };
    const renameBase = () => ({
      code: tag!,
      name: 'Trocado',
      importantInfo: 'Alergia',
      showInfoToFinder: true,
      scanAlerts: true,
      lost: true,
      lostMessage: 'Fugiu!',
      lostReward: 'R$ 50',
      lostRewardCents: 5_000,
      showOwnerName: false,
      showPhoto: false,
      showReward: true,
      showCity: true,
      lostCity: 'Belo Horizonte',
    });
    await fuzzBody('PUT', `/api${productsApi.updateName}`, bodies(renameBase, rename), owner.auth);
    await fuzzBody('PUT', `/api${productsApi.updateName}Mochila`, bodies(renameBase, rename), owner.auth);
    await fuzzBody(
      'POST',
      `/api${productsApi.member}`,
      bodies(() => ({ code: tag!, email: customer.email }), { code: { required: true, invalid: badCode }, email: { required: true, invalid: badEmail } }),
      owner.auth,
    );
    // TAG-11: cancelling an invitation (the base names a real pending one).
    await fuzzBody(
      'DELETE',
      `/api${productsApi.invitation}`,
      bodies(() => ({ code: tag!, id: invitation!.id }), { code: { required: true, invalid: badCode }, id: { required: true, invalid: badId } }),
      owner.auth,
    );
    await fuzzBody(
      'DELETE',
      `/api${productsApi.member}`,
      bodies(() => ({ code: tag!, userId: userId(member.token) }), {
        code: { required: true, invalid: badCode },
        userId: { required: true, invalid: fc.oneof(badString(36, 36), fc.constantFrom('2147483648', '00000000-0000-0000-0000-00000000000g')) },
      }),
      owner.auth,
    );
  });

  test('[SEC-03] [CALL-01] [CALL-07] call bodies: a call (unitId beyond int4 included) and a message, 4xx {message}, no call written', async () => {
    await fuzzBody(
      'POST',
      '/api/calls',
      bodies(() => ({ code: plate!, unitId: unit!.id, latitude: -19.9, longitude: -43.9 }), {
        code: { required: true, invalid: badCode },
        unitId: { required: false, invalid: fc.oneof(badId, fc.constant(2_147_483_648)) },
        latitude: { required: false, invalid: badLatitude },
        longitude: { required: false, invalid: badLongitude },
      }),
    );
    await fuzzBody(
      'POST',
      `/api/calls/${call.roomId}/message`,
      bodies(() => ({ message: 'Achei.', latitude: -19.9, longitude: -43.9 }), {
        message: { required: true, invalid: badString(1, 500) },
        latitude: { required: false, invalid: badLatitude },
        longitude: { required: false, invalid: badLongitude },
      }),
      { authorization: `Bearer ${call.callerToken}` },
    );
  });

  test('[SEC-03] [CALL-15] a callback contact, a late position and a message on a switched-off tag: 4xx {message}, nothing written', async () => {
    await fuzzBody(
      'POST',
      `/api/calls/${call.roomId}/callback`,
      bodies(() => ({ contact: 'ana@exemplo.com' }), {
        contact: { required: true, invalid: fc.oneof(notString, withNul, fc.constantFrom('', '123', 'ana@', '(00) 91234-5678', 'x'.repeat(121))) },
      }),
      { authorization: `Bearer ${call.callerToken}` },
    );
    await fuzzBody(
      'POST',
      `/api/calls/${unlocated.roomId}/location`,
      bodies(() => ({ latitude: -19.9, longitude: -43.9 }), {
        latitude: { required: true, invalid: badLatitude },
        longitude: { required: true, invalid: badLongitude },
      }),
      { authorization: `Bearer ${unlocated.callerToken}` },
    );
    await fuzzBody(
      'POST',
      `/api/public/tags/${offTag!}/message`,
      bodies(() => ({ message: 'Achei.', contact: '(31) 99876-5432', latitude: -19.9, longitude: -43.9 }), {
        message: { required: true, invalid: badString(1, 500) },
        contact: { required: false, invalid: fc.oneof(notString, withNul, fc.constantFrom('', '123', 'ana@')) },
        latitude: { required: false, invalid: badLatitude },
        longitude: { required: false, invalid: badLongitude },
      }),
    );
  });

  test('[SEC-03] [FIND-01] a position shared without a call: 4xx {message} for every malformed body, no scan written', async () => {
    await fuzzBody(
      'POST',
      `/api/public/tags/${tag!}/location`,
      bodies(() => ({ latitude: -19.9, longitude: -43.9 }), {
        latitude: { required: true, invalid: badLatitude },
        longitude: { required: true, invalid: badLongitude },
      }),
    );
    expect(await app.db.select().from(scans).where(eq(scans.tagCode, tag!))).toEqual([]);
  });

  test('[SEC-03] push, plate, batch and operator bodies: 4xx {message}, nothing written', async () => {
    await fuzzBody(
      'POST',
      '/api/push/subscribe',
      bodies(() => ({ endpoint: `https://push.example/${randomUUID()}`, keys: { p256dh: 'BPk', auth: 'xyz' } }), {
        endpoint: { required: true, invalid: fc.oneof(notString, withNul, fc.string({ maxLength: 20 }).filter((s) => !URL.canParse(s)), fc.constant(`https://push.example/${'a'.repeat(2100)}`)) },
        keys: {
          required: true,
          invalid: fc.oneof(
            notString.filter((v) => typeof v !== 'object' || v === null || Array.isArray(v)),
            // (A blank key is accepted today: validating the keys is the push work of issue 9.)
            fc.record({ p256dh: badKey(256), auth: fc.constant('xyz') }),
            fc.record({ p256dh: fc.constant('BPk'), auth: badKey(64) }),
          ),
        },
      }),
      customer.auth,
    );
    for (const path of [condoApi.ownerQrCode, condoApi.listUnits]) {
      await fuzzBody('POST', `/api${path}`, bodies(() => ({ qrCode: plate! }), { qrCode: { required: true, invalid: badCode } }), sindico.auth);
    }
    await fuzzBody(
      'POST',
      `/api${adminApi.batches}`,
      bodies(() => ({ productId: 1, count: 1 }), { productId: { required: true, invalid: badProductId }, count: { required: true, invalid: fc.oneof(badId, fc.constant(501)) } }),
      admin.auth,
    );
    // The operator's door is loopback and a token: a hostile body is refused whatever it holds.
    await fuzzBody(
      'POST',
      '/api/operator',
      bodies(() => ({ command: 'mint', productId: 1, count: 1 }), {
        command: { required: true, invalid: fc.oneof(notString, withNul, fc.constantFrom('drop', 'MINT', '')) },
        productId: { required: true, invalid: badProductId },
        count: { required: true, invalid: badId },
      }),
    );
  });

  test('[SEC-03] [FIND-09] photo uploads: random bytes and broken images under any content type — 4xx {message}, no photo stored', async () => {
    await property(
      hostileUpload,
      (sent) => app.inject({ method: 'PUT', url: `/api${productsApi.photo(tag!)}`, headers: { ...owner.auth, 'content-type': sent.contentType }, payload: sent.bytes }),
      (sent) => `${sent.contentType} ${sent.bytes.subarray(0, 40).toString('hex')}`,
    );
  });

  test("[SEC-03] [FIND-10] the lost poster's and the link preview's path parameters: hostile codes and file names — 4xx {message}, nothing written", async () => {
    await fuzzPath('GET', (c) => `/api/products/${c}/poster`, owner.auth);
    await fuzzPath('GET', (c) => `/api/public/tags/${c}/preview/0123456789abcdef0123456789abcdef.jpg`, {});
    await fuzzPath('GET', (f) => `/api/public/tags/${tag!}/preview/${f}`, {});
  });

  test('[SEC-03] every path parameter: hostile codes, ids beyond int4, NUL, emoji — 4xx {message}, nothing written', async () => {
    const json = { 'content-type': 'application/json' };
    await fuzzPath('GET', (c) => `/api/public/tags/${c}`, {});
    await fuzzPath('POST', (c) => `/api/public/tags/${c}/scan`, {});
    await fuzzPath('POST', (c) => `/api/public/tags/${c}/location`, {}, { latitude: -19.9, longitude: -43.9 });
    await fuzzPath('GET', (c) => `/api/products/${c}/members`, owner.auth);
    await fuzzPath('GET', (c) => `/api/products/${c}/invitations`, owner.auth);
    // FIND-09: the photo's routes (the upload with a real PNG, so only the path is wrong).
    await fuzzPathWithFile((c) => `/api/products/${c}/photo`, owner.auth);
    await fuzzPath('DELETE', (c) => `/api/products/${c}/photo`, owner.auth);
    await fuzzPath('GET', (c) => `/api/public/tags/${c}/photo/0123456789abcdef0123456789abcdef.webp`, {});
    await fuzzPath('GET', (f) => `/api/public/tags/${tag!}/photo/${f}`, {});
    await fuzzPath('GET', (r) => `/api/calls/${r}/ice-servers`, owner.auth);
    await fuzzPath('POST', (r) => `/api/calls/${r}/message`, { authorization: `Bearer ${call.callerToken}` }, { message: 'Achei.' });
    await fuzzPath('POST', (r) => `/api/calls/${r}/callback`, { authorization: `Bearer ${call.callerToken}` }, { contact: 'ana@exemplo.com' });
    await fuzzPath('POST', (r) => `/api/calls/${r}/location`, { authorization: `Bearer ${unlocated.callerToken}` }, { latitude: -19.9, longitude: -43.9 });
    await fuzzPath('POST', (c) => `/api/public/tags/${c}/message`, {}, { message: 'Achei.' });
    await fuzzPath('PATCH', (c) => `/api/products/qrcode/${c}/status`, { ...admin.auth, ...json }, { is_active: false });
    await fuzzPath('POST', (c) => `/api/admin/tags/${c}/release`, admin.auth);
    await fuzzPath('POST', (c) => `/api/admin/tags/${c}/transfer`, admin.auth, { email: customer.email });
    await fuzzPath('POST', (u) => `/api/admin/users/${u}/block`, admin.auth, { blocked: true });
    await fuzzPath('DELETE', (m) => `/api/admin/residents/${m}`, admin.auth, undefined, isDbId);
    await fuzzPath('GET', (b) => `/api/admin/batches/${b}`, admin.auth, undefined, isDbId);
    // Refused by the router itself, before any route: a broken %-escape, a parameter over 100 characters.
    for (const url of ['/api/public/tags/%E0%A4%A', `/api/public/tags/${'x'.repeat(101)}`]) {
      expectClientError(await app.inject({ method: 'GET', url }), url);
    }
    // The resident stays: the valid member id was never sent.
    expect(await db.select().from(unitResidents).where(eq(unitResidents.id, residency!.id))).toHaveLength(1);
  });

  test('[SEC-03] every query string: geocode, clients and audit pages — 4xx {message}', async () => {
    // (An empty `lat=` reads as 0 through z.coerce — a place, not an error — so it is not sent here.)
    const latitudes = fc.oneof(hostileSegment.filter((s) => !(Number.isFinite(Number(s)) && Math.abs(Number(s)) <= 90)), fc.constantFrom('91', '-90.0001', '1e400'));
    const longitudes = fc.oneof(hostileSegment.filter((s) => !(Number.isFinite(Number(s)) && Math.abs(Number(s)) <= 180)), fc.constantFrom('181', '-180.5'));
    await fuzzQuery('/api/geocode/reverse', { lat: latitudes, lng: longitudes }, { lat: '-19.93', lng: '-43.93' });
    const search = fc.oneof(withNul, fc.string({ minLength: 81, maxLength: 120 }).filter((s) => s.trim().length > 80), fc.array(fc.constant('a'), { minLength: 2, maxLength: 3 }));
    const pageSize = fc.oneof(badQueryNumber, fc.constantFrom('101', '1000'));
    const page = fc.oneof(badQueryNumber, fc.constantFrom('1000001', '2147483648'));
    await fuzzQuery(`/api${adminApi.listClients}`, { search, page, pageSize }, { search: '', page: '1', pageSize: '20' }, admin.auth);
    await fuzzQuery(`/api${adminApi.audit}`, { page, pageSize }, { page: '1', pageSize: '20' }, admin.auth);
  });

  test('[SEC-03] [ACC-02] the Authorization header: forged, expired, unsigned and garbage tokens — 401 {message} on every signed-in endpoint', async () => {
    const forged = fc.oneof(
      fc.string({ unit: 'binary', maxLength: 300 }),
      fc.string({ maxLength: 200 }).map((s) => `Bearer ${s}`),
      fc.constantFrom('Bearer', 'Bearer ', 'Basic YWRtaW46YWRtaW4=', 'bearer null', 'Bearer undefined', `Bearer ${'a'.repeat(20_000)}`),
      // Right secret, someone who does not exist; wrong secret, the administrator; no signature at all.
      fc.uuid().map((sub) => `Bearer ${jwt.sign({ tv: 0 }, config.jwtSecret, { subject: sub })}`),
      fc.constant(`Bearer ${jwt.sign({ tv: 0 }, 'not-the-secret', { subject: userId(admin.token) })}`),
      fc.constant(`Bearer ${jwt.sign({ tv: 0, exp: 1 }, config.jwtSecret, { subject: userId(admin.token) })}`),
      fc.constant(`Bearer ${jwt.sign({ tv: 1 }, config.jwtSecret, { subject: userId(admin.token) })}`),
      fc.constant(
        `Bearer ${Buffer.from('{"alg":"none","typ":"JWT"}').toString('base64url')}.${Buffer.from(JSON.stringify({ sub: userId(admin.token), tv: 0 })).toString('base64url')}.`,
      ),
      fc.constant(`Bearer ${jwt.sign({ tv: 0 }, config.jwtSecret, { subject: userId(admin.token), algorithm: 'HS512' })}`),
    );
    const endpoints: [Method, string][] = [
      ['GET', `/api${productsApi.list}`],
      ['GET', '/api/profile/userName'],
      ['GET', '/api/profile/isToqueAdmin'],
      ['GET', '/api/calls/history'],
      ['POST', '/api/calls/test'],
      ['GET', `/api${condoApi.myUnits}`],
      ['GET', `/api${productsApi.invitations(tag!)}`],
      ['GET', `/api${adminApi.batches}`],
      ['GET', `/api${adminApi.exportExcel}`],
      ['POST', `/api${condoApi.ownerQrCode}`],
      ['PUT', '/api/profile/updateUser'],
    ];
    await property(
      fc.tuple(fc.constantFrom(...endpoints), forged),
      ([[method, url], header]) => app.inject({ method, url, headers: { authorization: header } }),
      ([[method, url], header]) => `${method} ${url} authorization: ${header.slice(0, 200)}`,
    );
    // validateToken answers every forged token 200 { valid: false } rather than an error.
    await fc.assert(
      fc.asyncProperty(forged, async (header) => {
        const res = await app.inject({ method: 'GET', url: '/api/auth/validateToken', headers: { authorization: header } });
        expect(res.json(), header.slice(0, 200)).toEqual({ valid: false });
      }),
      { numRuns: NUM_RUNS },
    );
  });
});
