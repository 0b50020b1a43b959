import { describe, expect, test } from 'vitest';
import { desc, eq } from 'drizzle-orm';
import { RESET_CODE_MAX_ATTEMPTS, RESET_CODE_TTL_MS } from '@toque/contracts/constants';
import { apiMsg, msg } from '@toque/contracts/messages';
import { outbox, passwordResetCodes, users } from '../src/db/schema';
import { bearer, build, dbLabel, errorBody, lastResetCode, login, signUp, uniqueEmail } from './helpers';

// The code limits are raised here: rate-limit.test.ts proves them.
const { app } = await build({ RATE_CODE_PER_IP: '10000', RATE_LOGIN_PER_IP: '10000', RATE_LOGIN_PER_EMAIL: '10000' });

const generateCode = (email: unknown) =>
  app.inject({ method: 'POST', url: '/api/auth/generate-code', payload: { email } as object });

const resetPassword = (payload: object) => app.inject({ method: 'POST', url: '/api/auth/reset-password', payload });

const resetBody = (email: string, code: string, password = 'nova-senha-1') => ({
  email,
  code,
  password,
  confirmPassword: password,
});

async function userId(email: string) {
  const [row] = await app.db.select({ id: users.id }).from(users).where(eq(users.email, email));
  return row!.id;
}

async function latestCodeRow(email: string) {
  const [row] = await app.db
    .select()
    .from(passwordResetCodes)
    .where(eq(passwordResetCodes.userId, await userId(email)))
    .orderBy(desc(passwordResetCodes.id))
    .limit(1);
  return row!;
}

async function mailsTo(email: string) {
  return app.db.select().from(outbox).where(eq(outbox.to, email));
}

/** An account that asked for a code; returns it with the code read from its e-mail. */
async function accountWithCode() {
  const account = await signUp(app);
  expect((await generateCode(account.email)).statusCode).toBe(200);
  return { ...account, code: await lastResetCode(app, account.email) };
}

/** The password still in force is `password` (login works) and `other` is refused. */
async function expectPassword(email: string, password: string, other: string) {
  expect((await login(app, email, password)).statusCode).toBe(200);
  expect((await login(app, email, other)).statusCode).toBe(401);
}

describe(`POST /api/auth/generate-code ${dbLabel}`, () => {
  test('[AUTH-11] [AUTH-13] answers 200 and mails a 6-digit code that is stored only as a hash', async () => {
    const account = await signUp(app, { name: 'Clara Nunes' });
    const before = Date.now();
    const res = await generateCode(account.email.toUpperCase());
    expect(res.statusCode).toBe(200);
    expect(typeof res.json<{ message: string }>().message).toBe('string');

    const mails = await mailsTo(account.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.text).toContain('Clara');
    const code = await lastResetCode(app, account.email);
    expect(code).toMatch(/^\d{6}$/);

    const row = await latestCodeRow(account.email);
    expect(row.codeHash).not.toBe(code);
    expect(row.codeHash).not.toContain(code);
    expect(row.codeHash).toMatch(/^[0-9a-f]{64}$/);
    expect(row.usedAt).toBeNull();
    expect(row.attempts).toBe(0);
    // Expires in 15 minutes (a little slack for the clocks of the test and the database).
    expect(row.expiresAt.getTime()).toBeGreaterThanOrEqual(before + RESET_CODE_TTL_MS - 5_000);
    expect(row.expiresAt.getTime()).toBeLessThanOrEqual(Date.now() + RESET_CODE_TTL_MS + 5_000);
  });

  test('[AUTH-11] [AUTH-13] two requests mail two different codes', async () => {
    const account = await signUp(app);
    await generateCode(account.email);
    const first = await lastResetCode(app, account.email);
    // Codes are random: ask until one differs (1 in a million to need a third try).
    let second = first;
    for (let i = 0; i < 3 && second === first; i++) {
      await generateCode(account.email);
      second = await lastResetCode(app, account.email);
    }
    expect(second).not.toBe(first);
  });

  test('[AUTH-11] [API-03] an unknown e-mail answers 404 and mails nothing', async () => {
    const email = uniqueEmail('desconhecido');
    const res = await generateCode(email);
    expect(res.statusCode).toBe(404);
    expect(errorBody(res)).toBe(msg.forgotUserNotFound);
    expect(await mailsTo(email)).toHaveLength(0);
  });

  test('[AUTH-11] [API-03] an invalid or missing e-mail answers 400', async () => {
    const invalid = await generateCode('clara-sem-arroba');
    expect(invalid.statusCode).toBe(400);
    expect(errorBody(invalid)).toBe(msg.emailInvalid);

    const empty = await generateCode('');
    expect(empty.statusCode).toBe(400);
    expect(errorBody(empty)).toBe(msg.required);

    const missing = await app.inject({ method: 'POST', url: '/api/auth/generate-code', payload: {} });
    expect(missing.statusCode).toBe(400);
    errorBody(missing);
  });
});

describe(`POST /api/auth/reset-password ${dbLabel}`, () => {
  test('[AUTH-12] [AUTH-13] the mailed code answers 200; the new password logs in, the old one no longer', async () => {
    const account = await accountWithCode();
    const res = await resetPassword(resetBody(account.email, account.code, 'senha-nova-123'));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: msg.resetSuccess });
    await expectPassword(account.email, 'senha-nova-123', account.password);
    expect((await latestCodeRow(account.email)).usedAt).toBeInstanceOf(Date);
  });

  test('[AUTH-12] [API-03] a wrong code answers 401 and the password is unchanged', async () => {
    const account = await accountWithCode();
    const wrong = account.code === '000000' ? '000001' : '000000';
    const res = await resetPassword(resetBody(account.email, wrong));
    expect(res.statusCode).toBe(401);
    expect(errorBody(res)).toBe(msg.resetInvalidCode);
    await expectPassword(account.email, account.password, 'nova-senha-1');
  });

  test('[AUTH-12] [API-03] no code ever asked for answers 401', async () => {
    const account = await signUp(app);
    const res = await resetPassword(resetBody(account.email, '123456'));
    expect(res.statusCode).toBe(401);
    expect(errorBody(res)).toBe(apiMsg.resetInvalidCode);
  });

  test('[AUTH-12] [API-03] an unknown user answers 404', async () => {
    const res = await resetPassword(resetBody(uniqueEmail('ninguem'), '123456'));
    expect(res.statusCode).toBe(404);
    expect(errorBody(res)).toBe(msg.resetUserNotFound);
  });

  test('[AUTH-12] [API-03] a confirmation that differs answers 409 and the code stays usable', async () => {
    const account = await accountWithCode();
    const res = await resetPassword({
      ...resetBody(account.email, account.code, 'senha-nova-1'),
      confirmPassword: 'senha-nova-2',
    });
    expect(res.statusCode).toBe(409);
    expect(errorBody(res)).toBe(msg.resetPasswordsDontMatch);
    await expectPassword(account.email, account.password, 'senha-nova-1');

    expect((await resetPassword(resetBody(account.email, account.code, 'senha-nova-1'))).statusCode).toBe(200);
  });

  const invalid: [string, Record<string, string>, string][] = [
    ['an invalid e-mail', { email: 'sem-arroba' }, msg.emailInvalid],
    ['an empty code', { code: '' }, msg.resetCodeRequired],
    ['a short password', { password: '12345', confirmPassword: '12345' }, msg.passwordMin],
    ['an empty confirmation', { confirmPassword: '' }, msg.resetConfirmRequired],
  ];
  test.each(invalid)(
    '[AUTH-12] [API-03] %s answers 400 with its message; the password is unchanged',
    async (_, override, message) => {
      const account = await accountWithCode();
      const res = await resetPassword({ ...resetBody(account.email, account.code), ...override });
      expect(res.statusCode).toBe(400);
      expect(errorBody(res)).toBe(message);
      await expectPassword(account.email, account.password, 'nova-senha-1');
      expect((await latestCodeRow(account.email)).usedAt).toBeNull();
    },
  );

  test('[AUTH-13] an expired code is refused with 401', async () => {
    const account = await accountWithCode();
    const row = await latestCodeRow(account.email);
    await app.db
      .update(passwordResetCodes)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(passwordResetCodes.id, row.id));
    const res = await resetPassword(resetBody(account.email, account.code));
    expect(res.statusCode).toBe(401);
    expect(errorBody(res)).toBe(msg.resetInvalidCode);
    await expectPassword(account.email, account.password, 'nova-senha-1');
  });

  test('[AUTH-13] a code works once: its second use answers 401', async () => {
    const account = await accountWithCode();
    expect((await resetPassword(resetBody(account.email, account.code, 'primeira-troca'))).statusCode).toBe(200);
    const again = await resetPassword(resetBody(account.email, account.code, 'segunda-troca'));
    expect(again.statusCode).toBe(401);
    expect(errorBody(again)).toBe(msg.resetInvalidCode);
    await expectPassword(account.email, 'primeira-troca', 'segunda-troca');
  });

  test('[AUTH-13] after 5 wrong codes even the right code is refused', async () => {
    const account = await accountWithCode();
    const wrong = (i: number) => String((Number(account.code) + 1 + i) % 1_000_000).padStart(6, '0');
    for (let i = 0; i < RESET_CODE_MAX_ATTEMPTS; i++) {
      const res = await resetPassword(resetBody(account.email, wrong(i)));
      expect(res.statusCode, `wrong try ${i + 1}`).toBe(401);
    }
    expect((await latestCodeRow(account.email)).attempts).toBe(RESET_CODE_MAX_ATTEMPTS);

    const sixth = await resetPassword(resetBody(account.email, account.code));
    expect(sixth.statusCode).toBe(401);
    expect(errorBody(sixth)).toBe(msg.resetInvalidCode);
    await expectPassword(account.email, account.password, 'nova-senha-1');
  });

  test('[AUTH-13] four wrong codes still leave the right one usable', async () => {
    const account = await accountWithCode();
    const wrong = (i: number) => String((Number(account.code) + 1 + i) % 1_000_000).padStart(6, '0');
    for (let i = 0; i < RESET_CODE_MAX_ATTEMPTS - 1; i++) {
      expect((await resetPassword(resetBody(account.email, wrong(i)))).statusCode).toBe(401);
    }
    expect((await resetPassword(resetBody(account.email, account.code))).statusCode).toBe(200);
  });

  test('[AUTH-13] a newer code makes the older one invalid', async () => {
    const account = await accountWithCode();
    const older = account.code;
    let newer = older;
    // The two random codes could be equal (one in a million): ask again until they differ.
    for (let i = 0; i < 3 && newer === older; i++) {
      expect((await generateCode(account.email)).statusCode).toBe(200);
      newer = await lastResetCode(app, account.email);
    }
    const stale = await resetPassword(resetBody(account.email, older, 'com-codigo-velho'));
    expect(stale.statusCode).toBe(401);
    expect((await resetPassword(resetBody(account.email, newer, 'com-codigo-novo'))).statusCode).toBe(200);
    await expectPassword(account.email, 'com-codigo-novo', 'com-codigo-velho');
  });

  test("[AUTH-13] a code is bound to its account: another account's code is refused", async () => {
    const alice = await accountWithCode();
    const bob = await accountWithCode();
    const res = await resetPassword(resetBody(bob.email, alice.code === bob.code ? '999999' : alice.code));
    expect(res.statusCode).toBe(401);
    const bobRow = await app.db
      .select()
      .from(passwordResetCodes)
      .where(eq(passwordResetCodes.userId, await userId(bob.email)));
    expect(bobRow.every((r) => r.usedAt === null)).toBe(true);
  });

  test('[ACC-02] [AUTH-14] a reset ends the sessions opened before it', async () => {
    const account = await accountWithCode();
    const oldToken = account.token;
    expect(
      (await app.inject({ method: 'GET', url: '/api/profile/userName', headers: bearer(oldToken) })).statusCode,
    ).toBe(200);

    expect((await resetPassword(resetBody(account.email, account.code, 'depois-do-reset'))).statusCode).toBe(200);

    const stale = await app.inject({ method: 'GET', url: '/api/profile/userName', headers: bearer(oldToken) });
    expect(stale.statusCode).toBe(401);
    errorBody(stale);
    const check = await app.inject({ method: 'GET', url: '/api/auth/validateToken', headers: bearer(oldToken) });
    expect(check.json()).toEqual({ valid: false });

    const fresh = await login(app, account.email, 'depois-do-reset');
    const { token } = fresh.json<{ data: { token: string } }>().data;
    expect((await app.inject({ method: 'GET', url: '/api/profile/userName', headers: bearer(token) })).statusCode).toBe(
      200,
    );
  });
});
