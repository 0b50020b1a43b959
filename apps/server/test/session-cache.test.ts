import { randomUUID } from 'node:crypto';
import { describe, expect, test } from 'vitest';
import jwt from 'jsonwebtoken';
import { eq, sql } from 'drizzle-orm';
import type { Redis } from 'ioredis';
import type { FastifyInstance } from 'fastify';
import { apiMsg } from '@toque/contracts/messages';
import { users } from '../src/db/schema';
import { bearer, build, buildPair, dbLabel, errorBody, lastResetCode, login, signUp } from './helpers';
import { signUpAdmin } from './condo-support';
import { eventually, userId } from './calls-support';

// PERF-01 keeps each user's token version, block and admin flag in every process (docs/decisions/0018);
// these tests hold that copy to ACC-02 and ADM-07: a change is seen by the very next request, anywhere.

const list = (app: FastifyInstance, token: string) =>
  app.inject({ method: 'GET', url: '/api/products/listProducts', headers: bearer(token) });

async function changePassword(app: FastifyInstance, user: { auth: Record<string, string>; password: string }) {
  const res = await app.inject({
    method: 'PUT',
    url: '/api/profile/updateUser',
    headers: user.auth,
    payload: { name: 'Maria Souza', password: user.password, newPassword: 'novaSenha456' },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ token: string }>().token;
}

function block(app: FastifyInstance, admin: { auth: Record<string, string> }, id: string, blocked: boolean) {
  return app.inject({ method: 'POST', url: `/api/admin/users/${id}/block`, headers: admin.auth, payload: { blocked } });
}

/** Makes a request on `app` until its cache holds the user (the Redis link may still be coming up). */
async function cachedOn(app: FastifyInstance, token: string) {
  await eventually(async () => {
    expect((await list(app, token)).statusCode).toBe(200);
    expect(app.sessionCache.get(userId(token))).toBeDefined();
  });
}

const { app } = await build();

describe(`the session cache on one process ${dbLabel}`, () => {
  test('[PERF-01] a cached session is answered without reading the user row; invalidate makes the next request read it', async () => {
    const user = await signUp(app);
    const id = userId(user.token);
    await cachedOn(app, user.token);
    // A write that bypasses app.sessions (as no code path may) is not seen: the row is not read per request.
    await app.db
      .update(users)
      .set({ tokenVersion: sql`${users.tokenVersion} + 1` })
      .where(eq(users.id, id));
    expect((await list(app, user.token)).statusCode).toBe(200);
    await app.sessions.invalidate(id);
    const res = await list(app, user.token);
    expect(res.statusCode).toBe(401);
    expect(errorBody(res)).toBe(apiMsg.invalidToken);
  });

  test('[ACC-02] a revoked token is refused on the very next request on the same process (password change and reset)', async () => {
    const user = await signUp(app);
    await cachedOn(app, user.token);
    const fresh = await changePassword(app, user);
    expect((await list(app, user.token)).statusCode).toBe(401);
    expect((await list(app, fresh)).statusCode).toBe(200);

    // A reset ends the fresh token too, at once.
    await cachedOn(app, fresh);
    expect(
      (await app.inject({ method: 'POST', url: '/api/auth/generate-code', payload: { email: user.email } })).statusCode,
    ).toBe(200);
    const code = await lastResetCode(app, user.email);
    const reset = await app.inject({
      method: 'POST',
      url: '/api/auth/reset-password',
      payload: { email: user.email, code, password: 'outraSenha789', confirmPassword: 'outraSenha789' },
    });
    expect(reset.statusCode, reset.body).toBe(200);
    expect((await list(app, fresh)).statusCode).toBe(401);
  });

  test('[PERF-01] [SEC-02] tokens that do not verify make no cache entry, whatever id they name', async () => {
    const user = await signUp(app);
    const id = userId(user.token);
    const before = app.sessionCache.size;
    const forged = [
      jwt.sign({ tv: 0 }, 'not-the-secret', { algorithm: 'HS256', subject: id }),
      jwt.sign({ tv: 0 }, 'not-the-secret', { algorithm: 'HS256', subject: randomUUID() }),
      // alg "none": no signature at all.
      `${Buffer.from('{"alg":"none","typ":"JWT"}').toString('base64url')}.${Buffer.from(JSON.stringify({ sub: id, tv: 0 })).toString('base64url')}.`,
      `${user.token.slice(0, -4)}AAAA`,
      'not.a.jwt',
    ];
    for (let i = 0; i < 50; i += 1) {
      forged.push(jwt.sign({ tv: 0 }, `forger-${i}`, { algorithm: 'HS256', subject: randomUUID() }));
    }
    for (const token of forged) {
      const res = await list(app, token);
      expect(res.statusCode).toBe(401);
      expect(errorBody(res)).toBe(apiMsg.invalidToken);
    }
    expect(app.sessionCache.size).toBe(before);
    expect(app.sessionCache.get(id)).toBeUndefined();
  });
});

const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379/3';
const [a, b] = await buildPair({ REDIS_URL });

describe(`the session cache across two processes sharing the database and Redis ${dbLabel}`, () => {
  test('[ACC-02] [PERF-01] a password change on process A ends the old token on process B at the very next request', async () => {
    const user = await signUp(a.app);
    // B has the session cached before the change.
    await cachedOn(b.app, user.token);
    const fresh = await changePassword(a.app, user);
    const res = await list(b.app, user.token);
    expect(res.statusCode).toBe(401);
    expect(errorBody(res)).toBe(apiMsg.invalidToken);
    expect((await list(b.app, fresh)).statusCode).toBe(200);
  });

  test('[ACC-02] [ADM-07] a block on process A ends the session on process B at once; an unblock on A lets a new login in on B at once', async () => {
    const user = await signUp(a.app);
    const admin = await signUpAdmin(a.app);
    const id = userId(user.token);
    await cachedOn(b.app, user.token);
    expect((await block(a.app, admin, id, true)).statusCode).toBe(200);
    expect((await list(b.app, user.token)).statusCode).toBe(401);

    // B now holds the row that says blocked; the unblock must reach it too.
    expect((await block(a.app, admin, id, false)).statusCode).toBe(200);
    const again = await login(a.app, user.email, user.password);
    expect(again.statusCode, again.body).toBe(200);
    const token = again.json<{ data: { token: string } }>().data.token;
    expect((await list(b.app, token)).statusCode).toBe(200);
  });

  test('[PERF-01] [REL-03] while its Redis link is down a process trusts no cached row, and starts empty when it is back', async () => {
    const user = await signUp(a.app);
    await cachedOn(b.app, user.token);
    const sub = (b.app.io.of('/').adapter as unknown as { subClient: Redis }).subClient;
    const closed = new Promise((resolve) => sub.once('close', resolve));
    sub.disconnect(true);
    await closed;
    // Suspended: nothing kept is read, and requests still work (from the database).
    expect(b.app.sessionCache.size).toBe(0);
    expect((await list(b.app, user.token)).statusCode).toBe(200);
    expect(b.app.sessionCache.get(userId(user.token))).toBeUndefined();
    // Back: it caches again.
    await cachedOn(b.app, user.token);
  });
});
