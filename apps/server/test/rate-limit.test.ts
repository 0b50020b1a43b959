import { randomInt } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, describe, expect, test } from 'vitest';
import { eq } from 'drizzle-orm';
import { Redis } from 'ioredis';
import type { FastifyInstance } from 'fastify';
import { apiMsg } from '@toque/contracts/messages';
import { outbox } from '../src/db/schema';
import { loadConfig } from '../src/config';
import { openDatabase } from '../src/db/client';
import { buildApp } from '../src/app';
import { dbLabel, engine, errorBody, newAccount, uniqueEmail } from './helpers';

const high = '100000';
const database = await openDatabase({
  databaseUrl: engine === 'postgres' ? process.env.DATABASE_URL : undefined,
  dataDir: 'memory://',
});
const apps: FastifyInstance[] = [];
afterAll(async () => {
  await Promise.all(apps.map((a) => a.close()));
  await database.close();
});

/** The real app with these limits; every app of this file shares one database (one PGlite is enough). */
async function build(env: Record<string, string>) {
  const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: 'memory://', ...env });
  const app = await buildApp(config, database);
  apps.push(app);
  await app.ready();
  return { app, config };
}

const perEmail = await build({ RATE_LOGIN_PER_EMAIL: '3', RATE_LOGIN_PER_IP: high });
const perAddress = await build({ RATE_LOGIN_PER_IP: '3', RATE_LOGIN_PER_EMAIL: high });
const codes = await build({ RATE_CODE_PER_IP: '2', RATE_LOGIN_PER_IP: high, RATE_LOGIN_PER_EMAIL: high });
const shortWindow = await build({ RATE_LOGIN_PER_EMAIL: '2', RATE_LOGIN_PER_IP: high, RATE_WINDOW_MS: '500' });
const redisUrl = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
// Two instances with one Redis, as two processes behind a load balancer would be.
const redisEnv = { REDIS_URL: redisUrl, RATE_LOGIN_PER_EMAIL: '3', RATE_LOGIN_PER_IP: high };
const redisA = await build(redisEnv);
const redisB = await build(redisEnv);

/** A public address of the documentation ranges, different for every call (keys never collide). */
const someAddress = () => `198.51.${randomInt(256)}.${randomInt(1, 255)}`;

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

function expectTooMany(res: { statusCode: number; headers: Record<string, unknown>; json<T>(): T }) {
  expect(res.statusCode).toBe(429);
  expect(errorBody(res)).toBe(apiMsg.tooManyRequests);
}

describe(`rate limits ${dbLabel}`, () => {
  test('[SEC-01] [API-03] login: past the per-e-mail limit even the right password answers 429 {message}', async () => {
    const { app } = perEmail;
    const account = await register(app);
    for (let i = 0; i < 3; i++) expect((await login(app, account.email, 'wrong-password')).statusCode).toBe(401);
    expectTooMany(await login(app, account.email, account.password));
    // The same e-mail in another case, from another address, is the same target.
    expectTooMany(await login(app, account.email.toUpperCase(), account.password, someAddress()));
    // Another e-mail is not affected.
    const other = await register(app);
    expect((await login(app, other.email, other.password)).statusCode).toBe(200);
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

  test('[SEC-01] the window ends: after it, the same e-mail may try again', async () => {
    const { app } = shortWindow;
    const email = uniqueEmail('janela');
    expect((await login(app, email, 'senha-123')).statusCode).toBe(401);
    expect((await login(app, email, 'senha-123')).statusCode).toBe(401);
    expectTooMany(await login(app, email, 'senha-123'));
    await sleep(600);
    expect((await login(app, email, 'senha-123')).statusCode).toBe(401);
  });

  test('[SEC-01] with REDIS_URL two app instances share the login counts', async () => {
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
      expectTooMany(await login(a, email, 'senha-123', someAddress()));

      // The count lives in Redis and expires with the window (never a lock-out for good).
      const key = `toque:rl:login:email:${email}`;
      expect(Number(await redis.get(key))).toBe(5);
      const ttl = await redis.pttl(key);
      expect(ttl).toBeGreaterThan(0);
      expect(ttl).toBeLessThanOrEqual(redisA.config.rateLimits.windowMs);
      await redis.del(key, `toque:rl:login:ip:${from}`);
    } finally {
      redis.disconnect();
    }
  });
});
