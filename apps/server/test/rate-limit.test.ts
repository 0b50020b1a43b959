import { randomInt } from 'node:crypto';
import { connect as connectTo, createServer, type Socket } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, describe, expect, test } from 'vitest';
import { eq } from 'drizzle-orm';
import { Redis } from 'ioredis';
import type { FastifyInstance } from 'fastify';
import { apiMsg, callMsg } from '@toque/contracts/messages';
import type { CreateCallResponse } from '@toque/contracts/calls';
import { outbox } from '../src/db/schema';
import { loadConfig } from '../src/config';
import { buildApp } from '../src/app';
import { dbLabel, engine, errorBody, freePort, mint, newAccount, openTestDatabase, uniqueEmail } from './helpers';
import { ownedTag } from './calls-support';

const high = '100000';
const database = await openTestDatabase(engine === 'postgres' ? process.env.DATABASE_URL : undefined);
const apps: FastifyInstance[] = [];
afterAll(async () => {
  await Promise.all(apps.map((a) => a.close()));
  await database.close();
  for (const socket of [...silentSockets, ...relayed]) socket.destroy();
  await new Promise((resolve) => silentRedis.close(resolve));
  await new Promise((resolve) => relay.close(resolve));
});

/**
 * The real app with the default limits but these; every app of this file shares one database.
 * Test set-up (signing owners up, claiming their tags) comes from 127.0.0.1, so those two budgets
 * are out of the way unless a test lowers them. The Argon2 queue is the storm test's (its own file).
 */
async function build(env: Record<string, string> = {}) {
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: 'memory://',
    RATE_REGISTER_PER_IP: high,
    RATE_CLAIM_PER_IP: high,
    ARGON2_QUEUE: high,
    ...env,
  });
  const app = await buildApp(config, database);
  apps.push(app);
  await app.ready();
  return { app, config };
}

/** A Redis that accepts connections and never answers: a hung or partitioned one. */
const silentSockets = new Set<Socket>();
const silentRedis = createServer((socket) => {
  silentSockets.add(socket);
  socket.on('close', () => silentSockets.delete(socket));
});
await new Promise<void>((resolve) => silentRedis.listen(0, '127.0.0.1', resolve));

const defaults = await build();
const perEmail = await build({ RATE_LOGIN_PER_EMAIL: '3', RATE_LOGIN_PER_IP: high });
const perAddress = await build({ RATE_LOGIN_PER_IP: '3', RATE_LOGIN_PER_EMAIL: high });
const codes = await build({ RATE_CODE_PER_IP: '2', RATE_CODE_PER_ACCOUNT: high, RATE_LOGIN_PER_IP: high, RATE_LOGIN_PER_EMAIL: high });
const shortWindow = await build({ RATE_LOGIN_PER_EMAIL: '2', RATE_LOGIN_PER_IP: high, RATE_WINDOW_MS: '500' });
const claims = await build({ RATE_CLAIM_PER_IP: '2', RATE_REGISTER_PER_IP: '3', RATE_TAG_VIEW_PER_IP: '3' });
const ringing = await build({ RATE_CALL_PER_TAG: '2', RATE_CALL_RINGING_PER_TAG: '3' });
const redisUrl = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
// Two instances with one Redis, as two processes behind a load balancer would be.
const redisEnv = { REDIS_URL: redisUrl, RATE_LOGIN_PER_EMAIL: '3', RATE_LOGIN_PER_IP: high };
const redisA = await build(redisEnv);
const redisB = await build(redisEnv);
// The whole app's Redis is dead (REDIS_URL): the limits and the Socket.IO adapter both fall back.
const redisDown = await build({ REDIS_URL: `redis://127.0.0.1:${await freePort()}`, RATE_LOGIN_PER_EMAIL: '3' });

/** A TCP relay to the real Redis that a test can cut and restore: Redis going away and coming back. */
const upstream = new URL(redisUrl);
const relayed = new Set<Socket>();
let relayUp = true;
const relay = createServer((client) => {
  if (!relayUp) return client.destroy();
  const server = connectTo(Number(upstream.port || 6379), upstream.hostname);
  for (const end of [client, server]) {
    relayed.add(end);
    end.on('close', () => relayed.delete(end));
    end.on('error', () => end.destroy());
  }
  client.pipe(server).pipe(client);
  client.on('close', () => server.destroy());
  server.on('close', () => client.destroy());
});
await new Promise<void>((resolve) => relay.listen(0, '127.0.0.1', resolve));
const relayUrl = `redis://127.0.0.1:${(relay.address() as { port: number }).port}${upstream.pathname}`;
const relayEnv = { REDIS_URL: relayUrl, RATE_LOGIN_PER_EMAIL: '3', RATE_LOGIN_PER_IP: high };
const relayA = await build(relayEnv);
const relayB = await build(relayEnv);

const redisHung = await build({
  RATE_REDIS_URL: `redis://127.0.0.1:${(silentRedis.address() as { port: number }).port}`,
  RATE_LOGIN_PER_EMAIL: '3',
});

/** A public address of the documentation ranges, different for every call (keys never collide). */
const someAddress = () => `198.51.${randomInt(256)}.${randomInt(1, 255)}`;
/** A /64 of the documentation range, different for every call. */
const someNetwork = () => `2001:db8:${randomInt(0x10000).toString(16)}:${randomInt(0x10000).toString(16)}`;

async function register(app: FastifyInstance) {
  const account = newAccount();
  const res = await app.inject({ method: 'POST', url: '/api/auth/register', payload: account });
  expect(res.statusCode).toBe(201);
  return account;
}

function login(
  app: FastifyInstance,
  email: string,
  password: string,
  from = '127.0.0.1',
  headers: Record<string, string> = {},
) {
  return app.inject({
    method: 'POST',
    url: '/api/auth/login',
    remoteAddress: from,
    headers,
    payload: { email, password, platform: 'web', token: '' },
  });
}

type Answer = { statusCode: number; headers: Record<string, unknown>; json<T>(): T };

/** 429 with the catalogue's message and a `Retry-After` in seconds no longer than `windowMs`. */
function expectTooMany(res: Answer, message: string = apiMsg.tooManyRequests, windowMs = 15 * 60 * 1000) {
  expect(res.statusCode).toBe(429);
  expect(errorBody(res)).toBe(message);
  const retryAfter = Number(res.headers['retry-after']);
  expect(retryAfter).toBeGreaterThanOrEqual(1);
  expect(retryAfter).toBeLessThanOrEqual(Math.ceil(windowMs / 1000));
}

const call = (app: FastifyInstance, code: string, from: string) =>
  app.inject({ method: 'POST', url: '/api/calls', remoteAddress: from, payload: { code } });

describe(`rate limits: logins and reset codes ${dbLabel}`, () => {
  test('[SEC-05] 12 wrong passwords from one address do not stop the owner logging in from another', async () => {
    const { app, config } = defaults;
    const account = await register(app);
    const attacker = someAddress();
    const answers = [];
    for (let i = 0; i < 12; i++) answers.push((await login(app, account.email, 'wrong-password', attacker)).statusCode);
    const allowed = config.rateLimits.loginPerEmail;
    expect(answers).toEqual([...Array<number>(allowed).fill(401), ...Array<number>(12 - allowed).fill(429)]);
    // From the attacker's address even the right password now waits (it may be the attacker's guess).
    expectTooMany(await login(app, account.email, account.password, attacker));
    // The owner, elsewhere, logs in — the e-mail in another case is the same account.
    expect((await login(app, account.email.toUpperCase(), account.password, someAddress())).statusCode).toBe(200);
  });

  test('[SEC-01] [SEC-05] failed logins count per e-mail and address; a success clears them', async () => {
    const { app } = perEmail;
    const account = await register(app);
    const from = someAddress();
    for (let i = 0; i < 2; i++) expect((await login(app, account.email, 'wrong-password', from)).statusCode).toBe(401);
    expect((await login(app, account.email, account.password, from)).statusCode).toBe(200);
    // The success forgot the two failures: three more are allowed before the limit.
    for (let i = 0; i < 3; i++) expect((await login(app, account.email, 'wrong-password', from)).statusCode).toBe(401);
    expectTooMany(await login(app, account.email, account.password, from));
    // Another e-mail from the same address is not affected.
    const other = await register(app);
    expect((await login(app, other.email, other.password, from)).statusCode).toBe(200);
  });

  test('[SEC-01] [API-03] login: past the per-address limit every e-mail answers 429', async () => {
    const { app } = perAddress;
    const from = someAddress();
    for (let i = 0; i < 3; i++) expect((await login(app, uniqueEmail(), 'senha-123', from)).statusCode).toBe(401);
    const account = await register(app);
    expectTooMany(await login(app, account.email, account.password, from));
    // Another address still gets in.
    expect((await login(app, account.email, account.password, someAddress())).statusCode).toBe(200);
  });

  test('[SEC-05] 45 logins from different addresses of one IPv6 /64 meet the per-address limit', async () => {
    const { app, config } = defaults;
    const network = someNetwork();
    const answers = [];
    for (let i = 0; i < 45; i++) {
      const from = `${network}:${randomInt(0x10000).toString(16)}:${i.toString(16)}:1:${(i + 1).toString(16)}`;
      answers.push((await login(app, uniqueEmail(), 'senha-123', from)).statusCode);
    }
    const allowed = config.rateLimits.loginPerIp;
    expect(answers).toEqual([...Array<number>(allowed).fill(401), ...Array<number>(45 - allowed).fill(429)]);
    // The next /64 is another client.
    expect((await login(app, uniqueEmail(), 'senha-123', `${someNetwork()}::1`)).statusCode).toBe(401);
    // An IPv4-mapped address is its IPv4 address: one budget, whichever way the socket reports it.
    const v4 = someAddress();
    for (let i = 0; i < allowed; i++) await login(app, uniqueEmail(), 'senha-123', i % 2 ? v4 : `::ffff:${v4}`);
    expectTooMany(await login(app, uniqueEmail(), 'senha-123', v4));
  });

  test('[SEC-01] a client cannot dodge the per-address limit with a forged X-Forwarded-For', async () => {
    const { app } = perAddress;
    const from = someAddress();
    const answers = [];
    for (let i = 0; i < 4; i++) {
      const forged = { 'x-forwarded-for': `203.0.113.${i + 1}` };
      answers.push((await login(app, uniqueEmail(), 'senha-123', from, forged)).statusCode);
    }
    expect(answers).toEqual([401, 401, 401, 429]);
  });

  test('[SEC-01] behind a reverse proxy on the same host, the limit is per client address', async () => {
    const { app } = perAddress;
    const client = { 'x-forwarded-for': someAddress() };
    for (let i = 0; i < 3; i++)
      expect((await login(app, uniqueEmail(), 'senha-123', '127.0.0.1', client)).statusCode).toBe(401);
    expectTooMany(await login(app, uniqueEmail(), 'senha-123', '127.0.0.1', client));
    const another = { 'x-forwarded-for': someAddress() };
    expect((await login(app, uniqueEmail(), 'senha-123', '127.0.0.1', another)).statusCode).toBe(401);
  });

  test('[SEC-01] [API-03] generate-code: past the per-address limit answers 429 and mails nothing more', async () => {
    const { app } = codes;
    const account = await register(app);
    const from = someAddress();
    const ask = () =>
      app.inject({
        method: 'POST',
        url: '/api/auth/generate-code',
        remoteAddress: from,
        payload: { email: account.email },
      });
    expect((await ask()).statusCode).toBe(200);
    expect((await ask()).statusCode).toBe(200);
    expectTooMany(await ask());
    expect(await app.db.select().from(outbox).where(eq(outbox.to, account.email))).toHaveLength(2);
  });

  test('[SEC-05] 20 reset requests for one account from 20 addresses send at most 5 mails', async () => {
    const { app, config } = defaults;
    const account = await register(app);
    const answers: Answer[] = [];
    for (let i = 0; i < 20; i++) {
      answers.push(
        await app.inject({
          method: 'POST',
          url: '/api/auth/generate-code',
          remoteAddress: someAddress(),
          payload: { email: i % 2 ? account.email : ` ${account.email.toUpperCase()} ` },
        }),
      );
    }
    const allowed = config.rateLimits.codePerAccount;
    expect(allowed).toBe(5);
    expect(answers.map((a) => a.statusCode)).toEqual([...Array<number>(allowed).fill(200), ...Array<number>(20 - allowed).fill(429)]);
    for (const refused of answers.slice(allowed)) expectTooMany(refused);
    expect(await app.db.select().from(outbox).where(eq(outbox.to, account.email))).toHaveLength(allowed);
    // Another account is not affected.
    const other = await register(app);
    const asked = await app.inject({ method: 'POST', url: '/api/auth/generate-code', remoteAddress: someAddress(), payload: { email: other.email } });
    expect(asked.statusCode).toBe(200);
  });

  test('[SEC-01] [API-03] reset-password is rate-limited per address', async () => {
    const { app } = codes;
    const account = await register(app);
    const from = someAddress();
    const reset = () =>
      app.inject({
        method: 'POST',
        url: '/api/auth/reset-password',
        remoteAddress: from,
        payload: { email: account.email, code: '123456', password: 'nova-senha', confirmPassword: 'nova-senha' },
      });
    // Three times the code limit: a user mistyping a code a few times is never locked out.
    for (let i = 0; i < 6; i++) expect((await reset()).statusCode).toBe(401);
    expectTooMany(await reset());
  });

  test('[SEC-05] reset-password is rate-limited per account whatever the address', async () => {
    const { app, config } = defaults;
    const account = await register(app);
    const reset = () =>
      app.inject({
        method: 'POST',
        url: '/api/auth/reset-password',
        remoteAddress: someAddress(),
        payload: { email: account.email, code: '123456', password: 'nova-senha', confirmPassword: 'nova-senha' },
      });
    for (let i = 0; i < config.rateLimits.codePerAccount * 3; i++) expect((await reset()).statusCode).toBe(401);
    expectTooMany(await reset());
  });

  test('[SEC-01] the window ends: after it, the same e-mail may try again', async () => {
    const { app } = shortWindow;
    const email = uniqueEmail('janela');
    expect((await login(app, email, 'senha-123')).statusCode).toBe(401);
    expect((await login(app, email, 'senha-123')).statusCode).toBe(401);
    expectTooMany(await login(app, email, 'senha-123'));
    // rate-limiter-flexible counts whole seconds: a 500 ms window lasts one second.
    await sleep(1100);
    expect((await login(app, email, 'senha-123')).statusCode).toBe(401);
  });
});

describe(`rate limits: accounts, claims and the finder's view ${dbLabel}`, () => {
  test('[SEC-05] registration and onboarding share a per-address budget of new accounts', async () => {
    const { app } = claims;
    const from = someAddress();
    const signUpFrom = () => app.inject({ method: 'POST', url: '/api/auth/register', remoteAddress: from, payload: newAccount() });
    expect((await signUpFrom()).statusCode).toBe(201);
    expect((await signUpFrom()).statusCode).toBe(201);
    const [code] = await mint(app, 1);
    const onboarded = await app.inject({
      method: 'POST',
      url: '/api/auth/web-onboarding',
      remoteAddress: from,
      payload: { ...newAccount(), code, productId: 1 },
    });
    expect(onboarded.statusCode).toBe(201);
    expectTooMany(await signUpFrom());
    // Another address still signs up.
    expect((await app.inject({ method: 'POST', url: '/api/auth/register', remoteAddress: someAddress(), payload: newAccount() })).statusCode).toBe(201);
  });

  test('[SEC-05] claiming codes (associate) is limited per address', async () => {
    const { app } = claims;
    const account = await register(app);
    const token = (await login(app, account.email, account.password, someAddress())).json<{ data: { token: string } }>().data.token;
    const from = someAddress();
    const associate = (code: string, at = from) =>
      app.inject({
        method: 'PUT',
        url: '/api/products/associateQrCode',
        remoteAddress: at,
        headers: { authorization: `Bearer ${token}` },
        payload: { code },
      });
    expect((await associate('ZZZZZZZZ')).statusCode).toBe(404);
    expect((await associate('ZZZZZZZY')).statusCode).toBe(404);
    const [real] = await mint(app, 1);
    expectTooMany(await associate(real!));
    expect((await associate(real!, someAddress())).statusCode).toBe(200);
  });

  test('[SEC-05] the public tag view is limited per address (an IPv6 /64 is one address)', async () => {
    const { app, config } = claims;
    const [code] = await mint(app, 1);
    const network = someNetwork();
    const view = (from: string) => app.inject({ method: 'GET', url: `/api/public/tags/${code}`, remoteAddress: from });
    for (let i = 1; i <= 3; i++) expect((await view(`${network}::${i}`)).statusCode).toBe(200);
    expectTooMany(await view(`${network}::99`), apiMsg.tooManyRequests, config.rateLimits.tagViewWindowMs);
    expect((await view(`${someNetwork()}::1`)).statusCode).toBe(200);
  });
});

describe(`rate limits: calls ${dbLabel}`, () => {
  test('[SEC-05] a 15-call flood from one address never silences the tag: a finder elsewhere still calls, the message path stays open', async () => {
    const { app, config } = defaults;
    const { code } = await ownedTag(app);
    const flooder = someAddress();
    const flood: Answer[] = [];
    for (let i = 0; i < 15; i++) flood.push(await call(app, code, flooder));
    const allowed = config.calls.perTag;
    expect(flood.map((a) => a.statusCode)).toEqual([...Array<number>(allowed).fill(201), ...Array<number>(15 - allowed).fill(429)]);
    for (const refused of flood.slice(allowed)) expectTooMany(refused, apiMsg.tooManyRequests, config.calls.windowMs);

    const finder = await call(app, code, someAddress());
    expect(finder.statusCode).toBe(201);
    // The finder's message is never counted against the flood (nor anything else).
    const { roomId, callerToken } = finder.json<CreateCallResponse>();
    const message = await app.inject({
      method: 'POST',
      url: `/api/calls/${roomId}/message`,
      remoteAddress: flooder,
      headers: { authorization: `Bearer ${callerToken}` },
      payload: { message: 'Encontrei seu cachorro na praça.' },
    });
    expect(message.statusCode).toBe(201);
  });

  test('[SEC-05] calls ringing at once on one tag are capped; the refusal says when a line frees', async () => {
    const { app, config } = ringing;
    const { code } = await ownedTag(app);
    const first = someAddress();
    const second = someAddress();
    expect((await call(app, code, first)).statusCode).toBe(201);
    expect((await call(app, code, first)).statusCode).toBe(201);
    const third = await call(app, code, second);
    expect(third.statusCode).toBe(201);
    // Three ring: a fourth finder waits, with the time until the oldest stops ringing.
    expectTooMany(await call(app, code, someAddress()), callMsg.tooManyRinging, config.calls.ringTimeoutMs);
    // A finder who leaves a message ends its ringing: a line is free again.
    const { roomId, callerToken } = third.json<CreateCallResponse>();
    const message = await app.inject({
      method: 'POST',
      url: `/api/calls/${roomId}/message`,
      headers: { authorization: `Bearer ${callerToken}` },
      payload: { message: 'Achei a chave.' },
    });
    expect(message.statusCode).toBe(201);
    expect((await call(app, code, someAddress())).statusCode).toBe(201);
  });
});

describe(`rate limits in Redis ${dbLabel}`, () => {
  test('[SEC-01] with REDIS_URL two app instances share the counts', async () => {
    const redis = new Redis(redisUrl, { lazyConnect: true, maxRetriesPerRequest: 1 });
    try {
      // This test must not pass silently without Redis: no answer is a failure.
      await redis.connect();
      expect(await redis.ping()).toBe('PONG');

      const email = uniqueEmail('redis');
      const from = someAddress();
      const a = redisA.app;
      const b = redisB.app;
      expect((await login(a, email, 'senha-123', from)).statusCode).toBe(401);
      expect((await login(b, email, 'senha-123', from)).statusCode).toBe(401);
      expect((await login(a, email, 'senha-123', from)).statusCode).toBe(401);
      expectTooMany(await login(b, email, 'senha-123', from));
      expectTooMany(await login(a, email, 'senha-123', from));

      // The count lives in Redis and expires with the window (never a lock-out for good).
      const key = `toque:rl:loginFailures:${email}|${from}`;
      expect(Number(await redis.get(key))).toBe(3);
      const ttl = await redis.pttl(key);
      expect(ttl).toBeGreaterThan(0);
      expect(ttl).toBeLessThanOrEqual(redisA.config.rateLimits.windowMs);
      await redis.del(key, `toque:rl:loginPerAddress:${from}`);
    } finally {
      redis.disconnect();
    }
  });

  test.each([
    ['down (a closed port)', redisDown],
    ['hung (connects, never answers)', redisHung],
  ])('[REL-03] [SEC-05] the limits\' Redis %s: login, calls and reset codes still answer, limited in the process', async (_, { app }) => {
    const account = await register(app);
    expect((await login(app, account.email, account.password, someAddress())).statusCode).toBe(200);
    const from = someAddress();
    for (let i = 0; i < 3; i++) expect((await login(app, account.email, 'wrong-password', from)).statusCode).toBe(401);
    expectTooMany(await login(app, account.email, account.password, from));

    const { code } = await ownedTag(app);
    expect((await call(app, code, someAddress())).statusCode).toBe(201);
    const asked = await app.inject({ method: 'POST', url: '/api/auth/generate-code', remoteAddress: someAddress(), payload: { email: account.email } });
    expect(asked.statusCode).toBe(200);
  });
  test('[REL-03] [SEC-05] Redis going away and coming back: counts fall back to each process, then are shared again', async () => {
    const redis = new Redis(redisUrl, { lazyConnect: true, maxRetriesPerRequest: 1 });
    try {
      await redis.connect();
      const a = relayA.app;
      const b = relayB.app;
      /** Whether `app` counts in Redis: a failed login of a fresh e-mail leaves its key there. */
      const countsInRedis = async (app: FastifyInstance) => {
        const email = uniqueEmail('probe');
        const from = someAddress();
        await login(app, email, 'senha-123', from);
        return (await redis.exists(`toque:rl:loginFailures:${email}|${from}`)) === 1;
      };
      expect(await countsInRedis(a)).toBe(true);

      relayUp = false;
      for (const socket of relayed) socket.destroy();
      // Down: each process counts alone, and answers.
      const email = uniqueEmail('apart');
      const from = someAddress();
      for (let i = 0; i < 3; i++) expect((await login(a, email, 'senha-123', from)).statusCode).toBe(401);
      expectTooMany(await login(a, email, 'senha-123', from));
      expect((await login(b, email, 'senha-123', from)).statusCode).toBe(401);
      expect(await countsInRedis(a)).toBe(false);

      relayUp = true;
      // Both reconnect on their own (ioredis retries every 2 s at most).
      for (const app of [a, b]) {
        let back = false;
        for (let i = 0; i < 40 && !back; i++) {
          back = await countsInRedis(app);
          if (!back) await sleep(250);
        }
        expect(back).toBe(true);
      }
      const shared = uniqueEmail('shared');
      const at = someAddress();
      expect((await login(a, shared, 'senha-123', at)).statusCode).toBe(401);
      expect((await login(b, shared, 'senha-123', at)).statusCode).toBe(401);
      expect((await login(a, shared, 'senha-123', at)).statusCode).toBe(401);
      expectTooMany(await login(b, shared, 'senha-123', at));
    } finally {
      redis.disconnect();
    }
  });
});
