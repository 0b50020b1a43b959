import { describe, expect, test } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { apiMsg, msg } from '@toque/contracts/messages';
import { users } from '../src/db/schema';
import { build, dbLabel, errorBody, login, newAccount } from './helpers';

const { app } = await build({ RATE_LOGIN_PER_IP: '10000', RATE_LOGIN_PER_EMAIL: '10000' });

const register = (payload: unknown) =>
  app.inject({ method: 'POST', url: '/api/auth/register', payload: payload as object });

/** Rows whose e-mail is this one, whatever its case. */
async function usersWithEmail(email: string) {
  return app.db
    .select()
    .from(users)
    .where(sql`lower(${users.email}) = ${email.trim().toLowerCase()}`);
}

describe(`POST /api/auth/register ${dbLabel}`, () => {
  test('[AUTH-07] [AUTH-08] [SEC-01] a valid account answers 201, is stored with an Argon2id hash, and can log in', async () => {
    const account = newAccount({ name: '  Maria Souza ' });
    const res = await register({ ...account, email: `  ${account.email.toUpperCase()}  ` });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({ message: msg.registerSuccess });

    const rows = await app.db.select().from(users).where(eq(users.email, account.email));
    expect(rows).toHaveLength(1);
    const row = rows[0]!;
    expect(row).toMatchObject({
      name: 'Maria Souza',
      email: account.email,
      phone: account.phone,
      cpfCnpj: account.cpfOrCnpj,
      isToqueAdmin: false,
    });
    expect(row.passwordHash).toMatch(/^\$argon2id\$/);
    expect(row.passwordHash).not.toContain(account.password);

    expect((await login(app, account.email, account.password)).statusCode).toBe(200);
  });

  // AUTH-07: each field's rule surfaces as the catalogue's message, and nothing is stored.
  const invalid: [string, Record<string, string>, string][] = [
    ['an empty name', { name: '' }, msg.required],
    ['a blank name', { name: '    ' }, msg.required],
    ['a name over 50 characters', { name: 'N'.repeat(51) }, msg.nameMax],
    ['an invalid e-mail', { email: 'maria.exemplo.com' }, msg.emailInvalidRegister],
    ['a short phone', { phone: '319888777' }, msg.phoneInvalid],
    ['a short CPF/CNPJ', { cpfOrCnpj: '1234567890' }, msg.cpfInvalid],
    ['a short password', { password: '12345' }, msg.passwordMin],
  ];
  test.each(invalid)(
    '[AUTH-07] [API-03] %s answers 400 with its message and stores nothing',
    async (_, override, message) => {
      const account = newAccount();
      const res = await register({ ...account, ...override });
      expect(res.statusCode).toBe(400);
      expect(errorBody(res)).toBe(message);
      expect(await usersWithEmail(override.email ?? account.email)).toHaveLength(0);
    },
  );

  test('[AUTH-07] the limits themselves are accepted (name 50, phone 10, CPF 11, password 6)', async () => {
    const account = newAccount({
      name: 'N'.repeat(50),
      phone: '3198888777',
      cpfOrCnpj: '52998224725',
      password: '123456',
    });
    const res = await register(account);
    expect(res.statusCode).toBe(201);
    expect(await usersWithEmail(account.email)).toHaveLength(1);
  });

  test('[AUTH-07] [API-03] a missing field answers 400 {message} and stores nothing', async () => {
    for (const field of ['name', 'email', 'phone', 'cpfOrCnpj', 'password'] as const) {
      const account: Partial<ReturnType<typeof newAccount>> = newAccount();
      const email = account.email!;
      delete account[field];
      const res = await register(account);
      expect(res.statusCode, field).toBe(400);
      errorBody(res);
      expect(await usersWithEmail(email)).toHaveLength(0);
    }
  });

  test('[AUTH-08] [API-03] an e-mail that already has an account answers 409, in any case', async () => {
    const account = newAccount();
    expect((await register(account)).statusCode).toBe(201);

    const again = await register({ ...account, name: 'Outra Pessoa' });
    expect(again.statusCode).toBe(409);
    expect(errorBody(again)).toBe(apiMsg.userExists);

    const shouted = await register({ ...newAccount(), email: account.email.toUpperCase() });
    expect(shouted.statusCode).toBe(409);
    expect(errorBody(shouted)).toBe(msg.registerConflict);

    const rows = await usersWithEmail(account.email);
    expect(rows).toHaveLength(1);
    expect(rows[0]!.name).toBe(account.name);
  });

  test('[AUTH-08] [REL-01] concurrent registrations of one e-mail give one account and 409 for the rest', async () => {
    const account = newAccount();
    const answers = await Promise.all(Array.from({ length: 5 }, () => register(account)));
    expect(answers.map((r) => r.statusCode).sort()).toEqual([201, 409, 409, 409, 409]);
    expect(await usersWithEmail(account.email)).toHaveLength(1);
  });
});
