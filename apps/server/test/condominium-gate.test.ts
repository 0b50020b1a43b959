import { afterAll, describe, expect, test } from 'vitest';
import fc from 'fast-check';
import type { LightMyRequestResponse } from 'fastify';
import { eq } from 'drizzle-orm';
import type { CreatePassResponse, PassLookup } from '@toque/contracts/door';
import { doorApi } from '@toque/contracts/door';
import {
  GATE_OPENS_PER_WINDOW,
  gateApi,
  gateMsg,
  type GateAvailability,
  type GateEvent,
  type GateOpening,
  type GateResult,
  type GateSettingsResponse,
} from '@toque/contracts/gate';
import { callMsg } from '@toque/contracts/messages';
import { gateControllers, gateOpenings, units, unitResidents, visitorPasses } from '../src/db/schema';
import { newTagCode } from '../src/lib/codes';
import { openSecret, sealSecret } from '../src/lib/sealed-secret';
import { addressAllowed, gateController, parseNetworks, urlRefusal, webhookSignature } from '../src/modules/gate/controller';
import { resealGateSecrets } from '../src/modules/gate/service';
import { bearer, build, dbLabel, signUp } from './helpers';
import { signUpAdmin } from './condo-support';
import { connect, join, listen, plate, record, settle, startCall, userId } from './calls-support';
import { startRelayEmulator, startWebhookReceiver } from './gate-emulator';
import { badBoolean, badNumber, bodies, catalogue, hostileSegment, notString, withNul } from './hostile-support';

const relay = await startRelayEmulator();
const receiver = await startWebhookReceiver();
afterAll(async () => {
  await relay.close();
  await receiver.close();
});

/** A JWT secret this server still accepts (a rotation in progress): a controller's secret sealed under it still opens. */
const earlierSecret = 'an-earlier-secret-of-the-operator-0123456789';
const { app } = await build({
  GATE_ALLOWED_NETWORKS: '127.0.0.1/32',
  RATE_CALL_PER_IP: '100000',
  RATE_CALL_PER_TAG: '100000',
  JWT_ACCEPTED_SECRETS: earlierSecret,
});
const url = await listen(app);
const db = app.db;

const inject = (method: 'GET' | 'PUT' | 'POST', path: string, token?: string, payload?: unknown) =>
  app.inject({
    method,
    url: `/api${path}`,
    headers: token ? bearer(token) : {},
    ...(payload === undefined ? {} : { payload: payload as object }),
  });

/** A plate with unit 101 (two residents), unit 102 (one neighbour), its síndico, and its gate on the relay. */
async function building(gate: Record<string, unknown> = {}) {
  const scene = await plate(app, 2);
  const [second] = await db
    .insert(units)
    .values({ condominiumId: scene.unit.condominiumId, name: '102', associationCode: newTagCode() })
    .returning();
  const neighbour = await signUp(app, { name: 'Nina Vizinha' });
  await db.insert(unitResidents).values({ unitId: second!.id, userId: userId(neighbour.token) });
  const saved = await inject('PUT', gateApi.settings(scene.code), scene.owner.token, {
    kind: 'shelly',
    url: relay.url,
    secret: relay.password,
    seconds: 3,
    enabled: true,
    excludedUnitIds: [],
    ...gate,
  });
  expect(saved.statusCode, saved.body).toBe(200);
  // A unit of another building (never excludable here).
  const elsewhere = await plate(app, 0);
  return { ...scene, second: second!, neighbour, sindico: scene.owner, foreignUnit: elsewhere.unit.id };
}

/** A call from the plate to unit 101, answered by its first resident; the finder's socket is in the room. */
async function connectedCall(scene: Awaited<ReturnType<typeof building>>, unitId = scene.unit.id, answerer = scene.residents[0]!) {
  const call = await startCall(app, scene.code, { unitId });
  const finder = await connect(url, call.callerToken);
  const finderSeen = record(finder);
  expect((await join(finder, call.roomId)).ok).toBe(true);
  const resident = await connect(url, answerer.token);
  expect((await join(resident, call.roomId)).ok).toBe(true);
  return { ...call, finder, finderSeen, resident };
}

const openings = (condominiumId: number) => db.select().from(gateOpenings).where(eq(gateOpenings.condominiumId, condominiumId));

describe(`CONDO-18 the gate opens from the call ${dbLabel}`, () => {
  test('[CONDO-18] the resident in the connected call opens the gate: the relay turns on for the configured seconds (digest auth), the finder is told, the log has it', async () => {
    const scene = await building();
    const call = await connectedCall(scene);
    const resident = scene.residents[0]!;
    const may = await inject('GET', gateApi.call(call.roomId), resident.token);
    expect(may.json<GateAvailability>()).toEqual({ available: true, seconds: 3 });

    const setsBefore = relay.events.filter((e) => e.kind === 'set').length;
    const res = await inject('POST', gateApi.call(call.roomId), resident.token);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<GateResult>()).toEqual({ opened: true, message: gateMsg.opened(3) });
    const set = await relay.waitFor('set', setsBefore + 1);
    expect(set).toMatchObject({ on: true, toggleAfter: 3, switchId: 0 });
    // The finder's screen learns it from the call's room.
    expect(await call.finderSeen.next('gate')).toEqual({ roomId: call.roomId, opened: true, message: gateMsg.opened(3) } satisfies GateEvent);
    // The relay turns itself off toggle_after seconds later.
    const off = await relay.waitFor('off', relay.events.filter((e) => e.kind === 'off' && e.at < set.at).length + 1);
    expect(off.at - set.at).toBeGreaterThanOrEqual(2900);
    expect(off.at - set.at).toBeLessThan(6000);

    const log = await inject('GET', gateApi.log(scene.code), scene.sindico.token);
    const [entry] = log.json<GateOpening[]>();
    expect(entry).toMatchObject({ via: 'call', who: 'Morador 0 Silva', unitName: '101', ok: true, result: gateMsg.opened(3) });
    expect(Date.now() - new Date(entry!.at).getTime()).toBeLessThan(60_000);
    call.finder.disconnect();
    call.resident.disconnect();
  });

  test('[CONDO-18] never the visitor, never another unit or a resident who did not answer, never before the answer or after the call', async () => {
    const scene = await building();
    // Ringing, not yet answered: the resident may not open it.
    const ringing = await startCall(app, scene.code, { unitId: scene.unit.id });
    const early = await inject('POST', gateApi.call(ringing.roomId), scene.residents[0]!.token);
    expect(early.statusCode).toBe(403);
    expect(early.json()).toEqual({ message: gateMsg.callNotConnected });

    const call = await connectedCall(scene);
    // The visitor (caller token, anonymous) and strangers.
    const visitor = await app.inject({ method: 'POST', url: `/api${gateApi.call(call.roomId)}`, headers: bearer(call.callerToken) });
    expect(visitor.statusCode).toBe(401);
    const anonymous = await inject('POST', gateApi.call(call.roomId));
    expect(anonymous.statusCode).toBe(401);
    // The neighbour of another unit was never rung by this call: nothing says it exists.
    const neighbour = await inject('POST', gateApi.call(call.roomId), scene.neighbour.token);
    expect(neighbour.statusCode).toBe(404);
    expect(neighbour.json()).toEqual({ message: callMsg.callNotFound });
    // The síndico neither.
    expect((await inject('POST', gateApi.call(call.roomId), scene.sindico.token)).statusCode).toBe(404);
    // The other resident of the unit was rung but did not answer: not in the call.
    const other = await inject('POST', gateApi.call(call.roomId), scene.residents[1]!.token);
    expect(other.statusCode).toBe(403);
    expect(other.json()).toEqual({ message: gateMsg.callNotConnected });
    expect((await inject('GET', gateApi.call(call.roomId), scene.residents[1]!.token)).json<GateAvailability>().available).toBe(false);

    // After the call: hung up, the same resident is refused.
    call.resident.emit('closeCall', { roomId: call.roomId });
    await call.finderSeen.next('closeCall');
    const after = await inject('POST', gateApi.call(call.roomId), scene.residents[0]!.token);
    expect(after.statusCode).toBe(403);
    expect(after.json()).toEqual({ message: gateMsg.callNotConnected });
    expect((await inject('GET', gateApi.call(call.roomId), scene.residents[0]!.token)).json<GateAvailability>().available).toBe(false);
    // None of these reached the relay or the log.
    expect(await openings(scene.unit.condominiumId)).toHaveLength(0);
    call.finder.disconnect();
    call.resident.disconnect();
  });

  test('[CONDO-18] the síndico turns it on per plate and may exclude units: off or excluded, the button is not offered and the server refuses', async () => {
    const scene = await building({ enabled: false });
    const call = await connectedCall(scene);
    const resident = scene.residents[0]!;
    expect((await inject('GET', gateApi.call(call.roomId), resident.token)).json<GateAvailability>().available).toBe(false);
    const off = await inject('POST', gateApi.call(call.roomId), resident.token);
    expect(off.statusCode).toBe(403);
    expect(off.json()).toEqual({ message: gateMsg.notAllowed });

    const excluded = await inject('PUT', gateApi.settings(scene.code), scene.sindico.token, {
      kind: 'shelly',
      url: relay.url,
      seconds: 3,
      enabled: true,
      excludedUnitIds: [scene.unit.id],
    });
    expect(excluded.statusCode).toBe(200);
    // The password was kept (no new one typed), and is never sent back.
    expect(excluded.json<GateSettingsResponse>().settings).toEqual({
      kind: 'shelly',
      url: relay.url,
      switchId: 0,
      seconds: 3,
      enabled: true,
      excludedUnitIds: [scene.unit.id],
      secretSet: true,
    });
    expect(excluded.body).not.toContain(relay.password);
    expect((await inject('GET', gateApi.settings(scene.code), scene.sindico.token)).body).not.toContain(relay.password);
    expect((await inject('GET', gateApi.call(call.roomId), resident.token)).json<GateAvailability>().available).toBe(false);
    expect((await inject('POST', gateApi.call(call.roomId), resident.token)).json()).toEqual({ message: gateMsg.notAllowed });

    // Unit 102's call still may open it.
    const other = await connectedCall(scene, scene.second.id, scene.neighbour);
    expect((await inject('POST', gateApi.call(other.roomId), scene.neighbour.token)).json<GateResult>().opened).toBe(true);
    // A unit of another building cannot be excluded (nor named at all).
    const foreign = await building();
    const bad = await inject('PUT', gateApi.settings(scene.code), scene.sindico.token, {
      kind: 'shelly',
      url: relay.url,
      seconds: 3,
      enabled: true,
      excludedUnitIds: [foreign.unit.id],
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ message: gateMsg.unitNotInBuilding });
    for (const c of [call, other]) {
      c.finder.disconnect();
      c.resident.disconnect();
    }
  });

  test("[CONDO-18] only the plate's síndico reads or changes its gate; a resident, another síndico and an administrator are refused", async () => {
    const scene = await building();
    const other = await building();
    const admin = await signUpAdmin(app);
    for (const token of [scene.residents[0]!.token, other.sindico.token, admin.token]) {
      expect((await inject('GET', gateApi.settings(scene.code), token)).statusCode).toBe(403);
      expect((await inject('PUT', gateApi.settings(scene.code), token, { kind: 'shelly', url: relay.url, seconds: 3, enabled: true })).statusCode).toBe(403);
      expect((await inject('POST', gateApi.test(scene.code), token)).statusCode).toBe(403);
      expect((await inject('GET', gateApi.log(scene.code), token)).statusCode).toBe(403);
    }
    expect((await inject('GET', gateApi.settings(scene.code))).statusCode).toBe(401);
  });

  test("[CONDO-18] the relay's digest auth: a wrong password is refused by the relay and said in words on both screens, and logged as a failure", async () => {
    const scene = await building({ secret: 'senha-errada-123' });
    const call = await connectedCall(scene);
    const refusedBefore = relay.refused;
    const res = await inject('POST', gateApi.call(call.roomId), scene.residents[0]!.token);
    expect(res.statusCode).toBe(200);
    expect(res.json<GateResult>()).toEqual({ opened: false, message: gateMsg.refused });
    expect(relay.refused).toBe(refusedBefore + 1);
    expect(await call.finderSeen.next('gate')).toEqual({ roomId: call.roomId, opened: false, message: gateMsg.refused });
    const [entry] = (await inject('GET', gateApi.log(scene.code), scene.sindico.token)).json<GateOpening[]>();
    expect(entry).toMatchObject({ via: 'call', ok: false, result: gateMsg.refused, unitName: '101' });
    call.finder.disconnect();
    call.resident.disconnect();
  });

  test("[CONDO-18] the controller's secret is sealed in the database: no plaintext in the row; a seal of a secret still accepted opens; one the server cannot open is said in words, reaches no relay, and is asked for again", async () => {
    const scene = await building();
    const row = async () => (await db.select().from(gateControllers).where(eq(gateControllers.condominiumId, scene.unit.condominiumId)))[0]!;
    const stored = (await row()).secret!;
    expect(stored).toMatch(/^sealed:v1:/);
    expect(stored).not.toContain(relay.password);
    expect(openSecret(stored, [app.config.jwtSecret], 'gate-controller')).toBe(relay.password);
    // Sealed under a secret the server still accepts (JWT_ACCEPTED_SECRETS): the gate opens.
    await db.update(gateControllers).set({ secret: sealSecret(relay.password, earlierSecret, 'gate-controller') }).where(eq(gateControllers.condominiumId, scene.unit.condominiumId));
    const setsBefore = relay.events.filter((e) => e.kind === 'set').length;
    expect((await inject('POST', gateApi.test(scene.code), scene.sindico.token)).json<GateResult>()).toEqual({ opened: true, message: gateMsg.opened(3) });
    await relay.waitFor('set', setsBefore + 1);
    // A saved form re-seals the kept secret under the signing secret.
    const settings = (await inject('GET', gateApi.settings(scene.code), scene.sindico.token)).json<GateSettingsResponse>();
    expect(settings).toMatchObject({ settings: { secretSet: true } });
    const resaved = await inject('PUT', gateApi.settings(scene.code), scene.sindico.token, { kind: 'shelly', url: relay.url, seconds: 3, enabled: true, excludedUnitIds: [] });
    expect(resaved.statusCode, resaved.body).toBe(200);
    expect(openSecret((await row()).secret!, [app.config.jwtSecret], 'gate-controller')).toBe(relay.password);
    // So does a server starting during the rotation, for every controller: forgetting the old secret later breaks no gate.
    await db.update(gateControllers).set({ secret: sealSecret(relay.password, earlierSecret, 'gate-controller') }).where(eq(gateControllers.condominiumId, scene.unit.condominiumId));
    expect(await resealGateSecrets(db, app.config)).toBeGreaterThanOrEqual(1);
    expect(openSecret((await row()).secret!, [app.config.jwtSecret], 'gate-controller')).toBe(relay.password);
    expect(await resealGateSecrets(db, { jwtSecret: app.config.jwtSecret, jwtAcceptedSecrets: [] })).toBe(0);
    // Sealed under a secret the server no longer knows: the call fails in words on both screens, no request reaches the relay.
    await db.update(gateControllers).set({ secret: sealSecret(relay.password, 'a-secret-this-server-never-had-0123456789', 'gate-controller') }).where(eq(gateControllers.condominiumId, scene.unit.condominiumId));
    const call = await connectedCall(scene);
    const requestsBefore = relay.requests;
    const res = await inject('POST', gateApi.call(call.roomId), scene.residents[0]!.token);
    expect(res.json<GateResult>()).toEqual({ opened: false, message: gateMsg.secretLost });
    expect(await call.finderSeen.next('gate')).toEqual({ roomId: call.roomId, opened: false, message: gateMsg.secretLost });
    expect(relay.requests).toBe(requestsBefore);
    const [entry] = (await inject('GET', gateApi.log(scene.code), scene.sindico.token)).json<GateOpening[]>();
    expect(entry).toMatchObject({ via: 'call', ok: false, result: gateMsg.secretLost });
    // The síndico's screen asks for it again; a webhook cannot be kept without one.
    expect((await inject('GET', gateApi.settings(scene.code), scene.sindico.token)).json<GateSettingsResponse>()).toMatchObject({ settings: { secretSet: false } });
    call.finder.disconnect();
    call.resident.disconnect();
  });

  test('[CONDO-18] a relay that fails or is not there is a failure in words, within the timeout', async () => {
    const scene = await building();
    relay.failWith = 500;
    try {
      const res = await inject('POST', gateApi.test(scene.code), scene.sindico.token);
      expect(res.json<GateResult>()).toEqual({ opened: false, message: gateMsg.failed });
    } finally {
      relay.failWith = null;
    }
    // Nobody listens there any more.
    const gone = await startRelayEmulator();
    await gone.close();
    await inject('PUT', gateApi.settings(scene.code), scene.sindico.token, { kind: 'shelly', url: gone.url, seconds: 3, enabled: true });
    const started = Date.now();
    const res = await inject('POST', gateApi.test(scene.code), scene.sindico.token);
    expect(res.json<GateResult>()).toEqual({ opened: false, message: gateMsg.unreachable });
    expect(Date.now() - started).toBeLessThan(6000);
    const log = (await inject('GET', gateApi.log(scene.code), scene.sindico.token)).json<GateOpening[]>();
    expect(log.map((e) => [e.via, e.ok, e.who])).toEqual([
      ['test', false, 'Joana Prado Lima'],
      ['test', false, 'Joana Prado Lima'],
    ]);
  });

  test('[CONDO-18] the signed webhook: the receiver checks the HMAC over timestamp and body; a replay and a stale or badly signed request are refused', async () => {
    const scene = await building({ kind: 'webhook', url: receiver.url, secret: receiver.secret, seconds: 7 });
    const call = await connectedCall(scene);
    const before = receiver.received.filter((r) => r.kind === 'accepted').length;
    const res = await inject('POST', gateApi.call(call.roomId), scene.residents[0]!.token);
    expect(res.json<GateResult>()).toEqual({ opened: true, message: gateMsg.opened(7) });
    const accepted = await receiver.waitFor('accepted', before + 1);
    const body = JSON.parse(accepted.body) as Record<string, unknown>;
    expect(body).toMatchObject({ event: 'gate.open', plate: scene.code, unit: '101', seconds: 7 });
    expect(accepted.headers['x-toque-id']).toBe(body.id);
    // The same request again (a replay by whoever saw it) is refused by its id.
    expect(await receiver.replay(accepted)).toBe(409);
    // A body changed in transit no longer matches its signature.
    const timestamp = Math.floor(Date.now() / 1000);
    const forged = await fetch(receiver.url, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'x-toque-timestamp': String(timestamp),
        'x-toque-signature': webhookSignature(receiver.secret, timestamp, accepted.body),
        'x-toque-id': 'outro',
      },
      body: accepted.body.replace('"seconds":7', '"seconds":30'),
    });
    expect(forged.status).toBe(401);
    // Signed right, but 61 s old.
    const old = timestamp - 61;
    const freshBody = JSON.stringify({ ...body, id: 'id-novo' });
    const stale = await fetch(receiver.url, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'x-toque-timestamp': String(old),
        'x-toque-signature': webhookSignature(receiver.secret, old, freshBody),
        'x-toque-id': 'id-novo',
      },
      body: freshBody,
    });
    expect(stale.status).toBe(401);
    expect(receiver.received.slice(-3).map((r) => r.kind)).toEqual(['replayed', 'bad-signature', 'stale']);

    // The server signing with a wrong secret is refused by the receiver, and said so.
    await inject('PUT', gateApi.settings(scene.code), scene.sindico.token, {
      kind: 'webhook',
      url: receiver.url,
      secret: 'um-segredo-errado-e-longo',
      seconds: 7,
      enabled: true,
    });
    const wrong = await inject('POST', gateApi.call(call.roomId), scene.residents[0]!.token);
    expect(wrong.json<GateResult>()).toEqual({ opened: false, message: gateMsg.refused });
    call.finder.disconnect();
    call.resident.disconnect();
  });

  test('[CONDO-18] a visitor pass opens the gate by itself only within its window and only if its resident allowed it', async () => {
    const scene = await building();
    const resident = scene.residents[0]!;
    const now = Date.now();
    const makePass = async (canOpenGate: boolean) => {
      const res = await inject('POST', doorApi.unitPasses(scene.unit.id), resident.token, {
        visitorName: 'Ana',
        validFrom: new Date(now).toISOString(),
        validUntil: new Date(now + 3600_000).toISOString(),
        canOpenGate,
      });
      expect(res.statusCode, res.body).toBe(201);
      return res.json<CreatePassResponse>();
    };
    const openWith = (token: string, ip = '203.0.113.9') =>
      app.inject({ method: 'POST', url: `/api${gateApi.pass(scene.code)}`, payload: { token }, remoteAddress: ip });

    const allowed = await makePass(true);
    expect(allowed.canOpenGate).toBe(true);
    const looked = await app.inject({ method: 'POST', url: `/api${doorApi.passLookup(scene.code)}`, payload: { token: allowed.token } });
    expect(looked.json<PassLookup>()).toMatchObject({ status: 'active', canOpenGate: true });
    const setsBefore = relay.events.filter((e) => e.kind === 'set').length;
    const opened = await openWith(allowed.token);
    expect(opened.statusCode, opened.body).toBe(200);
    expect(opened.json<GateResult>()).toEqual({ opened: true, message: gateMsg.opened(3) });
    expect(await relay.waitFor('set', setsBefore + 1)).toMatchObject({ on: true, toggleAfter: 3 });
    const [entry] = (await inject('GET', gateApi.log(scene.code), scene.sindico.token)).json<GateOpening[]>();
    expect(entry).toMatchObject({ via: 'pass', who: 'Visitante Ana (passe)', unitName: '101', ok: true });

    // Not allowed by its resident.
    const plain = await makePass(false);
    expect((await app.inject({ method: 'POST', url: `/api${doorApi.passLookup(scene.code)}`, payload: { token: plain.token } })).json<PassLookup>().canOpenGate).toBe(false);
    const refused = await openWith(plain.token);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ message: gateMsg.passCannotOpen });
    // Outside its window: ended, or not yet started.
    await db.update(visitorPasses).set({ validUntil: new Date(Date.now() - 1000), validFrom: new Date(Date.now() - 7200_000) }).where(eq(visitorPasses.id, allowed.id));
    expect((await openWith(allowed.token)).statusCode).toBe(403);
    await db.update(visitorPasses).set({ validFrom: new Date(Date.now() + 600_000), validUntil: new Date(Date.now() + 7200_000) }).where(eq(visitorPasses.id, allowed.id));
    expect((await openWith(allowed.token)).statusCode).toBe(403);
    // Revoked.
    await db.update(visitorPasses).set({ validFrom: new Date(Date.now() - 1000), revokedAt: new Date() }).where(eq(visitorPasses.id, allowed.id));
    expect((await openWith(allowed.token)).statusCode).toBe(403);
    // Another plate's link, or a made-up token.
    const other = await building();
    expect((await app.inject({ method: 'POST', url: `/api${gateApi.pass(other.code)}`, payload: { token: plain.token } })).statusCode).toBe(403);
    expect((await openWith('inventado')).statusCode).toBe(403);
    // Allowed and active, but the unit is now excluded.
    const again = await makePass(true);
    await inject('PUT', gateApi.settings(scene.code), scene.sindico.token, { kind: 'shelly', url: relay.url, seconds: 3, enabled: true, excludedUnitIds: [scene.unit.id] });
    expect((await openWith(again.token)).statusCode).toBe(403);
    expect((await inject('GET', gateApi.log(scene.code), scene.sindico.token)).json<GateOpening[]>()).toHaveLength(1);
  });

  test('[CONDO-18] opening is rate-limited per account and per address', async () => {
    const scene = await building({ kind: 'webhook', url: receiver.url, secret: receiver.secret });
    let last = 0;
    for (let i = 0; i <= GATE_OPENS_PER_WINDOW; i++) last = (await inject('POST', gateApi.test(scene.code), scene.sindico.token)).statusCode;
    expect(last).toBe(429);
    const ip = '198.51.100.77';
    for (let i = 0; i <= GATE_OPENS_PER_WINDOW; i++)
      last = (await app.inject({ method: 'POST', url: `/api${gateApi.pass(scene.code)}`, payload: { token: 'x' }, remoteAddress: ip })).statusCode;
    expect(last).toBe(429);
  });

  test('[CONDO-18] the síndico cannot aim the server at internal addresses; a webhook must be https; bad settings are 400 and write nothing', async () => {
    const scene = await building();
    const put = (body: Record<string, unknown>) =>
      inject('PUT', gateApi.settings(scene.code), scene.sindico.token, { kind: 'shelly', seconds: 3, enabled: true, ...body });
    const refusals: [Record<string, unknown>, string][] = [
      [{ url: 'http://169.254.169.254/latest/meta-data' }, gateMsg.hostRefused],
      [{ url: 'http://10.0.0.5' }, gateMsg.hostRefused],
      [{ url: 'http://[::1]:8080' }, gateMsg.hostRefused],
      [{ url: 'http://localhost:8080' }, gateMsg.hostRefused],
      [{ url: 'ftp://relay.example.com' }, gateMsg.urlInvalid],
      [{ url: 'http://admin:x@relay.example.com' }, gateMsg.urlInvalid],
      [{ kind: 'webhook', url: 'http://portao.example.com/abrir', secret: 'um-segredo-bem-longo-aqui' }, gateMsg.webhookHttps],
      [{ kind: 'webhook', url: 'https://portao.example.com/abrir', secret: 'curto' }, gateMsg.secretTooShort],
      [{ url: relay.url, seconds: 0 }, gateMsg.secondsRange],
      [{ url: relay.url, seconds: 31 }, gateMsg.secondsRange],
    ];
    for (const [body, message] of refusals) {
      const res = await put(body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json(), JSON.stringify(body)).toEqual({ message });
    }
    const kept = (await inject('GET', gateApi.settings(scene.code), scene.sindico.token)).json<GateSettingsResponse>();
    expect(kept.settings?.url).toBe(relay.url);
  });

  test('[CONDO-18] the address guard: public unicast, or an allowed network; never loopback, private, link-local or mapped ones', () => {
    const none = parseNetworks([]);
    expect(addressAllowed('203.0.113.10', none)).toBe(false); // TEST-NET-3 is reserved
    expect(addressAllowed('8.8.8.8', none)).toBe(true);
    expect(addressAllowed('127.0.0.1', none)).toBe(false);
    expect(addressAllowed('::ffff:127.0.0.1', none)).toBe(false);
    expect(addressAllowed('192.168.0.10', none)).toBe(false);
    expect(addressAllowed('169.254.169.254', none)).toBe(false);
    expect(addressAllowed('fd00::1', none)).toBe(false);
    const vpn = parseNetworks(['10.8.0.0/16']);
    expect(addressAllowed('10.8.3.4', vpn)).toBe(true);
    expect(addressAllowed('10.9.3.4', vpn)).toBe(false);
    expect(urlRefusal('webhook', 'http://10.8.3.4/abrir', vpn)).toBeNull();
    expect(urlRefusal('webhook', 'http://8.8.8.8/abrir', vpn)).toBe(gateMsg.webhookHttps);
  });

  test('[CONDO-18] a name that resolves to a refused address is refused when connecting, before any byte reaches it', async () => {
    // A public-looking name passes the URL's checks; its DNS answer is loopback (a rebinding), which
    // this client (no allowed network) refuses at connection time. The resolver is the only stand-in.
    const asked: string[] = [];
    const strict = gateController([], { warn: () => undefined }, (hostname, _options, callback) => {
      asked.push(hostname);
      callback(null, [{ address: '127.0.0.1', family: 4 }]);
    });
    try {
      const port = new URL(relay.url).port;
      // Only what reaches the relay counts: an earlier test's switch turning itself off (toggle_after)
      // may land in `events` meanwhile on a slow machine (a fresh-clone run saw 6 instead of 5).
      const reached = () => relay.events.filter((e) => e.kind === 'set').length + relay.refused;
      const before = reached();
      const outcome = await strict.open(
        { kind: 'shelly', url: `http://portaria.example.com:${port}`, secret: relay.password, switchId: 0, seconds: 3 },
        { plate: 'AAAAAAAA', unit: null },
      );
      expect(outcome).toEqual({ opened: false, message: gateMsg.hostRefused });
      expect(asked).toContain('portaria.example.com');
      await settle(200);
      expect(reached()).toBe(before);
      // The same client reaches a public name's refused answer the same way: the literal is checked before connecting.
      expect(await strict.open({ kind: 'shelly', url: relay.url, secret: null, switchId: 0, seconds: 3 }, { plate: 'AAAAAAAA', unit: null })).toEqual({
        opened: false,
        message: gateMsg.hostRefused,
      });
    } finally {
      await strict.close();
    }
  });
});

// ---- SEC-03 -------------------------------------------------------------------------------------

const NUM_RUNS = 150;
const known = new Set<string>([...catalogue, ...Object.values(gateMsg).filter((m) => typeof m === 'string')] as string[]);
let fuzzIps = 0;

function expectClientError(res: LightMyRequestResponse, what: string) {
  const where = `${res.statusCode} ${res.body.slice(0, 200)} for ${what.slice(0, 300)}`;
  expect(res.statusCode, where).toBeGreaterThanOrEqual(400);
  expect(res.statusCode, where).toBeLessThan(500);
  const body = res.json<Record<string, unknown>>();
  expect(Object.keys(body), where).toEqual(['message']);
  expect(known.has(body.message as string), where).toBe(true);
}

describe(`SEC-03 the gate's hostile inputs ${dbLabel}`, async () => {
  const b = await building();
  const snapshot = async () => ({
    controller: await db.select().from(gateControllers).where(eq(gateControllers.condominiumId, b.unit.condominiumId)),
    openings: await openings(b.unit.condominiumId),
  });

  async function fuzz(method: 'POST' | 'PUT' | 'GET', path: (extra: string) => string, arb: fc.Arbitrary<{ payload?: string; contentType?: string; segment?: string }>, token?: string) {
    const before = await snapshot();
    await fc.assert(
      fc.asyncProperty(arb, async (sent) => {
        const res = await app.inject({
          method,
          url: `/api${path(sent.segment ?? '')}`,
          remoteAddress: `10.77.${Math.floor(++fuzzIps / 250) % 250}.${(fuzzIps % 250) + 1}`,
          headers: { ...(token ? bearer(token) : {}), ...(sent.contentType ? { 'content-type': sent.contentType } : {}) },
          ...(sent.payload !== undefined ? { payload: sent.payload } : {}),
        });
        expectClientError(res, `${method} ${path(sent.segment ?? '')} ${sent.payload}`);
      }),
      { numRuns: NUM_RUNS },
    );
    expect(await snapshot()).toEqual(before);
  }

  test("[SEC-03] [CONDO-18] the síndico's gate settings: 4xx {message} for every malformed body, nothing written", async () => {
    await fuzz(
      'PUT',
      () => gateApi.settings(b.code),
      bodies(() => ({ kind: 'shelly', url: relay.url, secret: relay.password, seconds: 4, enabled: true, excludedUnitIds: [] }), {
        kind: { required: true, invalid: fc.oneof(notString, withNul, fc.constantFrom('', 'SHELLY', 'mqtt', '__proto__')) },
        url: {
          required: true,
          invalid: fc.oneof(
            notString,
            withNul,
            fc.constantFrom('', 'portao', 'ftp://relay.example.com', 'http://10.0.0.1', 'http://169.254.169.254', 'http://u:p@relay.example.com', `http://${'a'.repeat(300)}.com`),
          ),
        },
        secret: { required: false, invalid: fc.oneof(notString, fc.constant('x'.repeat(201))) },
        seconds: { required: true, invalid: fc.oneof(badNumber, fc.constantFrom(31, 1000, '5', null)) },
        enabled: { required: true, invalid: badBoolean },
        switchId: { required: false, invalid: fc.constantFrom(-1, 16, 1.5, 'a', null) },
        excludedUnitIds: { required: false, invalid: fc.oneof(notString.filter((v) => !Array.isArray(v)), fc.constant([0]), fc.constant([2_147_483_648]), fc.constant([b.foreignUnit])) },
      }),
      b.sindico.token,
    );
  });

  test('[SEC-03] [CONDO-18] a pass opening the gate and the call gate with hostile room ids: 4xx {message}, nothing opened', async () => {
    await fuzz(
      'POST',
      () => gateApi.pass(b.code),
      bodies(() => ({ token: 'abc' }), {
        token: { required: true, invalid: fc.oneof(notString, fc.constant(''), fc.constant('x'.repeat(101))) },
      }),
    );
    await fuzz('POST', (segment) => `/calls/${encodeURIComponent(segment)}/gate`, hostileSegment.map((segment) => ({ segment })), b.residents[0]!.token);
    await fuzz('GET', (segment) => gateApi.settings(segment), hostileSegment.map((segment) => ({ segment })), b.sindico.token);
  });
});
