import { randomBytes } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, describe, expect, test } from 'vitest';
import fc from 'fast-check';
import sharp from 'sharp';
import { count, eq, inArray } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import {
  COMPANY_OTHER_MAX,
  DELIVERY_PHOTO_ATTEMPTS,
  doorApi,
  doorMsg,
  doorUi,
  PASS_MAX_MS,
  PASS_START_GRACE_MS,
  VISITOR_NAME_MAX,
  type CreateDeliveryResponse,
  type CreatePassResponse,
  type Delivery,
  type PassLookup,
  type VisitorPass,
} from '@toque/contracts/door';
import type { CallStatusResponse } from '@toque/contracts/calls';
import { callMsg, condoMsg, photoMsg } from '@toque/contracts/messages';
import { PHOTO_MAX_BYTES } from '@toque/contracts/products';
import type { PushPayload } from '@toque/contracts/push';
import { paths } from '@toque/contracts/routes';
import { calls, deliveries, unitResidents, units, visitorPasses } from '../src/db/schema';
import { newTagCode } from '../src/lib/codes';
import { brasiliaMidnight, passStatusAt } from '../src/modules/door/service';
import { bearer, build, dbLabel, signUp } from './helpers';
import { connect, eventually, listen, ownedTag, plate, record, settle, startCall, userId } from './calls-support';
import { badId, badString, bodies, catalogue, hostileSegment, notString, withNul } from './hostile-support';
import { browserKeys, decrypt } from './push-support';
import { phoneJpeg, pngDeclaring } from './photo-support';

/** A push service of the test's own: keeps every request. */
const received: { path: string; body: Buffer }[] = [];
const pushService = createServer((req, res) => {
  const chunks: Buffer[] = [];
  req.on('data', (c: Buffer) => chunks.push(c));
  req.on('end', () => {
    received.push({ path: req.url!, body: Buffer.concat(chunks) });
    res.writeHead(201).end();
  });
});
await new Promise<void>((r) => pushService.listen(0, '127.0.0.1', r));
afterAll(() => new Promise<void>((r) => pushService.close(() => r())));
const origin = `http://127.0.0.1:${(pushService.address() as AddressInfo).port}`;

const { app } = await build({
  PUSH_HOSTS: origin,
  RATE_CALL_PER_TAG: '3',
  RATE_CALL_PER_IP: '1000',
  RATE_TAG_VIEW_PER_IP: '100000',
});
const url = await listen(app);
const db = app.db;

/** A plate with unit 101 (two residents) and unit 102 (one resident), and its síndico. */
async function building() {
  const scene = await plate(app, 2);
  const [second] = await db
    .insert(units)
    .values({ condominiumId: scene.unit.condominiumId, name: '102', associationCode: newTagCode() })
    .returning();
  const neighbour = await signUp(app, { name: 'Nina Vizinha' });
  await db.insert(unitResidents).values({ unitId: second!.id, userId: userId(neighbour.token) });
  return { ...scene, second: second!, neighbour };
}

let addresses = 0;
/** Every courier its own address, so that the per-plate-and-address budget of one test is its own. */
const freshIp = () => `10.9.${Math.floor(++addresses / 250)}.${(addresses % 250) + 1}`;

const deliver = (code: string, payload: unknown, ip = freshIp()) =>
  app.inject({ method: 'POST', url: `/api${doorApi.deliver(code)}`, payload: payload as object, remoteAddress: ip });
const get = (path: string, token?: string) =>
  app.inject({ method: 'GET', url: `/api${path}`, headers: token ? bearer(token) : {} });
const post = (path: string, token: string | undefined, payload?: unknown) =>
  app.inject({
    method: 'POST',
    url: `/api${path}`,
    headers: token ? bearer(token) : {},
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
const uploadPhoto = (id: number, token: string | undefined, body: Buffer) =>
  app.inject({
    method: 'PUT',
    url: `/api${doorApi.deliveryPhotoUpload(id)}`,
    headers: { 'content-type': 'image/jpeg', ...(token === undefined ? {} : { authorization: `Bearer ${token}` }) },
    payload: body,
  });
const del = (path: string, token: string) =>
  app.inject({ method: 'DELETE', url: `/api${path}`, headers: bearer(token) });

const hour = 3_600_000;
const windowOf = (fromMs: number, lengthMs: number) => ({
  validFrom: new Date(fromMs).toISOString(),
  validUntil: new Date(fromMs + lengthMs).toISOString(),
});
async function createPass(unitId: number, token: string, name = 'Ana', from = Date.now(), length = 4 * hour) {
  const res = await post(doorApi.unitPasses(unitId), token, { visitorName: name, ...windowOf(from, length) });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<CreatePassResponse>();
}
const lookup = async (code: string, token: string) => {
  const res = await post(doorApi.passLookup(code), undefined, { token });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<PassLookup>();
};

describe(`CONDO-15 deliveries ${dbLabel}`, () => {
  test("[CONDO-15] a courier's notice reaches the unit's residents live (socket), by push and in their list; no call rings; the neighbours and the síndico hear nothing", async () => {
    const b = await building();
    const id = randomBytes(6).toString('hex');
    const phone = browserKeys();
    const subscribed = await app.inject({
      method: 'POST',
      url: '/api/push/subscribe',
      headers: b.residents[0]!.auth,
      payload: { endpoint: `${origin}/push/delivery/${id}`, keys: phone.keys },
    });
    expect(subscribed.statusCode).toBe(201);
    const tabs = await Promise.all(b.residents.map(async (r) => record(await connect(url, r.token))));
    const neighbourTab = record(await connect(url, b.neighbour.token));
    const sindicoTab = record(await connect(url, b.owner.token));

    const res = await deliver(b.code.toLowerCase(), { unitId: b.unit.id, company: 'mercado-livre' });
    expect(res.statusCode, res.body).toBe(201);
    const created = res.json<CreateDeliveryResponse>();
    expect(created.message).toBe(doorMsg.deliverySent);
    expect(created.id).toBeGreaterThan(0);
    expect(created.photoToken).toMatch(/^[A-Za-z0-9_-]{22}$/);

    for (const tab of tabs) {
      const event = await tab.next('delivery');
      expect(event).toMatchObject({
        unitId: b.unit.id,
        unitName: '101',
        company: 'mercado-livre',
        companyLabel: 'Mercado Livre',
        collectedAt: null,
      });
      expect(event.text).toMatch(/^Entrega na portaria — Mercado Livre, \d\d:\d\d$/);
      expect(event.text).toBe(doorUi.deliveryNotice('Mercado Livre', event.text.slice(-5)));
    }
    await settle(200);
    expect(neighbourTab.all('delivery')).toEqual([]);
    expect(sindicoTab.all('delivery')).toEqual([]);
    expect(tabs[0]!.all('incoming-call')).toEqual([]);
    expect(await db.select({ n: count() }).from(calls).where(eq(calls.tagCode, b.code))).toEqual([{ n: 0 }]);

    const pushed = await eventually(async () => {
      const found = received.find((r) => r.path === `/push/delivery/${id}`);
      expect(found).toBeDefined();
      return found!;
    });
    const payload = JSON.parse(decrypt(pushed.body, phone.ecdh, phone.auth)) as PushPayload;
    expect(payload).toMatchObject({ type: 'delivery', url: paths.myUnit(b.unit.id), delivery: { unitId: b.unit.id } });
    expect((payload as { text: string }).text).toMatch(/^Entrega na portaria — Mercado Livre, /);

    const list = await get(doorApi.unitDeliveries(b.unit.id), b.residents[1]!.token);
    expect(list.statusCode).toBe(200);
    expect(list.json<Delivery[]>()).toEqual([expect.objectContaining({ company: 'mercado-livre', collectedBy: null })]);
  });

  test("[CONDO-15] the same notice sent again after its answer was lost (the form's key) is one delivery: the residents are told once, the new answer's photo token works and the lost one does not; another key is another delivery", async () => {
    const b = await building();
    const tab = record(await connect(url, b.residents[0]!.token));
    const requestKey = randomBytes(16).toString('base64url');
    const body = { unitId: b.unit.id, company: 'correios', requestKey };
    const first = await deliver(b.code, body, '10.8.0.1');
    expect(first.statusCode, first.body).toBe(201);
    await tab.next('delivery');
    // The answer never reached the courier's phone: the form sends the same notice again, from another address too.
    const again = await deliver(b.code, body, '10.8.0.2');
    expect(again.statusCode, again.body).toBe(201);
    const [a, c] = [first.json<CreateDeliveryResponse>(), again.json<CreateDeliveryResponse>()];
    expect(c.id).toBe(a.id);
    expect(c.message).toBe(doorMsg.deliverySent);
    expect(c.photoToken).not.toBe(a.photoToken);
    const rows = await db.select().from(deliveries).where(eq(deliveries.unitId, b.unit.id));
    expect(rows.map((r) => [r.id, r.requestKey])).toEqual([[a.id, requestKey]]);
    // The lost answer's token is replaced by the one the courier now holds.
    const jpeg = await phoneJpeg();
    expect((await uploadPhoto(a.id, a.photoToken, jpeg)).statusCode).toBe(404);
    expect((await uploadPhoto(c.id, c.photoToken, jpeg)).statusCode).toBe(200);
    // Once the photo is there, a third copy changes nothing and its token opens nothing.
    const third = (await deliver(b.code, body, '10.8.0.3')).json<CreateDeliveryResponse>();
    expect(third.id).toBe(a.id);
    expect((await uploadPhoto(third.id, third.photoToken, jpeg)).statusCode).toBe(404);
    await settle(200);
    expect(tab.all('delivery')).toEqual([]);
    // A new key (the form after "Avisar outra entrega") is a new delivery, and the same key on another unit is that unit's.
    const next = await deliver(b.code, { ...body, requestKey: randomBytes(16).toString('base64url') });
    expect(next.json<CreateDeliveryResponse>().id).not.toBe(a.id);
    expect(await tab.next('delivery')).toMatchObject({ company: 'correios' });
    const elsewhere = await deliver(b.code, { ...body, unitId: b.second.id });
    expect(elsewhere.statusCode, elsewhere.body).toBe(201);
    expect(elsewhere.json<CreateDeliveryResponse>().id).not.toBe(a.id);
    // Two copies at once: one row.
    const raceKey = randomBytes(16).toString('base64url');
    const raced = await Promise.all([1, 2, 3].map((n) => deliver(b.code, { ...body, requestKey: raceKey }, `10.8.1.${n}`)));
    expect(raced.map((r) => r.statusCode)).toEqual([201, 201, 201]);
    expect(new Set(raced.map((r) => r.json<CreateDeliveryResponse>().id)).size).toBe(1);
    expect(await db.select({ n: count() }).from(deliveries).where(eq(deliveries.requestKey, raceKey))).toEqual([{ n: 1 }]);
  });

  test("[CONDO-15] 'outra' takes the courier's company name; without it, or too long, 400 and nothing written", async () => {
    const b = await building();
    const before = await db.select({ n: count() }).from(deliveries).where(eq(deliveries.unitId, b.unit.id));
    const missing = await deliver(b.code, { unitId: b.unit.id, company: 'outra' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toEqual({ message: doorMsg.companyOtherRequired });
    const long = await deliver(b.code, {
      unitId: b.unit.id,
      company: 'outra',
      companyOther: 'x'.repeat(COMPANY_OTHER_MAX + 1),
    });
    expect(long.statusCode).toBe(400);
    expect(long.json()).toEqual({ message: doorMsg.companyOtherTooLong });
    const unknown = await deliver(b.code, { unitId: b.unit.id, company: 'fedex' });
    expect(unknown.statusCode).toBe(400);
    expect(await db.select({ n: count() }).from(deliveries).where(eq(deliveries.unitId, b.unit.id))).toEqual(before);

    const ok = await deliver(b.code, { unitId: b.unit.id, company: 'outra', companyOther: '  Jadlog  ' });
    expect(ok.statusCode).toBe(201);
    const [row] = await get(doorApi.unitDeliveries(b.unit.id), b.residents[0]!.token).then((r) => r.json<Delivery[]>());
    expect(row).toMatchObject({ company: 'outra', companyLabel: 'Jadlog' });
  });

  test('[CONDO-15] a unit of another building, an empty unit, a tag that is no plate and a switched-off plate are refused; nothing written', async () => {
    const b = await building();
    const other = await building();
    const foreign = await deliver(b.code, { unitId: other.unit.id, company: 'correios' });
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json()).toEqual({ message: callMsg.unitRequired });
    const empty = await deliver(b.code, { unitId: b.empty.id, company: 'correios' });
    expect(empty.statusCode).toBe(409);
    expect(empty.json()).toEqual({ message: callMsg.unitEmpty });
    const { code: petTag } = await ownedTag(app, 3);
    const notPlate = await deliver(petTag, { unitId: b.unit.id, company: 'correios' });
    expect(notPlate.statusCode).toBe(409);
    expect(notPlate.json()).toEqual({ message: doorMsg.notAPlate });
    const unknown = await deliver('ZZZZ9999', { unitId: b.unit.id, company: 'correios' });
    expect(unknown.statusCode).toBe(404);
    expect(
      await db
        .select({ n: count() })
        .from(deliveries)
        .where(inArray(deliveries.unitId, [b.unit.id, b.empty.id, other.unit.id])),
    ).toEqual([{ n: 0 }]);
  });

  test("[CONDO-15] one resident marks it 'retirada' (who and when, live on the other resident's screen); a second mark is 409; unit 102's resident sees nothing of 101's deliveries (404)", async () => {
    const b = await building();
    await deliver(b.code, { unitId: b.unit.id, company: 'amazon' });
    const [item] = (await get(doorApi.unitDeliveries(b.unit.id), b.residents[0]!.token)).json<Delivery[]>();
    const otherTab = record(await connect(url, b.residents[1]!.token));
    const neighbourTab = record(await connect(url, b.neighbour.token));

    // 102's resident: 101's list, its delivery and its mark do not exist.
    expect((await get(doorApi.unitDeliveries(b.unit.id), b.neighbour.token)).statusCode).toBe(404);
    const stolen = await post(doorApi.collect(item!.id), b.neighbour.token);
    expect(stolen.statusCode).toBe(404);
    expect(stolen.json()).toEqual({ message: doorMsg.deliveryNotFound });
    expect((await get(doorApi.unitDeliveries(b.second.id), b.neighbour.token)).json()).toEqual([]);

    const marked = await post(doorApi.collect(item!.id), b.residents[0]!.token);
    expect(marked.statusCode, marked.body).toBe(200);
    expect(marked.json<Delivery>()).toMatchObject({
      id: item!.id,
      collectedBy: 'Morador',
      collectedAt: expect.any(String) as string,
    });
    expect(await otherTab.next('delivery-collected')).toMatchObject({ id: item!.id, collectedBy: 'Morador' });
    await settle(150);
    expect(neighbourTab.all('delivery-collected')).toEqual([]);

    const again = await post(doorApi.collect(item!.id), b.residents[1]!.token);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ message: doorMsg.alreadyCollected });
    const [row] = await db.select().from(deliveries).where(eq(deliveries.id, item!.id));
    expect(row!.collectedBy).toBe(userId(b.residents[0]!.token));
  });

  test("[CONDO-15] the síndico sees the building's deliveries of the day (unit, company, time, retirada) and no photo; residents and strangers are refused", async () => {
    const b = await building();
    await deliver(b.code, { unitId: b.unit.id, company: 'ifood' });
    await deliver(b.code, { unitId: b.second.id, company: 'loggi' });
    // Yesterday's delivery is not today's.
    await db.insert(deliveries).values({
      unitId: b.unit.id,
      company: 'shopee',
      createdAt: new Date(brasiliaMidnight(new Date()).getTime() - 60_000),
    });
    const res = await get(doorApi.plateToday(b.code), b.owner.token);
    expect(res.statusCode).toBe(200);
    const day = res.json<Delivery[]>();
    expect(day.map((d) => [d.unitName, d.companyLabel])).toEqual([
      ['102', 'Loggi'],
      ['101', 'iFood'],
    ]);
    // Exactly these fields: no photo, no courier address.
    expect(Object.keys(day[0]!).sort()).toEqual([
      'block',
      'collectedAt',
      'collectedBy',
      'company',
      'companyLabel',
      'createdAt',
      'id',
      'unitId',
      'unitName',
    ]);
    expect(JSON.stringify(day)).not.toMatch(/photo|foto|image|address/i);

    for (const who of [b.residents[0]!, b.neighbour]) {
      const refused = await get(doorApi.plateToday(b.code), who.token);
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toEqual({ message: doorMsg.plateNotYours });
    }
    expect((await get(doorApi.plateToday(b.code))).statusCode).toBe(401);
  });

  test("[CONDO-15] the courier attaches the package's photo with the notice's token: kept without metadata; the unit's residents see it live and in their list; 102's resident, the síndico and strangers get 404; the síndico's list says nothing of it", async () => {
    const b = await building();
    const tabs = await Promise.all(b.residents.map(async (r) => record(await connect(url, r.token))));
    const neighbourTab = record(await connect(url, b.neighbour.token));
    const res = await deliver(b.code, { unitId: b.unit.id, company: 'amazon' });
    expect(res.statusCode, res.body).toBe(201);
    const { id, photoToken } = res.json<CreateDeliveryResponse>();

    const jpeg = await phoneJpeg();
    const up = await uploadPhoto(id, photoToken, jpeg);
    expect(up.statusCode, up.body).toBe(200);
    expect(up.json()).toEqual({ message: doorMsg.photoSaved });
    for (const tab of tabs) expect(await tab.next('delivery-photo')).toMatchObject({ id, hasPhoto: true });
    await settle(200);
    expect(neighbourTab.all('delivery-photo')).toEqual([]);

    const list = await get(doorApi.unitDeliveries(b.unit.id), b.residents[0]!.token);
    expect(list.json<Delivery[]>()).toEqual([expect.objectContaining({ id, hasPhoto: true })]);
    const seen = await get(doorApi.deliveryPhoto(id), b.residents[1]!.token);
    expect(seen.statusCode).toBe(200);
    expect(seen.headers['content-type']).toBe('image/webp');
    expect(seen.headers['cache-control']).toBe('private, max-age=86400');
    // Re-encoded as the tag photo is: at most 1024 px, turned upright, no EXIF, GPS, XMP or ICC.
    const meta = await sharp(seen.rawPayload).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['webp', 683, 1024]);
    expect([meta.exif, meta.xmp, meta.icc, meta.iptc]).toEqual([undefined, undefined, undefined, undefined]);
    expect(seen.rawPayload.includes(Buffer.from('iPhone'))).toBe(false);

    for (const token of [b.neighbour.token, b.owner.token]) {
      const refused = await get(doorApi.deliveryPhoto(id), token);
      expect(refused.statusCode).toBe(404);
      expect(refused.json()).toEqual({ message: photoMsg.notFound });
    }
    expect((await get(doorApi.deliveryPhoto(id))).statusCode).toBe(401);
    const day = (await get(doorApi.plateToday(b.code), b.owner.token)).json<Delivery[]>();
    expect(day.map((d) => d.id)).toContain(id);
    expect(JSON.stringify(day)).not.toMatch(/photo|foto|image/i);
  });

  test("[CONDO-15] [SEC-03] the photo's token: missing, wrong, another delivery's, spent or expired is 404 before a byte is read; not an image 400, over 10 MB 413; nothing stored", async () => {
    const b = await building();
    const first = (await deliver(b.code, { unitId: b.unit.id, company: 'correios' })).json<CreateDeliveryResponse>();
    const second = (await deliver(b.code, { unitId: b.unit.id, company: 'shopee' })).json<CreateDeliveryResponse>();
    const jpeg = await phoneJpeg();
    const stored = async (id: number) =>
      (await db.select({ photo: deliveries.photoWebp }).from(deliveries).where(eq(deliveries.id, id)))[0]!.photo !==
      null;
    const refused = async (res: LightMyRequestResponse, status: number, message: string) => {
      expect(res.statusCode, res.body).toBe(status);
      expect(res.json()).toEqual({ message });
    };

    await refused(await uploadPhoto(first.id, undefined, jpeg), 404, doorMsg.photoRefused);
    await refused(await uploadPhoto(first.id, 'A'.repeat(22), jpeg), 404, doorMsg.photoRefused);
    await refused(await uploadPhoto(first.id, second.photoToken, jpeg), 404, doorMsg.photoRefused);
    await refused(await uploadPhoto(first.id, `${first.photoToken}\u0000`, jpeg), 404, doorMsg.photoRefused);
    await refused(await uploadPhoto(2_147_483_647, first.photoToken, jpeg), 404, doorMsg.photoRefused);
    await refused(
      await uploadPhoto(
        first.id,
        first.photoToken,
        Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'.padEnd(64)),
      ),
      400,
      photoMsg.notImage,
    );
    await refused(
      await uploadPhoto(first.id, first.photoToken, Buffer.alloc(PHOTO_MAX_BYTES + 1, 0xff)),
      413,
      photoMsg.tooLarge,
    );
    expect(await stored(first.id)).toBe(false);

    // Once: the token is spent by the upload.
    expect((await uploadPhoto(first.id, first.photoToken, jpeg)).statusCode).toBe(200);
    await refused(await uploadPhoto(first.id, first.photoToken, jpeg), 404, doorMsg.photoRefused);

    // Within DELIVERY_PHOTO_WINDOW_MS of the notice: later, refused.
    await db
      .update(deliveries)
      .set({ photoTokenExpiresAt: new Date(Date.now() - 1000) })
      .where(eq(deliveries.id, second.id));
    await refused(await uploadPhoto(second.id, second.photoToken, jpeg), 404, doorMsg.photoRefused);
    expect(await stored(second.id)).toBe(false);
    // Only the hash of a token is kept.
    const [row] = await db
      .select({ hash: deliveries.photoTokenHash })
      .from(deliveries)
      .where(eq(deliveries.id, second.id));
    expect(row!.hash).not.toContain(second.photoToken);
    expect(row!.hash).toMatch(/^[0-9a-f]{64}$/);
  });

  test("[CONDO-15] [SEC-09] a refused upload spends one of the token's three attempts: after three truncated 49-megapixel PNGs the token is spent, a good photo is 404 and nothing is stored", async () => {
    const b = await building();
    const notice = (await deliver(b.code, { unitId: b.unit.id, company: 'correios' })).json<CreateDeliveryResponse>();
    const truncated = await pngDeclaring(7000, 7000);
    for (let attempt = 1; attempt <= DELIVERY_PHOTO_ATTEMPTS; attempt++) {
      const res = await uploadPhoto(notice.id, notice.photoToken, truncated);
      expect(res.statusCode, `attempt ${attempt}`).toBe(400);
      expect(res.json(), `attempt ${attempt}`).toEqual({ message: photoMsg.notImage });
    }
    const good = await uploadPhoto(notice.id, notice.photoToken, await phoneJpeg());
    expect(good.statusCode).toBe(404);
    expect(good.json()).toEqual({ message: doorMsg.photoRefused });
    const [row] = await db
      .select({ photo: deliveries.photoWebp, hash: deliveries.photoTokenHash })
      .from(deliveries)
      .where(eq(deliveries.id, notice.id));
    expect(row).toEqual({ photo: null, hash: null });

    // A courier whose first file was bad tries again and succeeds (the budget is not one).
    const other = (await deliver(b.code, { unitId: b.unit.id, company: 'shopee' })).json<CreateDeliveryResponse>();
    expect((await uploadPhoto(other.id, other.photoToken, truncated)).statusCode).toBe(400);
    expect((await uploadPhoto(other.id, other.photoToken, await phoneJpeg())).statusCode).toBe(200);
  });

  test('[CONDO-15] [SEC-05] throttled per plate and address like calls: a flood from one address is 429, another courier still delivers', async () => {
    const b = await building();
    const flood = '10.66.0.1';
    for (let i = 0; i < 3; i++)
      expect((await deliver(b.code, { unitId: b.unit.id, company: 'correios' }, flood)).statusCode).toBe(201);
    const limited = await deliver(b.code, { unitId: b.unit.id, company: 'correios' }, flood);
    expect(limited.statusCode).toBe(429);
    expect(limited.headers['retry-after']).toBeDefined();
    // The plate is not silenced for anyone else.
    expect((await deliver(b.code, { unitId: b.unit.id, company: 'correios' }, '10.66.0.2')).statusCode).toBe(201);
    const other = await building();
    expect((await deliver(other.code, { unitId: other.unit.id, company: 'correios' }, flood)).statusCode).toBe(201);
  });

  test('[CONDO-15] the day starts at midnight in Brasília', () => {
    expect(brasiliaMidnight(new Date('2026-11-28T02:59:00Z')).toISOString()).toBe('2026-11-27T03:00:00.000Z');
    expect(brasiliaMidnight(new Date('2026-11-28T03:00:00Z')).toISOString()).toBe('2026-11-28T03:00:00.000Z');
  });
});

describe(`CONDO-16 expected visitors ${dbLabel}`, () => {
  test("[CONDO-16] a resident creates a pass and gets its link; only the token's hash is stored; the plate's page through it names the unit", async () => {
    const b = await building();
    const pass = await createPass(b.unit.id, b.residents[0]!.token, 'Ana');
    expect(pass).toMatchObject({
      visitorName: 'Ana',
      status: 'active',
      unitId: b.unit.id,
      message: doorMsg.passCreated,
    });
    expect(pass.token.length).toBeGreaterThanOrEqual(32);
    expect(pass.url).toBe(`${app.config.publicUrl}/t/${b.code}?passe=${pass.token}`);
    const [row] = await db.select().from(visitorPasses).where(eq(visitorPasses.id, pass.id));
    expect(row!.tokenHash).not.toContain(pass.token);
    expect(JSON.stringify(row)).not.toContain(pass.token);

    expect(await lookup(b.code, pass.token)).toEqual({
      status: 'active',
      unitId: b.unit.id,
      visitorName: 'Ana',
      validFrom: null,
      validUntil: pass.validUntil,
      // CONDO-18: a pass opens the gate only if its resident allowed it (and the plate has a gate).
      canOpenGate: false,
    });
    // Another plate's page does not know the pass, and a made-up token is unknown.
    const other = await building();
    expect(await lookup(other.code, pass.token)).toMatchObject({ status: 'unknown', unitId: null, visitorName: null });
    expect(await lookup(b.code, randomBytes(24).toString('base64url'))).toMatchObject({
      status: 'unknown',
      unitId: null,
    });
  });

  test('[CONDO-16] the window: until after from, at most 7 days (exactly 7 is fine), not starting in the past; 400 and nothing written otherwise', async () => {
    const b = await building();
    const token = b.residents[0]!.token;
    const now = Date.now() + 60_000;
    const cases: [ReturnType<typeof windowOf>, string][] = [
      [windowOf(now, 0), doorMsg.passBackwards],
      [windowOf(now, -hour), doorMsg.passBackwards],
      [windowOf(now, PASS_MAX_MS + 1000), doorMsg.passTooLong],
      [windowOf(Date.now() - PASS_START_GRACE_MS - hour, 2 * hour), doorMsg.passInPast],
    ];
    for (const [window, message] of cases) {
      const res = await post(doorApi.unitPasses(b.unit.id), token, { visitorName: 'Ana', ...window });
      expect(res.statusCode, JSON.stringify(window)).toBe(400);
      expect(res.json()).toEqual({ message });
    }
    for (const visitorName of ['', '   ', 'x'.repeat(VISITOR_NAME_MAX + 1)]) {
      const res = await post(doorApi.unitPasses(b.unit.id), token, { visitorName, ...windowOf(now, hour) });
      expect(res.statusCode).toBe(400);
      expect([doorMsg.visitorNameRequired, doorMsg.visitorNameTooLong]).toContain(
        res.json<{ message: string }>().message,
      );
    }
    expect(await db.select({ n: count() }).from(visitorPasses).where(eq(visitorPasses.unitId, b.unit.id))).toEqual([
      { n: 0 },
    ]);
    // Exactly 7 days, and a start a minute ago (the phone's clock), are accepted.
    expect((await createPass(b.unit.id, token, 'Bia', now, PASS_MAX_MS)).status).toBe('upcoming');
    expect((await createPass(b.unit.id, token, 'Caio', Date.now() - 60_000, hour)).status).toBe('active');
  });

  test('[CONDO-16] a pass is valid exactly from its start to its end, both included', () => {
    const pass = {
      validFrom: new Date('2026-11-28T12:00:00Z'),
      validUntil: new Date('2026-11-28T18:00:00Z'),
      revokedAt: null,
    };
    expect(passStatusAt(pass, new Date('2026-11-28T11:59:59.999Z'))).toBe('upcoming');
    expect(passStatusAt(pass, new Date('2026-11-28T12:00:00Z'))).toBe('active');
    expect(passStatusAt(pass, new Date('2026-11-28T18:00:00Z'))).toBe('active');
    expect(passStatusAt(pass, new Date('2026-11-28T18:00:00.001Z'))).toBe('expired');
    expect(
      passStatusAt({ ...pass, revokedAt: new Date('2026-11-28T13:00:00Z') }, new Date('2026-11-28T14:00:00Z')),
    ).toBe('revoked');
  });

  test('[CONDO-16] expired, not yet started and revoked passes say so and name no unit; the plate still rings as usual', async () => {
    const b = await building();
    const token = b.residents[0]!.token;
    const expired = await createPass(b.unit.id, token, 'Edu');
    await db
      .update(visitorPasses)
      .set({ validFrom: new Date(Date.now() - 3 * hour), validUntil: new Date(Date.now() - 1) })
      .where(eq(visitorPasses.id, expired.id));
    expect(await lookup(b.code, expired.token)).toEqual({
      status: 'expired',
      unitId: null,
      visitorName: null,
      validFrom: null,
      validUntil: null,
      canOpenGate: false,
    });

    const upcoming = await createPass(b.unit.id, token, 'Fabi', Date.now() + 2 * hour, hour);
    expect(await lookup(b.code, upcoming.token)).toMatchObject({
      status: 'upcoming',
      unitId: null,
      visitorName: 'Fabi',
      validFrom: upcoming.validFrom,
    });

    const revoked = await createPass(b.unit.id, token, 'Gil');
    const res = await del(doorApi.pass(revoked.id), b.residents[1]!.token);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: doorMsg.passRevokedOk });
    expect(await lookup(b.code, revoked.token)).toMatchObject({ status: 'revoked', unitId: null, visitorName: null });
    expect((await del(doorApi.pass(revoked.id), token)).statusCode).toBe(409);

    // A call carrying any of them rings the unit, without an expected visitor.
    for (const pass of [expired, upcoming, revoked]) {
      const call = await startCall(app, b.code, { unitId: b.unit.id, pass: pass.token }, freshIp());
      const status = await get(`/calls/${call.roomId}/status`, token);
      expect(status.json<CallStatusResponse>().status).toBe('ringing');
      expect(status.json<CallStatusResponse>().expectedVisitor).toBeUndefined();
    }
  });

  test("[CONDO-16] a call through an active pass carries it: the residents' ringing shows 'Visitante esperado'; the pass of unit 101 on a call to 102 does not", async () => {
    const b = await building();
    const pass = await createPass(b.unit.id, b.residents[0]!.token, 'Ana');
    const tab = record(await connect(url, b.residents[1]!.token));
    const call = await startCall(app, b.code, { unitId: b.unit.id, pass: pass.token }, freshIp());
    expect(await tab.next('incoming-call')).toMatchObject({
      roomId: call.roomId,
      unitName: '101',
      expectedVisitor: { name: 'Ana', validUntil: pass.validUntil },
    });
    const status = await get(`/calls/${call.roomId}/status`, b.residents[1]!.token);
    expect(status.json<CallStatusResponse>().expectedVisitor).toEqual({ name: 'Ana', validUntil: pass.validUntil });
    const [row] = await db.select().from(calls).where(eq(calls.id, call.roomId));
    expect(row!.passId).toBe(pass.id);

    const neighbourTab = record(await connect(url, b.neighbour.token));
    const elsewhere = await startCall(app, b.code, { unitId: b.second.id, pass: pass.token }, freshIp());
    const incoming = await neighbourTab.next('incoming-call');
    expect(incoming.roomId).toBe(elsewhere.roomId);
    expect(incoming.expectedVisitor).toBeUndefined();
    expect(
      (await get(`/calls/${elsewhere.roomId}/status`, b.neighbour.token)).json<CallStatusResponse>().expectedVisitor,
    ).toBeUndefined();
  });

  test("[CONDO-16] a resident lists and revokes their unit's passes; unit 102's resident sees, creates and revokes nothing of 101's (404)", async () => {
    const b = await building();
    const mine = await createPass(b.unit.id, b.residents[0]!.token, 'Ana');
    const theirs = await createPass(b.second.id, b.neighbour.token, 'Zeca');

    const list = await get(doorApi.unitPasses(b.unit.id), b.residents[1]!.token);
    expect(list.json<VisitorPass[]>().map((p) => p.visitorName)).toEqual(['Ana']);
    expect(JSON.stringify(list.json())).not.toContain(mine.token);

    for (const res of [
      await get(doorApi.unitPasses(b.unit.id), b.neighbour.token),
      await post(doorApi.unitPasses(b.unit.id), b.neighbour.token, {
        visitorName: 'Intruso',
        ...windowOf(Date.now(), hour),
      }),
    ]) {
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ message: condoMsg.unitNotFound });
    }
    const revoke = await del(doorApi.pass(mine.id), b.neighbour.token);
    expect(revoke.statusCode).toBe(404);
    expect(revoke.json()).toEqual({ message: doorMsg.passNotFound });
    // The síndico manages the building, not its residents' visitors.
    expect((await get(doorApi.unitPasses(b.unit.id), b.owner.token)).statusCode).toBe(404);
    expect((await del(doorApi.pass(theirs.id), b.residents[0]!.token)).statusCode).toBe(404);
    const [row] = await db.select().from(visitorPasses).where(eq(visitorPasses.id, mine.id));
    expect(row!.revokedAt).toBeNull();

    expect((await del(doorApi.pass(mine.id), b.residents[0]!.token)).statusCode).toBe(200);
    const after = (await get(doorApi.unitPasses(b.unit.id), b.residents[0]!.token)).json<VisitorPass[]>();
    expect(after).toEqual([expect.objectContaining({ id: mine.id, status: 'revoked' })]);
  });
});

// ---- SEC-03 -------------------------------------------------------------------------------------

const NUM_RUNS = 200;
const known = new Set<string>([...catalogue, ...Object.values(doorMsg)]);

function expectClientError(res: LightMyRequestResponse, what: string) {
  const where = `${res.statusCode} ${res.body.slice(0, 200)} for ${what.slice(0, 300)}`;
  expect(res.statusCode, where).toBeGreaterThanOrEqual(400);
  expect(res.statusCode, where).toBeLessThan(500);
  const body = res.json<Record<string, unknown>>();
  expect(Object.keys(body), where).toEqual(['message']);
  expect(known.has(body.message as string), where).toBe(true);
}

describe(`SEC-03 the door's hostile inputs ${dbLabel}`, async () => {
  const b = await building();
  const resident = b.residents[0]!;
  const snapshot = async () => ({
    deliveries: await db
      .select()
      .from(deliveries)
      .where(inArray(deliveries.unitId, [b.unit.id, b.second.id]))
      .orderBy(deliveries.id),
    passes: await db
      .select()
      .from(visitorPasses)
      .where(inArray(visitorPasses.unitId, [b.unit.id, b.second.id]))
      .orderBy(visitorPasses.id),
    calls: await db.select({ n: count() }).from(calls).where(eq(calls.tagCode, b.code)),
  });
  const badIso = fc.oneof(
    notString,
    withNul,
    fc.constantFrom('', 'amanhã', '2026-13-01T00:00:00Z', '2026-11-28', '1e3', '2026-11-28T25:00:00Z'),
    fc.string({ maxLength: 30 }),
  );

  async function fuzz(
    method: 'POST' | 'GET' | 'DELETE',
    path: string,
    arb: fc.Arbitrary<{ payload?: string; contentType?: string }>,
    token?: string,
  ) {
    const before = await snapshot();
    await fc.assert(
      fc.asyncProperty(arb, async (sent) => {
        const res = await app.inject({
          method,
          url: `/api${path}`,
          remoteAddress: freshIp(),
          headers: {
            ...(token ? bearer(token) : {}),
            ...(sent.contentType ? { 'content-type': sent.contentType } : {}),
          },
          ...(sent.payload !== undefined ? { payload: sent.payload } : {}),
        });
        expectClientError(res, `${method} ${path} ${sent.payload}`);
      }),
      { numRuns: NUM_RUNS },
    );
    expect(await snapshot()).toEqual(before);
  }

  test('[SEC-03] [CONDO-15] delivery bodies: 4xx {message}, no delivery written', async () => {
    await fuzz(
      'POST',
      doorApi.deliver(b.code),
      bodies(() => ({ unitId: b.unit.id, company: 'outra', companyOther: 'Jadlog', requestKey: randomBytes(16).toString('base64url') }), {
        unitId: { required: true, invalid: fc.oneof(badId, fc.constant(2_147_483_648)) },
        requestKey: {
          required: false,
          invalid: fc.oneof(notString, withNul, fc.constantFrom('', 'curta', 'x'.repeat(65), 'chave com espaços 1234', '../../etc/passwd-12')),
        },
        company: {
          required: true,
          invalid: fc.oneof(notString, withNul, fc.constantFrom('', 'OUTRA', 'fedex', '__proto__')),
        },
        companyOther: {
          required: true,
          invalid: fc.oneof(notString, fc.constant(''), fc.constant('x'.repeat(COMPANY_OTHER_MAX + 1))),
        },
      }),
    );
  });

  test('[SEC-03] [CONDO-16] pass bodies and pass lookups: 4xx {message}, nothing written', async () => {
    await fuzz(
      'POST',
      doorApi.unitPasses(b.unit.id),
      bodies(() => ({ visitorName: 'Ana', ...windowOf(Date.now() + 60_000, hour) }), {
        visitorName: { required: true, invalid: badString(1, VISITOR_NAME_MAX) },
        validFrom: { required: true, invalid: badIso },
        validUntil: { required: true, invalid: badIso },
      }),
      resident.token,
    );
    await fuzz(
      'POST',
      doorApi.passLookup(b.code),
      bodies(() => ({ token: 'abc' }), {
        token: { required: true, invalid: fc.oneof(notString, fc.constant(''), fc.constant('x'.repeat(101))) },
      }),
    );
  });

  test('[SEC-03] every path parameter of the door: hostile codes and ids, beyond int4, NUL, emoji — 4xx {message}, nothing written', async () => {
    const segment = hostileSegment.map((s) => ({ s }));
    const paths: [string, (s: string) => string, string | undefined][] = [
      ['POST', (s) => `/public/tags/${s}/deliveries`, undefined],
      ['GET', (s) => `/door/units/${s}/deliveries`, resident.token],
      ['POST', (s) => `/door/deliveries/${s}/collect`, resident.token],
      ['GET', (s) => `/door/plates/${s}/deliveries/today`, b.owner.token],
      ['GET', (s) => `/door/units/${s}/passes`, resident.token],
      ['DELETE', (s) => `/door/passes/${s}`, resident.token],
    ];
    for (const [method, path, token] of paths) {
      const before = await snapshot();
      await fc.assert(
        fc.asyncProperty(segment, async ({ s }) => {
          const res = await app.inject({
            method: method as 'GET',
            url: `/api${path(encodeURIComponent(s))}`,
            remoteAddress: freshIp(),
            headers: token ? bearer(token) : {},
            ...(method === 'POST' && !token ? { payload: { unitId: b.unit.id, company: 'correios' } } : {}),
          });
          expectClientError(res, `${method} ${path(encodeURIComponent(s))}`);
        }),
        { numRuns: NUM_RUNS },
      );
      expect(await snapshot()).toEqual(before);
    }
  });

  test("[SEC-03] [CONDO-15] hostile sockets: a client that emits 'delivery' or 'delivery-collected' reaches nobody and writes nothing", async () => {
    const liar = await connect(url, b.neighbour.token);
    const victimTab = record(await connect(url, resident.token));
    const before = await snapshot();
    const payloads = fc.sample(
      fc.oneof(
        fc.jsonValue({ maxDepth: 3 }),
        fc.constant({ unitId: b.unit.id, id: 1, text: 'Entrega na portaria — Falsa, 00:00' }),
      ),
      200,
    );
    for (const payload of payloads) {
      (liar.emit as (event: string, ...args: unknown[]) => void)('delivery', payload);
      (liar.emit as (event: string, ...args: unknown[]) => void)('delivery-collected', payload);
    }
    await settle(400);
    expect(victimTab.all('delivery')).toEqual([]);
    expect(victimTab.all('delivery-collected')).toEqual([]);
    expect(await snapshot()).toEqual(before);
    // The server still serves the same sockets: a real delivery arrives.
    expect((await deliver(b.code, { unitId: b.unit.id, company: 'correios' })).statusCode).toBe(201);
    expect(await victimTab.next('delivery')).toMatchObject({ company: 'correios' });
    liar.disconnect();
  });
});
