import { describe, expect, test } from 'vitest';
import jwt from 'jsonwebtoken';
import { eq } from 'drizzle-orm';
import { apiMsg, msg } from '@toque/contracts/messages';
import { users } from '../src/db/schema';
import { operatorService } from '../src/modules/operator/service';
import { bearer, build, dbLabel, errorBody, login, signUp, uniqueEmail } from './helpers';

const { app, config } = await build({ RATE_LOGIN_PER_IP: '10000', RATE_LOGIN_PER_EMAIL: '10000' });

const get = (url: string, headers: Record<string, string> = {}) => app.inject({ method: 'GET', url, headers });
const updateUser = (headers: Record<string, string>, payload: object) =>
  app.inject({ method: 'PUT', url: '/api/profile/updateUser', headers, payload });
const validate = (headers: Record<string, string> = {}) =>
  get('/api/auth/validateToken', headers).then((r) => {
    expect(r.statusCode).toBe(200);
    return r.json<{ valid: boolean }>();
  });

async function storedName(email: string) {
  const [row] = await app.db.select({ name: users.name }).from(users).where(eq(users.email, email));
  return row!.name;
}

describe(`GET /api/profile/* ${dbLabel}`, () => {
  test('[AUTH-05] userName answers the account name', async () => {
    const account = await signUp(app, { name: 'Rita Lee' });
    const res = await get('/api/profile/userName', account.auth);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ userName: 'Rita Lee' });
  });

  test('[AUTH-05] isToqueAdmin is false for a customer', async () => {
    const account = await signUp(app);
    const res = await get('/api/profile/isToqueAdmin', account.auth);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ toqueAdmin: false });
  });

  test('[AUTH-05] isToqueAdmin is true for an admin made by the operator', async () => {
    const email = uniqueEmail('admin');
    await operatorService.createAdmin(app.db, { email, password: 'admin-senha', name: 'Ana Admin' });
    const res = await login(app, email, 'admin-senha');
    expect(res.statusCode).toBe(200);
    const { token } = res.json<{ data: { token: string } }>().data;
    const admin = await get('/api/profile/isToqueAdmin', bearer(token));
    expect(admin.statusCode).toBe(200);
    expect(admin.json()).toEqual({ toqueAdmin: true });
  });

  test('[AUTH-05] [API-03] every profile path answers 401 {message} without a token', async () => {
    for (const [method, url] of [
      ['GET', '/api/profile/userName'],
      ['GET', '/api/profile/isToqueAdmin'],
      ['PUT', '/api/profile/updateUser'],
    ] as const) {
      const res = await app.inject({
        method,
        url,
        payload: method === 'PUT' ? { name: 'X', password: 'y' } : undefined,
      });
      expect(res.statusCode, url).toBe(401);
      expect(errorBody(res)).toBe(apiMsg.unauthorized);
    }
  });

  test('[AUTH-05] [API-03] a garbage or foreign token answers 401 {message}', async () => {
    const account = await signUp(app);
    const [user] = await app.db.select({ id: users.id }).from(users).where(eq(users.email, account.email));
    const foreign = jwt.sign({ tv: 0 }, 'another-secret-of-16+chars', { subject: user!.id });
    for (const authorization of ['Bearer garbage', `Bearer ${foreign}`, `Basic ${account.token}`, 'Bearer ']) {
      const res = await get('/api/profile/userName', { authorization });
      expect(res.statusCode, authorization).toBe(401);
      errorBody(res);
    }
  });
});

describe(`GET /api/auth/validateToken ${dbLabel}`, () => {
  test('[AUTH-14] a good token is valid', async () => {
    const account = await signUp(app);
    expect(await validate(account.auth)).toEqual({ valid: true });
  });

  test('[AUTH-14] no token, garbage, a foreign signature or an expired token are not valid', async () => {
    const account = await signUp(app);
    const [user] = await app.db
      .select({ id: users.id, tv: users.tokenVersion })
      .from(users)
      .where(eq(users.email, account.email));
    const expired = jwt.sign({ tv: user!.tv, exp: Math.floor(Date.now() / 1000) - 60 }, config.jwtSecret, {
      subject: user!.id,
    });
    const foreign = jwt.sign({ tv: user!.tv }, 'another-secret-of-16+chars', { subject: user!.id });
    const unsigned = jwt.sign({ tv: user!.tv, sub: user!.id }, '', { algorithm: 'none' });

    expect(await validate()).toEqual({ valid: false });
    expect(await validate(bearer('garbage'))).toEqual({ valid: false });
    expect(await validate(bearer(expired))).toEqual({ valid: false });
    expect(await validate(bearer(foreign))).toEqual({ valid: false });
    expect(await validate(bearer(unsigned))).toEqual({ valid: false });
  });

  test('[AUTH-14] the token of a deleted account is not valid', async () => {
    const account = await signUp(app);
    await app.db.delete(users).where(eq(users.email, account.email));
    expect(await validate(account.auth)).toEqual({ valid: false });
    expect((await get('/api/profile/userName', account.auth)).statusCode).toBe(401);
  });
});

describe(`PUT /api/profile/updateUser ${dbLabel}`, () => {
  test('[ACC-01] the current password renames the account (trimmed); the token keeps working', async () => {
    const account = await signUp(app);
    const res = await updateUser(account.auth, { name: '  Maria Clara  ', password: account.password });
    expect(res.statusCode).toBe(200);
    expect(res.json<{ message: string; token?: string }>()).toEqual({ message: msg.profileSuccess });
    expect(await storedName(account.email)).toBe('Maria Clara');
    expect((await get('/api/profile/userName', account.auth)).json()).toEqual({ userName: 'Maria Clara' });
  });

  test('[ACC-01] [API-03] a wrong current password answers 401 and the name is unchanged', async () => {
    const account = await signUp(app, { name: 'Nome Antigo' });
    const res = await updateUser(account.auth, { name: 'Nome Novo', password: 'not-my-password' });
    expect(res.statusCode).toBe(401);
    expect(errorBody(res)).toBe(apiMsg.wrongPassword);
    expect(await storedName(account.email)).toBe('Nome Antigo');
    // A wrong password does not end the session either.
    expect(await validate(account.auth)).toEqual({ valid: true });
  });

  const invalid: [string, Record<string, string>, string][] = [
    ['an empty name', { name: '' }, msg.nameEmpty],
    ['a blank name', { name: '   ' }, msg.nameEmpty],
    ['a name over 50 characters', { name: 'N'.repeat(51) }, msg.nameMax],
    ['an empty current password', { password: '' }, msg.currentPasswordRequired],
    ['a new password under 6 characters', { newPassword: '12345' }, msg.passwordMin],
  ];
  test.each(invalid)(
    '[ACC-01] [API-03] %s answers 400 with its message and changes nothing',
    async (_, override, message) => {
      const account = await signUp(app, { name: 'Nome Antigo' });
      const res = await updateUser(account.auth, { name: 'Nome Novo', password: account.password, ...override });
      expect(res.statusCode).toBe(400);
      expect(errorBody(res)).toBe(message);
      expect(await storedName(account.email)).toBe('Nome Antigo');
      expect(await validate(account.auth)).toEqual({ valid: true });
    },
  );

  test('[ACC-01] a name of exactly 50 characters is accepted', async () => {
    const account = await signUp(app);
    const name = 'N'.repeat(50);
    expect((await updateUser(account.auth, { name, password: account.password })).statusCode).toBe(200);
    expect(await storedName(account.email)).toBe(name);
  });

  test('[ACC-02] a new password ends older sessions; the returned token works', async () => {
    const account = await signUp(app);
    const other = await login(app, account.email, account.password);
    const otherToken = other.json<{ data: { token: string } }>().data.token;

    const res = await updateUser(account.auth, {
      name: account.name,
      password: account.password,
      newPassword: 'troquei-123',
    });
    expect(res.statusCode).toBe(200);
    const { token } = res.json<{ message: string; token: string }>();
    expect(token).toEqual(expect.any(String));

    for (const stale of [account.token, otherToken]) {
      const r = await get('/api/profile/userName', bearer(stale));
      expect(r.statusCode).toBe(401);
      expect(errorBody(r)).toBe(apiMsg.invalidToken);
      expect(await validate(bearer(stale))).toEqual({ valid: false });
    }
    expect((await get('/api/profile/userName', bearer(token))).statusCode).toBe(200);
    expect(await validate(bearer(token))).toEqual({ valid: true });

    expect((await login(app, account.email, 'troquei-123')).statusCode).toBe(200);
    expect((await login(app, account.email, account.password)).statusCode).toBe(401);
  });

  test('[ACC-02] a rename without a new password keeps every session', async () => {
    const account = await signUp(app);
    const res = await updateUser(account.auth, { name: 'Só o Nome', password: account.password, newPassword: '' });
    expect(res.statusCode).toBe(200);
    expect(res.json<{ token?: string }>().token).toBeUndefined();
    expect(await validate(account.auth)).toEqual({ valid: true });
    expect((await login(app, account.email, account.password)).statusCode).toBe(200);
  });
});
