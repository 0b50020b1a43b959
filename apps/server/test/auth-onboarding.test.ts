import { describe, expect, test } from 'vitest';
import { eq, inArray, sql } from 'drizzle-orm';
import { apiMsg, msg } from '@toque/contracts/messages';
import { tags, users } from '../src/db/schema';
import { bearer, build, dbLabel, errorBody, mint, newAccount, signUp, uniqueEmail } from './helpers';

const { app } = await build({ RATE_LOGIN_PER_IP: '10000', RATE_LOGIN_PER_EMAIL: '10000' });

const onboard = (payload: object) => app.inject({ method: 'POST', url: '/api/auth/web-onboarding', payload });

function onboardingBody(code: string, productId: number, overrides: Record<string, unknown> = {}) {
  return { ...newAccount(), code, productId, ...overrides };
}

async function ownerOf(code: string) {
  const [tag] = await app.db.select({ ownerId: tags.ownerId }).from(tags).where(eq(tags.code, code));
  if (!tag) throw new Error(`no tag ${code}`);
  return tag.ownerId;
}

async function countUsers(...emails: string[]) {
  const rows = await app.db
    .select({ id: users.id })
    .from(users)
    .where(
      inArray(
        sql`lower(${users.email})`,
        emails.map((e) => e.toLowerCase()),
      ),
    );
  return rows.length;
}

/** A refused onboarding writes nothing: no account, and the code still has no owner. */
async function expectNothingWritten(email: string, code: string, owner: string | null = null) {
  expect(await countUsers(email)).toBe(0);
  expect(await ownerOf(code)).toBe(owner);
}

describe(`POST /api/auth/web-onboarding ${dbLabel}`, () => {
  test('[AUTH-09] [AUTH-10] a free code answers 201 with a token of a new account that owns the code', async () => {
    const [code] = await mint(app, 3);
    const body = onboardingBody(code!, 3, { name: 'Pedro Tutor' });
    const res = await onboard(body);
    expect(res.statusCode).toBe(201);
    const { token } = res.json<{ data: { token: string } }>().data;

    const [user] = await app.db.select().from(users).where(eq(users.email, body.email));
    expect(user).toMatchObject({ name: 'Pedro Tutor', phone: body.phone, cpfCnpj: body.cpfOrCnpj });
    expect(await ownerOf(code!)).toBe(user!.id);

    const me = await app.inject({ method: 'GET', url: '/api/profile/userName', headers: bearer(token) });
    expect(me.statusCode).toBe(200);
    expect(me.json()).toEqual({ userName: 'Pedro Tutor' });
  });

  test('[AUTH-09] the code is read case-insensitively and productId may come as a string (the dropdown value)', async () => {
    const [code] = await mint(app, 1);
    const body = onboardingBody(code!.toLowerCase(), 1, { productId: '1' });
    const res = await onboard(body);
    expect(res.statusCode).toBe(201);
    const [user] = await app.db.select({ id: users.id }).from(users).where(eq(users.email, body.email));
    expect(await ownerOf(code!)).toBe(user!.id);
  });

  test('[AUTH-10] [API-03] an unknown code answers 404 and creates no account', async () => {
    // 0 is outside the minting alphabet, so no tag can have this code.
    const body = onboardingBody('00000000', 1);
    const res = await onboard(body);
    expect(res.statusCode).toBe(404);
    expect(errorBody(res)).toBe(msg.onboardingQrNotFound);
    expect(await countUsers(body.email)).toBe(0);
  });

  test('[AUTH-10] [API-03] an already claimed code answers 404; the owner and accounts are unchanged', async () => {
    const [code] = await mint(app, 2);
    const first = onboardingBody(code!, 2);
    expect((await onboard(first)).statusCode).toBe(201);
    const owner = await ownerOf(code!);

    const second = onboardingBody(code!, 2);
    const res = await onboard(second);
    expect(res.statusCode).toBe(404);
    expect(errorBody(res)).toBe(apiMsg.qrUnavailable);
    await expectNothingWritten(second.email, code!, owner);
  });

  test('[AUTH-10] [API-03] an inactive code answers 404 and writes nothing', async () => {
    const [code] = await mint(app, 4);
    await app.db.update(tags).set({ isActive: false }).where(eq(tags.code, code!));
    const body = onboardingBody(code!, 4);
    const res = await onboard(body);
    expect(res.statusCode).toBe(404);
    expect(errorBody(res)).toBe(apiMsg.qrUnavailable);
    await expectNothingWritten(body.email, code!);
  });

  test('[AUTH-10] [API-03] a disabled code answers 404 and writes nothing', async () => {
    const [code] = await mint(app, 4);
    await app.db.update(tags).set({ disabledAt: new Date() }).where(eq(tags.code, code!));
    const body = onboardingBody(code!, 4);
    const res = await onboard(body);
    expect(res.statusCode).toBe(404);
    errorBody(res);
    await expectNothingWritten(body.email, code!);
  });

  test("[AUTH-10] [API-03] a product type that is not the code's answers 401 and writes nothing", async () => {
    const [code] = await mint(app, 1);
    const body = onboardingBody(code!, 3);
    const res = await onboard(body);
    expect(res.statusCode).toBe(401);
    expect(errorBody(res)).toBe(apiMsg.qrTypeMismatch);
    await expectNothingWritten(body.email, code!);
  });

  test('[AUTH-10] [API-03] an e-mail that has an account answers 409; the code stays free', async () => {
    const existing = await signUp(app);
    const [code] = await mint(app, 2);
    const res = await onboard(onboardingBody(code!, 2, { email: existing.email.toUpperCase() }));
    expect(res.statusCode).toBe(409);
    expect(errorBody(res)).toBe(msg.onboardingConflict);
    expect(await countUsers(existing.email)).toBe(1);
    expect(await ownerOf(code!)).toBeNull();
  });

  const invalid: [string, Record<string, unknown>, string | undefined][] = [
    ['an invalid e-mail', { email: 'pedro-sem-arroba' }, msg.emailInvalid],
    ['a short phone', { phone: '12345' }, msg.phoneInvalid],
    ['a short CPF/CNPJ', { cpfOrCnpj: '123' }, msg.cpfInvalid],
    ['a short password', { password: 'abc' }, msg.passwordMin],
    ['an empty name', { name: ' ' }, msg.required],
    ['a productId that is not a number', { productId: 'pet' }, undefined],
    ['a productId outside the types', { productId: 9 }, msg.productTypeRequired],
    ['a code of the wrong length', { code: 'ABC' }, undefined],
  ];
  test.each(invalid)('[AUTH-09] [API-03] %s answers 400 and writes nothing', async (_, override, message) => {
    const [code] = await mint(app, 1);
    const body = onboardingBody(code!, 1, override);
    const res = await onboard(body);
    expect(res.statusCode).toBe(400);
    const text = errorBody(res);
    if (message) expect(text).toBe(message);
    await expectNothingWritten(body.email, code!);
  });

  test('[REL-01] 10 concurrent onboardings of one code: one 201, nine 404, exactly one owner', async () => {
    const [code] = await mint(app, 5);
    const bodies = Array.from({ length: 10 }, () => onboardingBody(code!, 5, { email: uniqueEmail('concorrente') }));
    const answers = await Promise.all(bodies.map(onboard));
    const statuses = answers.map((r) => r.statusCode);
    expect(statuses.filter((s) => s === 201)).toHaveLength(1);
    expect(statuses.filter((s) => s === 404)).toHaveLength(9);

    const winner = bodies[statuses.indexOf(201)]!;
    const created = await app.db
      .select({ id: users.id, email: users.email })
      .from(users)
      .where(
        inArray(
          users.email,
          bodies.map((b) => b.email),
        ),
      );
    expect(created.map((u) => u.email)).toEqual([winner.email]);
    expect(await ownerOf(code!)).toBe(created[0]!.id);
  });

  test('[REL-01] 64 concurrent onboardings over 8 codes: one account and one owner per code, the rest refused', async () => {
    // Enough overlap that, without the row lock, two transactions of one code do meet on PostgreSQL.
    const codes = await mint(app, 4, 8);
    const bodies = codes.flatMap((code) =>
      Array.from({ length: 8 }, () => onboardingBody(code, 4, { email: uniqueEmail('corrida') })),
    );
    const answers = await Promise.all(bodies.map(onboard));
    expect(answers.filter((r) => r.statusCode === 201)).toHaveLength(8);
    expect(answers.filter((r) => r.statusCode === 404)).toHaveLength(56);

    const created = await app.db
      .select({ id: users.id })
      .from(users)
      .where(
        inArray(
          users.email,
          bodies.map((b) => b.email),
        ),
      );
    expect(created).toHaveLength(8);
    const owners = await Promise.all(codes.map(ownerOf));
    expect(new Set(owners)).toEqual(new Set(created.map((u) => u.id)));
  });

  test('[REL-01] [AUTH-10] concurrent onboardings of one e-mail on two codes: one account, the other code stays free', async () => {
    const codes = await mint(app, 2, 2);
    const email = uniqueEmail('mesmo');
    const answers = await Promise.all(codes.map((code) => onboard(onboardingBody(code, 2, { email }))));
    expect(answers.map((r) => r.statusCode).sort()).toEqual([201, 409]);

    const [user] = await app.db.select({ id: users.id }).from(users).where(eq(users.email, email));
    const owners = await Promise.all(codes.map(ownerOf));
    expect(owners.filter((o) => o === user!.id)).toHaveLength(1);
    expect(owners.filter((o) => o === null)).toHaveLength(1);
    expect(await countUsers(email)).toBe(1);
  });
});
