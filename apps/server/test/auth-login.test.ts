import { createECDH, randomBytes, randomUUID } from 'node:crypto';
import { describe, expect, test } from 'vitest';
import { eq } from 'drizzle-orm';
import { apiMsg } from '@toque/contracts/messages';
import { pushSubscriptions, users } from '../src/db/schema';
import { bearer, build, dbLabel, errorBody, login, signUp, uniqueEmail } from './helpers';

// Limits are raised here: rate-limit.test.ts proves them; this file proves the answers.
const { app } = await build({ RATE_LOGIN_PER_IP: '10000', RATE_LOGIN_PER_EMAIL: '10000' });

/** A browser's push keys (SEC-06 validates them): a P-256 public point and 16 auth bytes. */
function browserKeys() {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  return { p256dh: ecdh.getPublicKey().toString('base64url'), auth: randomBytes(16).toString('base64url') };
}

describe(`POST /api/auth/login ${dbLabel}`, () => {
  test('[AUTH-03] [AUTH-05] the right password answers 200 with a token that opens /profile/userName', async () => {
    const account = await signUp(app, { name: 'Joana Prado' });
    const res = await login(app, account.email, account.password);
    expect(res.statusCode).toBe(200);
    const { token } = res.json<{ data: { token: string } }>().data;
    expect(token).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);

    const me = await app.inject({ method: 'GET', url: '/api/profile/userName', headers: bearer(token) });
    expect(me.statusCode).toBe(200);
    expect(me.json()).toEqual({ userName: 'Joana Prado' });
  });

  test('[AUTH-03] the e-mail is matched whatever its case and surrounding spaces', async () => {
    const account = await signUp(app);
    const res = await login(app, `  ${account.email.toUpperCase()} `, account.password);
    expect(res.statusCode).toBe(200);
  });

  test('[AUTH-03] [API-03] missing or empty fields answer 400 {message}', async () => {
    const account = await signUp(app);
    const bodies = [
      {},
      { password: account.password },
      { email: account.email },
      { email: '', password: account.password },
      { email: account.email, password: '' },
      { email: '   ', password: account.password },
    ];
    for (const payload of bodies) {
      const res = await app.inject({ method: 'POST', url: '/api/auth/login', payload });
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(errorBody(res)).not.toBe('');
    }
  });

  test('[AUTH-04] [API-03] a wrong password answers 401 {message}', async () => {
    const account = await signUp(app);
    const res = await login(app, account.email, 'not-the-password');
    expect(res.statusCode).toBe(401);
    expect(errorBody(res)).toBe(apiMsg.badCredentials);
  });

  test('[AUTH-04] [API-03] an unknown e-mail answers the same 401 as a wrong password', async () => {
    const res = await login(app, uniqueEmail('ninguem'), 'qualquer-senha');
    expect(res.statusCode).toBe(401);
    expect(errorBody(res)).toBe(apiMsg.badCredentials);
  });

  test('[AUTH-03] a Web Push subscription sent as `token` is stored for the user', async () => {
    const account = await signUp(app);
    const endpoint = `https://fcm.googleapis.com/fcm/send/${randomUUID()}`;
    const subscription = { endpoint, keys: browserKeys() };
    const res = await login(app, account.email, account.password, { token: JSON.stringify(subscription) });
    expect(res.statusCode).toBe(200);

    const [user] = await app.db.select({ id: users.id }).from(users).where(eq(users.email, account.email));
    const rows = await app.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.endpoint, endpoint));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ userId: user!.id, endpoint, keys: subscription.keys });

    // Logging in again from the same browser keeps one row, not two.
    expect(
      (await login(app, account.email, account.password, { token: JSON.stringify(subscription) })).statusCode,
    ).toBe(200);
    expect(await app.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.endpoint, endpoint))).toHaveLength(
      1,
    );
  });

  test('[AUTH-03] an empty or unusable `token` still logs in and stores no subscription', async () => {
    const account = await signUp(app);
    const [user] = await app.db.select({ id: users.id }).from(users).where(eq(users.email, account.email));
    for (const token of ['', 'not json', '{"endpoint":"not a url","keys":{"p256dh":"x","auth":"y"}}', '[]']) {
      const res = await login(app, account.email, account.password, { token });
      expect(res.statusCode, token).toBe(200);
    }
    expect(await app.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, user!.id))).toHaveLength(0);
  });

  test('[AUTH-03] a failed login stores no push subscription', async () => {
    const account = await signUp(app);
    const endpoint = `https://fcm.googleapis.com/fcm/send/${randomUUID()}`;
    const token = JSON.stringify({ endpoint, keys: browserKeys() });
    const res = await login(app, account.email, 'wrong-password', { token });
    expect(res.statusCode).toBe(401);
    expect(await app.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.endpoint, endpoint))).toHaveLength(
      0,
    );
  });
});
