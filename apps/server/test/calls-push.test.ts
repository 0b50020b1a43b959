import { createPublicKey, randomBytes, verify } from 'node:crypto';
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, describe, expect, test } from 'vitest';
import { eq } from 'drizzle-orm';
import webpush from 'web-push';
import type { PushPayload } from '@toque/contracts/push';
import { callMsg } from '@toque/contracts/messages';
import { paths } from '@toque/contracts/routes';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config';
import { pushSubscriptions, settings } from '../src/db/schema';
import { build, dbLabel, signUp } from './helpers';
import { eventually, ownedTag, startCall } from './calls-support';
import { browserKeys, decrypt } from './push-support';

/** A push service of the test's own: keeps every request; `/push/gone/*` answers 410 like an expired subscription. */
const received: { path: string; headers: IncomingHttpHeaders; body: Buffer }[] = [];
const pushService = createServer((req, res) => {
  const chunks: Buffer[] = [];
  req.on('data', (c: Buffer) => chunks.push(c));
  req.on('end', () => {
    received.push({ path: req.url!, headers: req.headers, body: Buffer.concat(chunks) });
    res.writeHead(req.url!.startsWith('/push/gone/') ? 410 : 201).end();
  });
});
await new Promise<void>((r) => pushService.listen(0, '127.0.0.1', r));
afterAll(() => new Promise<void>((r) => pushService.close(() => r())));
const origin = `http://127.0.0.1:${(pushService.address() as AddressInfo).port}`;

// SEC-06: the test's own push service is allowed by its exact origin (production takes https hosts only).
const { app, database, config } = await build({ PUSH_HOSTS: origin });

/** RFC 8292: `vapid t=<ES256 JWT>, k=<public key>`; checks the signature with the advertised key. */
function vapidClaims(authorization: string, publicKey: string) {
  const m = /^vapid t=([^,]+),\s*k=(.+)$/.exec(authorization);
  expect(m).not.toBeNull();
  const [, token, k] = m!;
  expect(k).toBe(publicKey);
  const raw = Buffer.from(k!, 'base64url');
  const key = createPublicKey({
    key: { kty: 'EC', crv: 'P-256', x: raw.subarray(1, 33).toString('base64url'), y: raw.subarray(33).toString('base64url') },
    format: 'jwk',
  });
  const [header, payload, signature] = token!.split('.');
  const valid = verify('sha256', Buffer.from(`${header}.${payload}`), { key, dsaEncoding: 'ieee-p1363' }, Buffer.from(signature!, 'base64url'));
  expect(valid).toBe(true);
  return JSON.parse(Buffer.from(payload!, 'base64url').toString()) as { aud: string; sub: string; exp: number };
}

const subscribe = (auth: Record<string, string>, endpoint: string, keys: { p256dh: string; auth: string }) =>
  app.inject({ method: 'POST', url: '/api/push/subscribe', headers: auth, payload: { endpoint, keys } });

describe(`Web Push ${dbLabel}`, () => {
  test('[CALL-03] an incoming call is pushed encrypted (aes128gcm), VAPID-signed, TTL 60, urgency high, to every subscription', async () => {
    const publicKey = (await app.inject({ method: 'GET', url: '/api/push/vapid-public-key' })).json<{ publicKey: string }>().publicKey;
    expect(Buffer.from(publicKey, 'base64url')).toHaveLength(65);
    const { owner, code } = await ownedTag(app);
    const laptop = browserKeys();
    const phone = browserKeys();
    const id = randomBytes(6).toString('hex');
    expect((await subscribe(owner.auth, `${origin}/push/abc/${id}`, laptop.keys)).statusCode).toBe(201);
    expect((await subscribe(owner.auth, `${origin}/push/phone/${id}`, phone.keys)).statusCode).toBe(201);

    const { roomId } = await startCall(app, code, { latitude: -19.5, longitude: -43.5 });
    const [toLaptop, toPhone] = await eventually(async () => {
      const mine = [`/push/abc/${id}`, `/push/phone/${id}`].map((p) => received.find((r) => r.path === p));
      expect(mine.every(Boolean)).toBe(true);
      return mine.map((r) => r!);
    });
    const expected: PushPayload = {
      type: 'incoming-call',
      // TAG-10: the tag was added without a name, so it carries its default one.
      call: { roomId, latitude: -19.5, longitude: -43.5, tagCode: code, tagName: `Pet ${code.slice(-4)}`, productId: 3, unitName: null },
    };
    for (const [request, browser] of [
      [toLaptop!, laptop],
      [toPhone!, phone],
    ] as const) {
      expect(request.headers['content-encoding']).toBe('aes128gcm');
      expect(request.headers.ttl).toBe('60');
      expect(request.headers.urgency).toBe('high');
      const claims = vapidClaims(String(request.headers.authorization), publicKey);
      expect(claims).toMatchObject({ aud: origin, sub: config.push.subject });
      expect(claims.exp * 1000).toBeGreaterThan(Date.now());
      expect(JSON.parse(decrypt(request.body, browser.ecdh, browser.auth))).toEqual(expected);
    }
    // Another browser's keys cannot read it.
    expect(() => decrypt(toLaptop!.body, phone.ecdh, phone.auth)).toThrow();
  });

  test("[FIND-01] a scan is pushed to the owner and members with its own text and the history's address, never as a call", async () => {
    const { owner, code, members } = await ownedTag(app, 3, 1);
    const id = randomBytes(6).toString('hex');
    const ownerPhone = browserKeys();
    const memberPhone = browserKeys();
    await subscribe(owner.auth, `${origin}/push/scan-owner/${id}`, ownerPhone.keys);
    await subscribe(members[0]!.auth, `${origin}/push/scan-member/${id}`, memberPhone.keys);
    expect((await app.inject({ method: 'POST', url: `/api/public/tags/${code}/scan` })).statusCode).toBe(204);
    const pushed = await eventually(async () => {
      const mine = [`/push/scan-owner/${id}`, `/push/scan-member/${id}`].map((p) => received.find((r) => r.path === p));
      expect(mine.every(Boolean)).toBe(true);
      return mine.map((r) => r!);
    });
    for (const [request, browser] of [
      [pushed[0]!, ownerPhone],
      [pushed[1]!, memberPhone],
    ] as const) {
      const payload = JSON.parse(decrypt(request.body, browser.ecdh, browser.auth)) as PushPayload;
      expect(payload).toMatchObject({
        type: 'tag-scanned',
        text: callMsg.scanned(`Pet ${code.slice(-4)}`),
        url: paths.callHistory,
        scan: { tagCode: code, lost: false, latitude: null, locality: null },
      });
    }
  });

  test('[CALL-03] a subscription the push service says is gone (410) is deleted', async () => {
    const { owner, code } = await ownedTag(app);
    const endpoint = `${origin}/push/gone/${randomBytes(6).toString('hex')}`;
    await subscribe(owner.auth, endpoint, browserKeys().keys);
    await startCall(app, code);
    await eventually(async () => {
      expect(received.some((r) => endpoint.endsWith(r.path))).toBe(true);
      expect(await app.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.endpoint, endpoint))).toEqual([]);
    });
  });

  test('[CALL-03] subscribing needs a session and a valid subscription; the same endpoint is kept once', async () => {
    const endpoint = `${origin}/push/abc/${randomBytes(6).toString('hex')}`;
    const keys = browserKeys().keys;
    expect((await app.inject({ method: 'POST', url: '/api/push/subscribe', payload: { endpoint, keys } })).statusCode).toBe(401);
    const user = await signUp(app);
    expect((await subscribe(user.auth, 'not a url', keys)).statusCode).toBe(400);
    expect((await subscribe(user.auth, endpoint, { p256dh: '', auth: '' })).statusCode).toBe(400);
    expect((await subscribe(user.auth, `https://fcm.googleapis.com/fcm/send/${randomBytes(6).toString('hex')}`, keys)).statusCode).toBe(400);
    const other = await signUp(app);
    await subscribe(user.auth, endpoint, keys);
    await subscribe(other.auth, endpoint, keys);
    const rows = await app.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.endpoint, endpoint));
    expect(rows).toHaveLength(1);
  });

  test('[CALL-03] generated VAPID keys are stored once and every instance signs with them; configured keys win', async () => {
    const publicKey = app.push.publicKey;
    const [row] = await app.db.select().from(settings).where(eq(settings.key, 'vapid'));
    expect((row!.value as { publicKey: string }).publicKey).toBe(publicKey);
    const second = await buildApp(config, database);
    const configured = webpush.generateVAPIDKeys();
    const third = await buildApp(
      loadConfig({ NODE_ENV: 'test', DATA_DIR: 'memory://', VAPID_PUBLIC_KEY: configured.publicKey, VAPID_PRIVATE_KEY: configured.privateKey }),
      database,
    );
    try {
      expect(second.push.publicKey).toBe(publicKey);
      expect(third.push.publicKey).toBe(configured.publicKey);
    } finally {
      await second.close();
      await third.close();
    }
  });
});
