import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { randomBytes } from 'node:crypto';
import { afterAll, describe, expect, test } from 'vitest';
import { eq } from 'drizzle-orm';
import type { PushPayload } from '@toque/contracts/push';
import { apiMsg } from '@toque/contracts/messages';
import {
  ringingUi,
  TEST_CALL_ID_PREFIX,
  TEST_CALLS_PER_WINDOW,
  type TestCallResponse,
} from '@toque/contracts/ringing';
import { calls, scans } from '../src/db/schema';
import { bearer, build, dbLabel, signUp } from './helpers';
import { connect, eventually, listen, ownedTag, record, settle } from './calls-support';
import { browserKeys, decrypt } from './push-support';

/** A push service of the test's own: keeps every request it is sent. */
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

const { app } = await build({ PUSH_HOSTS: origin });
const url = await listen(app);

/** Any text (typed, for the lint's sake). */
const anyString = expect.any(String) as string;

const testCall = (headers: Record<string, string> = {}) => app.inject({ method: 'POST', url: '/api/calls/test', headers, payload: {} });

describe(`test call ${dbLabel}`, () => {
  test('[CALL-16] rings every open session and push subscription of the owner, nobody else, and records nothing', async () => {
    const { owner, code } = await ownedTag(app);
    const stranger = await signUp(app, { name: 'Estela Estranha' });
    const laptop = record(await connect(url, owner.token));
    const phone = record(await connect(url, owner.token));
    const other = record(await connect(url, stranger.token));
    const device = browserKeys();
    const path = `/push/teste/${randomBytes(6).toString('hex')}`;
    const subscribed = await app.inject({
      method: 'POST',
      url: '/api/push/subscribe',
      headers: owner.auth,
      payload: { endpoint: `${origin}${path}`, keys: device.keys },
    });
    expect(subscribed.statusCode).toBe(201);

    const res = await testCall(owner.auth);
    expect(res.statusCode).toBe(200);
    const body = res.json<TestCallResponse>();
    expect(body).toEqual({ message: ringingUi.testSent, id: anyString, openSessions: 2, pushDevices: 1 });
    expect(body.id.startsWith(TEST_CALL_ID_PREFIX)).toBe(true);

    // Both of the owner's sessions ring with the same test; the stranger's stays silent.
    for (const session of [laptop, phone]) {
      expect(await session.next('test-call')).toEqual({ id: body.id, sentAt: anyString });
    }
    // The push reaches the subscription, encrypted for that browser, with the worker's text.
    const push = await eventually(async () => {
      const found = received.find((r) => r.path === path);
      expect(found).toBeDefined();
      return found!;
    });
    const payload = JSON.parse(decrypt(push.body, device.ecdh, device.auth)) as PushPayload;
    expect(payload).toEqual({ type: 'test-call', test: { id: body.id, sentAt: anyString }, text: ringingUi.card.notification });

    await settle();
    expect(other.all('test-call')).toEqual([]);
    expect(other.all('incoming-call')).toEqual([]);
    expect(laptop.all('incoming-call')).toEqual([]);
    // Nothing is written: no call, no scan, an empty history.
    expect(await app.db.select().from(calls).where(eq(calls.tagCode, code))).toEqual([]);
    expect(await app.db.select().from(scans).where(eq(scans.tagCode, code))).toEqual([]);
    const history = await app.inject({ method: 'GET', url: '/api/calls/history', headers: owner.auth });
    expect(history.json()).toEqual([]);
  });

  test('[CALL-16] [SEC-02] without a session: 401 with a message, nothing rings', async () => {
    const owner = await signUp(app, { name: 'Sem Sessao' });
    const socket = record(await connect(url, owner.token));
    for (const headers of [{}, bearer('nao-e-um-token'), { authorization: 'Basic abc' }]) {
      const res = await testCall(headers);
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ message: anyString });
    }
    await settle();
    expect(socket.all('test-call')).toEqual([]);
  });

  test('[CALL-16] [SEC-01] limited per account: past the limit a 429 in Portuguese, and another account still rings', async () => {
    const owner = await signUp(app, { name: 'Teste Repetido' });
    const other = await signUp(app, { name: 'Outra Conta' });
    for (let i = 0; i < TEST_CALLS_PER_WINDOW; i++) expect((await testCall(owner.auth)).statusCode).toBe(200);
    const refused = await testCall(owner.auth);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({ message: apiMsg.tooManyRequests });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    const ok = await testCall(other.auth);
    expect(ok.statusCode).toBe(200);
    expect(ok.json<TestCallResponse>()).toMatchObject({ openSessions: 0, pushDevices: 0 });
  });
});
