import { describe, expect, test } from 'vitest';
import fc from 'fast-check';
import { and, count, eq } from 'drizzle-orm';
import { geofenceMsg, type PlatePosition } from '@toque/contracts/geofence';
import { callMsg } from '@toque/contracts/messages';
import { condoApi } from '@toque/contracts/routes';
import type { PublicTag } from '@toque/contracts/calls';
import { auditLog, callRecipients, calls, condominiums } from '../src/db/schema';
import { build, dbLabel, signUp } from './helpers';
import { send, signUpAdmin, type Account } from './condo-support';
import { plate, userId } from './calls-support';
import { badBoolean, badString, bodies, notString, type Sent } from './hostile-support';

/**
 * CONDO-17 (docs/decisions/0046): a plate that rings only at its door. The síndico places the
 * plate and sets the fence; the server judges each call's position (haversine, the border in,
 * an accuracy worse than the radius out); a visitor refused may still leave the unit a message.
 */
const { app } = await build({ RATE_CALL_PER_IP: '100000', RATE_CALL_PER_TAG: '100000', RATE_CALL_RINGING_PER_TAG: '100000' });
const admin = await signUpAdmin(app);

/** Avenida Paulista, São Paulo; `away` is 2 km due north of it (0.018° of latitude ≈ 2,001 m). */
const door = { latitude: -23.5614, longitude: -46.6559 };
const away = { latitude: -23.5434, longitude: -46.6559 };
let ip = 0;
/** Each call from its own address: the per-address limits are not what is tested here. */
const nextIp = () => `10.17.${Math.floor(++ip / 250)}.${(ip % 250) + 1}`;

const position = (who: Account | undefined, qrCode: string) =>
  send(app, 'GET', `${condoApi.platePosition}?qrCode=${qrCode}`, who?.token);
const place = (who: Account | undefined, body: Record<string, unknown>) =>
  send(app, 'PUT', condoApi.platePosition, who?.token, body);
const call = (payload: Record<string, unknown>) =>
  app.inject({ method: 'POST', url: '/api/calls', payload, remoteAddress: nextIp() });
const fenceOf = async (code: string) =>
  (await app.db.select().from(condominiums).where(eq(condominiums.tagCode, code)))[0]!;

async function building() {
  const p = await plate(app, 1);
  return { ...p, sindico: p.owner };
}

async function fenced(radiusM = 150) {
  const b = await building();
  const res = await place(b.sindico, { qrCode: b.code, ...door, required: true, radiusM });
  expect(res.statusCode, res.body).toBe(200);
  return b;
}

describe(`[CONDO-17] the síndico places the plate ${dbLabel}`, () => {
  test('[CONDO-17] [SEC-02] only the síndico (or an administrator) reads and changes it; a resident, another síndico, a stranger and an anonymous visitor are refused, nothing written', async () => {
    const b = await building();
    const other = await building();
    const stranger = await signUp(app, { name: 'Estranho Qualquer' });
    const body = { qrCode: b.code, ...door, required: true, radiusM: 200 };
    for (const [who, status] of [
      [b.residents[0], 403],
      [other.sindico, 403],
      [stranger, 403],
      [undefined, 401],
    ] as const) {
      expect((await position(who, b.code)).statusCode).toBe(status);
      const res = await place(who, body);
      expect(res.statusCode).toBe(status);
      expect(Object.keys(res.json<object>())).toEqual(['message']);
    }
    expect(await fenceOf(b.code)).toMatchObject({ plateLatitude: null, geofenceRequired: false, geofenceRadiusM: 150 });

    const before = await position(b.sindico, b.code);
    expect(before.json<PlatePosition>()).toEqual({ latitude: null, longitude: null, required: false, radius_m: 150 });
    const saved = await place(b.sindico, body);
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toEqual({ ...door, required: true, radius_m: 200, message: geofenceMsg.saved });
    expect((await position(b.sindico, b.code)).json()).toEqual({ ...door, required: true, radius_m: 200 });
    expect((await position(admin, b.code)).statusCode).toBe(200);

    // The change and its audit row, together.
    const condo = await fenceOf(b.code);
    const rows = await app.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'plate.position'), eq(auditLog.target, `condominium:${condo.id}`)));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.actorId).toBe(userId(b.sindico.token));
    expect(rows[0]!.before).toEqual({ latitude: null, longitude: null, required: false, radiusM: 150 });
    expect(rows[0]!.after).toEqual({ ...door, required: true, radiusM: 200 });
  });

  test('[CONDO-17] the radius is 50–500 m; coordinates in range, both or neither; required needs a position — Portuguese 400s, nothing written', async () => {
    const b = await building();
    const ok = { qrCode: b.code, ...door, required: false, radiusM: 150 };
    const cases: [Record<string, unknown>, string][] = [
      [{ ...ok, radiusM: 49 }, geofenceMsg.radiusRange],
      [{ ...ok, radiusM: 501 }, geofenceMsg.radiusRange],
      [{ ...ok, radiusM: 150.5 }, geofenceMsg.radiusRange],
      [{ ...ok, radiusM: '150' }, geofenceMsg.radiusRange],
      [{ ...ok, latitude: 90.0001 }, geofenceMsg.latitudeRange],
      [{ ...ok, longitude: -180.5 }, geofenceMsg.longitudeRange],
      [{ ...ok, longitude: null }, geofenceMsg.bothOrNeither],
      [{ ...ok, latitude: null, longitude: null, required: true }, geofenceMsg.requiredNeedsPosition],
    ];
    for (const [body, message] of cases) {
      const res = await place(b.sindico, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json()).toEqual({ message });
    }
    expect(await fenceOf(b.code)).toMatchObject({ plateLatitude: null, plateLongitude: null, geofenceRadiusM: 150 });
    for (const radiusM of [50, 500]) {
      expect((await place(b.sindico, { ...ok, radiusM })).statusCode).toBe(200);
      expect((await fenceOf(b.code)).geofenceRadiusM).toBe(radiusM);
    }
    // Taking the position away.
    expect((await place(b.sindico, { ...ok, latitude: null, longitude: null })).statusCode).toBe(200);
    expect(await fenceOf(b.code)).toMatchObject({ plateLatitude: null, plateLongitude: null, geofenceRequired: false });
  });

  test('[CONDO-17] a plate that is not a condominium plate, or unknown, is refused', async () => {
    const b = await building();
    expect((await place(b.sindico, { qrCode: 'ZZZZZZZZ', ...door, required: false, radiusM: 150 })).statusCode).toBe(404);
  });
});

describe(`[CONDO-17] a call to a plate that rings only at its door ${dbLabel}`, () => {
  test('[CONDO-17] without a position set nothing changes: a call without any position rings', async () => {
    const b = await building();
    const tag = (await app.inject({ method: 'GET', url: `/api/public/tags/${b.code}` })).json<PublicTag>();
    expect(tag.position_required).toBeUndefined();
    expect((await call({ code: b.code, unitId: b.unit.id })).statusCode).toBe(201);
    // Placed but not required: still nothing changes.
    await place(b.sindico, { qrCode: b.code, ...door, required: false, radiusM: 150 });
    expect((await call({ code: b.code, unitId: b.unit.id, ...away, accuracy: 5 })).statusCode).toBe(201);
  });

  test('[CONDO-17] required and no position (refused in the browser) is a 403 saying why; nothing rings', async () => {
    const b = await fenced();
    const tag = (await app.inject({ method: 'GET', url: `/api/public/tags/${b.code}` })).json<PublicTag>();
    expect(tag.position_required).toBe(true);
    const res = await call({ code: b.code, unitId: b.unit.id });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ message: geofenceMsg.positionRequired });
    const rows = await app.db.select({ n: count() }).from(calls).where(eq(calls.tagCode, b.code));
    expect(rows[0]!.n).toBe(0);
  });

  test('[CONDO-17] 2 km away is refused; at the door it rings the unit', async () => {
    const b = await fenced();
    const far = await call({ code: b.code, unitId: b.unit.id, ...away, accuracy: 8 });
    expect(far.statusCode).toBe(403);
    expect(far.json()).toEqual({ message: geofenceMsg.tooFar });
    const here = await call({ code: b.code, unitId: b.unit.id, ...door, accuracy: 8 });
    expect(here.statusCode, here.body).toBe(201);
    const { roomId } = here.json<{ roomId: string }>();
    const [stored] = await app.db.select().from(calls).where(eq(calls.id, roomId));
    // The position is kept as every call keeps it (CALL-15 retention purges it with the others).
    expect(stored).toMatchObject({ latitude: door.latitude, longitude: door.longitude, unitId: b.unit.id });
    const rings = await app.db.select().from(callRecipients).where(eq(callRecipients.callId, roomId));
    expect(rings.map((r) => r.userId)).toEqual([userId(b.residents[0]!.token)]);
  });

  test('[CONDO-17] the border: 149 m in, 151 m out (radius 150), and the 50 m radius', async () => {
    const b = await fenced();
    const metresNorth = (m: number) => ({ latitude: door.latitude + m / 111_195.08, longitude: door.longitude });
    expect((await call({ code: b.code, unitId: b.unit.id, ...metresNorth(149), accuracy: 10 })).statusCode).toBe(201);
    expect((await call({ code: b.code, unitId: b.unit.id, ...metresNorth(151), accuracy: 10 })).statusCode).toBe(403);
    const small = await fenced(50);
    expect((await call({ code: small.code, unitId: small.unit.id, ...metresNorth(49), accuracy: 10 })).statusCode).toBe(201);
    expect((await call({ code: small.code, unitId: small.unit.id, ...metresNorth(60), accuracy: 10 })).statusCode).toBe(403);
  });

  test('[CONDO-17] a fix whose accuracy is worse than the radius counts as not here, even on the door; a fix without accuracy too', async () => {
    const b = await fenced();
    const poor = await call({ code: b.code, unitId: b.unit.id, ...door, accuracy: 1200 });
    expect(poor.statusCode).toBe(403);
    expect(poor.json()).toEqual({ message: geofenceMsg.inaccurate });
    const none = await call({ code: b.code, unitId: b.unit.id, ...door });
    expect(none.json()).toEqual({ message: geofenceMsg.inaccurate });
    expect((await call({ code: b.code, unitId: b.unit.id, ...door, accuracy: 150 })).statusCode).toBe(201);
    // An accuracy that is no number of metres is a 400, not a position.
    for (const accuracy of [-1, '10', 1e9, null]) {
      const res = await call({ code: b.code, unitId: b.unit.id, ...door, accuracy });
      expect(res.statusCode).toBe(400);
    }
  });

  test('[CONDO-17] [CALL-15] refused, the visitor may still leave the unit a message (no ring); an ordinary active plate still takes none', async () => {
    const b = await fenced();
    const msg = (code: string, body: Record<string, unknown>) =>
      app.inject({ method: 'POST', url: `/api/public/tags/${code}/message`, payload: body, remoteAddress: nextIp() });
    const noUnit = await msg(b.code, { message: 'Vim visitar e não consegui chamar.' });
    expect(noUnit.statusCode).toBe(400);
    expect(noUnit.json()).toEqual({ message: callMsg.unitRequired });
    const empty = await msg(b.code, { message: 'Olá', unitId: b.empty.id });
    expect(empty.json()).toEqual({ message: callMsg.unitEmpty });
    const left = await msg(b.code, { message: 'Vim visitar e não consegui chamar.', unitId: b.unit.id, ...away });
    expect(left.statusCode, left.body).toBe(201);
    const [stored] = await app.db.select().from(calls).where(and(eq(calls.tagCode, b.code), eq(calls.kind, 'message')));
    expect(stored).toMatchObject({ status: 'ended', unitId: b.unit.id, message: 'Vim visitar e não consegui chamar.' });
    const to = await app.db.select().from(callRecipients).where(eq(callRecipients.callId, stored!.id));
    expect(to.map((r) => r.userId)).toEqual([userId(b.residents[0]!.token)]);

    const open = await building();
    const refused = await msg(open.code, { message: 'Olá', unitId: open.unit.id });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({ message: callMsg.tagMessageNotAllowed });
  });
});

describe(`[CONDO-17] [SEC-03] hostile bodies ${dbLabel}`, () => {
  test('[SEC-03] [CONDO-17] the plate position: 4xx {message} for every malformed body, nothing written', async () => {
    const b = await building();
    const base = () => ({ qrCode: b.code, ...door, required: true, radiusM: 150 });
    const notNumber = notString.filter((v) => typeof v !== 'number' && v !== null);
    const badLatitude = fc.oneof(notNumber, fc.constantFrom(90.5, -91, 181, 1e308, '10'), fc.double({ min: 90.000001, max: 1e6, noNaN: true }));
    const badLongitude = fc.oneof(notNumber, fc.constantFrom(181, -180.5, 1e308, '10'), fc.double({ min: -1e6, max: -180.000001, noNaN: true }));
    const arb = bodies(base, {
      qrCode: { required: true, invalid: badString(1, 64) },
      latitude: { required: true, invalid: badLatitude },
      longitude: { required: true, invalid: badLongitude },
      required: { required: true, invalid: badBoolean },
      radiusM: { required: true, invalid: fc.oneof(fc.constantFrom(0, 49, 501, 150.5, -150, '150', null, 1e20), fc.integer({ min: 501 })) },
    });
    await fc.assert(
      fc.asyncProperty(arb, async (sent: Sent) => {
        const res = await app.inject({
          method: 'PUT',
          url: `/api${condoApi.platePosition}`,
          headers: { authorization: `Bearer ${b.sindico.token}`, ...(sent.contentType ? { 'content-type': sent.contentType } : {}) },
          ...(sent.payload === undefined ? {} : { payload: sent.payload }),
        });
        expect(res.statusCode, `${res.body} for ${sent.payload?.slice(0, 200)}`).toBeGreaterThanOrEqual(400);
        expect(res.statusCode).toBeLessThan(500);
        expect(Object.keys(res.json<object>())).toEqual(['message']);
      }),
      { numRuns: 150 },
    );
    expect(await fenceOf(b.code)).toMatchObject({ plateLatitude: null, geofenceRequired: false, geofenceRadiusM: 150 });
    expect(await app.db.select().from(auditLog).where(eq(auditLog.target, `condominium:${(await fenceOf(b.code)).id}`))).toHaveLength(0);
  });

  test('[SEC-03] [CONDO-17] a call with any position: a 201 only at the door, else a 4xx {message}, never a 5xx', async () => {
    const b = await fenced();
    const arb = fc.record({
      latitude: fc.oneof(fc.double({ min: -90, max: 90, noNaN: true }), fc.constantFrom(door.latitude, 'x', null, 1e300, -0)),
      longitude: fc.oneof(fc.double({ min: -180, max: 180, noNaN: true }), fc.constantFrom(door.longitude, 'y', null)),
      accuracy: fc.oneof(fc.double({ min: 0, max: 200_000, noNaN: true }), fc.constantFrom(undefined, -5, 'z', null, 0)),
    });
    await fc.assert(
      fc.asyncProperty(arb, async (fix) => {
        const res = await call({ code: b.code, unitId: b.unit.id, ...fix });
        expect(res.statusCode, res.body).toBeLessThan(500);
        if (res.statusCode === 201) {
          expect(typeof fix.accuracy === 'number' && fix.accuracy <= 150).toBe(true);
          expect(typeof fix.latitude === 'number' && Math.abs(fix.latitude - door.latitude) < 0.002).toBe(true);
        } else {
          expect(Object.keys(res.json<object>())).toEqual(['message']);
        }
      }),
      { numRuns: 120 },
    );
  });
});
