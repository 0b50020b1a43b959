import { createECDH, randomBytes, randomUUID } from 'node:crypto';
import { describe, expect, test } from 'vitest';
import { asc, eq } from 'drizzle-orm';
import { callMsg } from '@toque/contracts/messages';
import { pushSubscriptions } from '../src/db/schema';
import { build, dbLabel, errorBody, login, signUp } from './helpers';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll } from 'vitest';
import { eventually, ownedTag, startCall, userId } from './calls-support';

const { app } = await build();

function browserKeys() {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  return { p256dh: ecdh.getPublicKey().toString('base64url'), auth: randomBytes(16).toString('base64url') };
}
const fcm = () => `https://fcm.googleapis.com/fcm/send/${randomUUID()}`;
const subscribe = (auth: Record<string, string>, endpoint: string, keys: { p256dh: string; auth: string }) =>
  app.inject({ method: 'POST', url: '/api/push/subscribe', headers: auth, payload: { endpoint, keys } });
const rowsOf = (user: { token: string }) =>
  app.db
    .select()
    .from(pushSubscriptions)
    .where(eq(pushSubscriptions.userId, userId(user.token)))
    .orderBy(asc(pushSubscriptions.id));

describe(`push endpoints ${dbLabel}`, () => {
  test('[SEC-06] the known push services over https are accepted, with real browser keys', async () => {
    const user = await signUp(app);
    const endpoints = [
      fcm(),
      `https://updates.push.services.mozilla.com/wpush/v2/${randomUUID()}`,
      `https://wns2-par02p.notify.windows.com/w/?token=${randomUUID()}`,
      `https://web.push.apple.com/${randomUUID()}`,
      `https://api.push.apple.com/3/device/${randomUUID()}`,
    ];
    for (const endpoint of endpoints) expect((await subscribe(user.auth, endpoint, browserKeys())).statusCode, endpoint).toBe(201);
    expect((await rowsOf(user)).map((r) => r.endpoint)).toEqual(endpoints);
  });

  test('[SEC-06] other endpoints are refused with a 400 in Portuguese and nothing is stored', async () => {
    const user = await signUp(app);
    const keys = browserKeys();
    const refused: [string, string][] = [
      [`http://fcm.googleapis.com/fcm/send/${randomUUID()}`, callMsg.pushEndpointInsecure],
      ['http://127.0.0.1:6379/', callMsg.pushEndpointInsecure],
      ['https://169.254.169.254/latest/meta-data', callMsg.pushEndpointNotAllowed],
      ['https://localhost/push', callMsg.pushEndpointNotAllowed],
      ['https://fcm.googleapis.com.evil.example/x', callMsg.pushEndpointNotAllowed],
      ['https://evilfcm.googleapis.com/x', callMsg.pushEndpointNotAllowed],
      ['https://push.services.mozilla.com/x', callMsg.pushEndpointNotAllowed],
      ['https://fcm.googleapis.com:8443/x', callMsg.pushEndpointNotAllowed],
      ['https://user:pw@fcm.googleapis.com/x', callMsg.pushEndpointNotAllowed],
      ['ftp://fcm.googleapis.com/x', callMsg.pushEndpointInsecure],
    ];
    for (const [endpoint, message] of refused) {
      const res = await subscribe(user.auth, endpoint, keys);
      expect([endpoint, res.statusCode]).toEqual([endpoint, 400]);
      expect(errorBody(res)).toBe(message);
    }
    const point = Buffer.alloc(65, 7);
    point[0] = 4;
    const badKeys = [
      { p256dh: 'x', auth: keys.auth },
      { p256dh: keys.p256dh, auth: 'y' },
      { p256dh: keys.p256dh.slice(0, -2), auth: keys.auth },
      // 65 bytes, but compressed-point prefix / not on the curve.
      { p256dh: Buffer.concat([Buffer.from([2]), Buffer.from(keys.p256dh, 'base64url').subarray(1)]).toString('base64url'), auth: keys.auth },
      { p256dh: point.toString('base64url'), auth: keys.auth },
      { p256dh: keys.p256dh, auth: randomBytes(32).toString('base64url') },
      { p256dh: `${keys.p256dh.slice(0, -1)}!`, auth: keys.auth },
    ];
    for (const bad of badKeys) {
      const res = await subscribe(user.auth, fcm(), bad);
      expect([JSON.stringify(bad), res.statusCode]).toEqual([JSON.stringify(bad), 400]);
      expect(errorBody(res)).toBe(callMsg.pushKeysInvalid);
    }
    expect(await rowsOf(user)).toEqual([]);
  });

  test('[SEC-06] an account keeps at most 5 subscriptions: the sixth replaces the oldest; re-subscribing counts as new', async () => {
    const user = await signUp(app);
    const endpoints = Array.from({ length: 7 }, fcm);
    for (const endpoint of endpoints.slice(0, 5)) expect((await subscribe(user.auth, endpoint, browserKeys())).statusCode).toBe(201);
    // The oldest browser subscribes again: it becomes the newest, so the second one is dropped next.
    expect((await subscribe(user.auth, endpoints[0]!, browserKeys())).statusCode).toBe(201);
    expect((await subscribe(user.auth, endpoints[5]!, browserKeys())).statusCode).toBe(201);
    expect((await subscribe(user.auth, endpoints[6]!, browserKeys())).statusCode).toBe(201);
    const kept = (await rowsOf(user)).map((r) => r.endpoint).sort();
    expect(kept).toEqual([endpoints[0], endpoints[3], endpoints[4], endpoints[5], endpoints[6]].sort());
  });

  test('[SEC-06] 20 subscriptions at once leave 5', async () => {
    const user = await signUp(app);
    const answers = await Promise.all(Array.from({ length: 20 }, () => subscribe(user.auth, fcm(), browserKeys())));
    expect(answers.map((r) => r.statusCode)).toEqual(Array(20).fill(201));
    expect(await rowsOf(user)).toHaveLength(5);
  });

  test('[SEC-06] [AUTH-03] the login `token` follows the same rules: a known push service is stored, an internal URL is not (the login still succeeds)', async () => {
    const user = await signUp(app);
    const good = { endpoint: fcm(), keys: browserKeys() };
    expect((await login(app, user.email, user.password, { token: JSON.stringify(good) })).statusCode).toBe(200);
    for (const endpoint of ['http://10.0.0.5/admin', 'https://metadata.google.internal/computeMetadata', 'https://push.example/x']) {
      const res = await login(app, user.email, user.password, { token: JSON.stringify({ endpoint, keys: browserKeys() }) });
      expect(res.statusCode).toBe(200);
    }
    expect((await rowsOf(user)).map((r) => r.endpoint)).toEqual([good.endpoint]);
  });

  test('[SEC-06] an endpoint stored before the rules (an internal address) is never POSTed to and is deleted at the next call', async () => {
    let hits = 0;
    const internal = createServer((_req, res) => {
      hits += 1;
      res.writeHead(201).end();
    });
    await new Promise<void>((r) => internal.listen(0, '127.0.0.1', r));
    afterAll(() => new Promise<void>((r) => internal.close(() => r())));
    const endpoint = `http://127.0.0.1:${(internal.address() as AddressInfo).port}/internal/${randomUUID()}`;
    const { owner, code } = await ownedTag(app);
    await app.db.insert(pushSubscriptions).values({ userId: userId(owner.token), endpoint, keys: browserKeys() });
    await startCall(app, code);
    await eventually(async () => expect(await app.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.endpoint, endpoint))).toEqual([]));
    expect(hits).toBe(0);
  });
});
