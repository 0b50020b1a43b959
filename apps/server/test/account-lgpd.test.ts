import { createECDH, randomBytes } from 'node:crypto';
import { describe, expect, test } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { accountExport, accountMailMsg, accountMsg, TERMS_VERSION } from '@toque/contracts/account';
import { adminApi } from '@toque/contracts/routes';
import { apiMsg, callMsg, msg, tagMsg } from '@toque/contracts/messages';
import { calls, condominiums, outbox, tagMembers, tags, unitResidents, users } from '../src/db/schema';
import { operatorService } from '../src/modules/operator/service';
import { resetPageLink } from '../src/modules/auth/mail';
import { bearer, build, dbLabel, errorBody, login, mint, newAccount, signUp } from './helpers';
import { connect, listen, ownedTag, plate, startCall, userId, type Client } from './calls-support';

const { app, config } = await build();
const url = await listen(app);

type Headers = Record<string, string>;

function browserKeys() {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  return { p256dh: ecdh.getPublicKey().toString('base64url'), auth: randomBytes(16).toString('base64url') };
}
const send = (method: 'GET' | 'PUT' | 'POST' | 'DELETE', path: string, headers: Headers, payload?: object) =>
  app.inject({ method, url: `/api${path}`, headers, ...(payload ? { payload } : {}) });

async function userRow(email: string) {
  const [row] = await app.db.select().from(users).where(eq(users.email, email));
  return row;
}

/** Every row of every table of the public schema, as text, that mentions one of `needles`. */
async function rowsMentioning(needles: string[]) {
  // pg and PGlite both answer { rows }.
  const query = async <T>(q: ReturnType<typeof sql>): Promise<T[]> => {
    const result: unknown = await app.db.execute(q);
    return (result as { rows: T[] }).rows;
  };
  const tables = await query<{ table_name: string }>(
    sql`select table_name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE'`,
  );
  const found: string[] = [];
  for (const { table_name } of tables) {
    for (const needle of needles) {
      const rows = await query<{ n: number }>(
        sql`select count(*)::int as n from ${sql.identifier(table_name)} t where t::text ilike ${`%${needle}%`}`,
      );
      if ((rows[0]?.n ?? 0) > 0) found.push(`${table_name}: ${needle}`);
    }
  }
  return found;
}

function dropped(socket: Client, timeoutMs = 2000): Promise<string> {
  if (socket.disconnected) return Promise.resolve('already');
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`still connected after ${timeoutMs} ms`)), timeoutMs);
    socket.once('disconnect', (reason) => {
      clearTimeout(timer);
      resolve(reason);
    });
  });
}

describe(`[ACC-03] consent at sign-up ${dbLabel}`, () => {
  test('[ACC-03] register without consent is 400 with the Portuguese message, and writes nothing', async () => {
    const { termsVersion: _omitted, ...account } = newAccount();
    const res = await app.inject({ method: 'POST', url: '/api/auth/register', payload: account });
    expect(res.statusCode).toBe(400);
    expect(errorBody(res)).toBe('É preciso aceitar os Termos de uso e a Política de privacidade.');
    expect(await userRow(account.email)).toBeUndefined();
  });

  test('[ACC-03] register with an outdated version is 400 and writes nothing', async () => {
    const account = newAccount({ termsVersion: '2020-01-01' });
    const res = await app.inject({ method: 'POST', url: '/api/auth/register', payload: account });
    expect(res.statusCode).toBe(400);
    expect(errorBody(res)).toBe(
      'Os Termos de uso ou a Política de privacidade mudaram. Recarregue a página e aceite a versão atual.',
    );
    expect(await userRow(account.email)).toBeUndefined();
  });

  test('[ACC-03] register records the accepted version and when', async () => {
    const before = Date.now();
    const account = await signUp(app);
    const row = await userRow(account.email);
    expect(row?.termsVersion).toBe(TERMS_VERSION);
    expect(row?.termsAcceptedAt?.getTime()).toBeGreaterThanOrEqual(before - 1000);
  });

  test('[ACC-03] onboarding without consent is 400, the code stays free; with it the version is recorded', async () => {
    const [code] = await mint(app, 2);
    const { termsVersion: _omitted, ...account } = newAccount();
    const refused = await app.inject({
      method: 'POST',
      url: '/api/auth/web-onboarding',
      payload: { ...account, code, productId: 2 },
    });
    expect(refused.statusCode).toBe(400);
    expect(errorBody(refused)).toBe(accountMsg.termsRequired);
    expect(await userRow(account.email)).toBeUndefined();

    const ok = await app.inject({
      method: 'POST',
      url: '/api/auth/web-onboarding',
      payload: { ...account, termsVersion: TERMS_VERSION, code, productId: 2 },
    });
    expect(ok.statusCode).toBe(201);
    expect((await userRow(account.email))?.termsVersion).toBe(TERMS_VERSION);
  });
});

describe(`[ACC-03] my account: phone and e-mail ${dbLabel}`, () => {
  test('[ACC-03] GET /account shows the name, e-mail, phone and the consent', async () => {
    const account = await signUp(app, { phone: '31977776666' });
    const res = await send('GET', '/account', account.auth);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      name: account.name,
      email: account.email,
      phone: '31977776666',
      termsVersion: TERMS_VERSION,
    });
  });

  test('[ACC-03] a new phone and e-mail are saved with the password; the new e-mail logs in and the old address is told', async () => {
    const account = await signUp(app);
    const newEmail = `Nova.${account.email}`;
    const res = await send('PUT', '/account/contact', account.auth, {
      email: `  ${newEmail}  `,
      phone: '11 91234-5678',
      password: account.password,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: 'Dados de contato atualizados.' });
    const row = await userRow(newEmail.toLowerCase());
    expect(row?.phone).toBe('11 91234-5678');
    expect((await login(app, newEmail.toLowerCase(), account.password)).statusCode).toBe(200);
    expect((await login(app, account.email, account.password)).statusCode).toBe(401);
    const told = await app.db.select().from(outbox).where(eq(outbox.to, account.email));
    expect(told.map((m) => m.subject)).toContain(accountMailMsg.emailChangedSubject);
    expect(told.find((m) => m.subject === accountMailMsg.emailChangedSubject)?.text).toContain(newEmail.toLowerCase());
  });

  test('[ACC-03] a wrong password is 401 in Portuguese and nothing is written', async () => {
    const account = await signUp(app);
    const res = await send('PUT', '/account/contact', account.auth, {
      email: `outro.${account.email}`,
      phone: '11912345678',
      password: 'senha-errada',
    });
    expect(res.statusCode).toBe(401);
    expect(errorBody(res)).toBe('Senha incorreta.');
    const row = await userRow(account.email);
    expect(row?.phone).toBe(account.phone);
  });

  test('[ACC-03] an e-mail of another account is 409 in Portuguese and nothing is written', async () => {
    const account = await signUp(app);
    const other = await signUp(app);
    const res = await send('PUT', '/account/contact', account.auth, {
      email: other.email.toUpperCase(),
      phone: '11912345678',
      password: account.password,
    });
    expect(res.statusCode).toBe(409);
    expect(errorBody(res)).toBe('Este e-mail já é usado por outra conta.');
    expect((await userRow(account.email))?.phone).toBe(account.phone);
  });

  test('[ACC-03] bad input is 400 in Portuguese: invalid e-mail, short phone, no password', async () => {
    const account = await signUp(app);
    for (const [payload, message] of [
      [{ email: 'nao-e-email', phone: '11912345678', password: account.password }, msg.emailInvalid],
      [{ email: account.email, phone: '123', password: account.password }, msg.phoneInvalid],
      [{ email: account.email, phone: '11912345678', password: '' }, 'Informe sua senha para confirmar.'],
    ] as const) {
      const res = await send('PUT', '/account/contact', account.auth, payload);
      expect(res.statusCode).toBe(400);
      expect(errorBody(res)).toBe(message);
    }
    expect((await userRow(account.email))?.phone).toBe(account.phone);
  });

  test('[ACC-03] every account path is 401 without a session', async () => {
    for (const [method, path] of [
      ['GET', '/account'],
      ['PUT', '/account/contact'],
      ['POST', '/account/export'],
      ['POST', '/account/delete'],
    ] as const) {
      const body =
        path === '/account/contact'
          ? { email: 'a@exemplo.com.br', phone: '11912345678', password: 'x' }
          : { password: 'x' };
      const res = await send(method, path, {}, method === 'GET' ? undefined : body);
      expect(res.statusCode, path).toBe(401);
      expect(errorBody(res)).toBe(apiMsg.unauthorized);
    }
  });

  test('[ACC-03] wrong passwords are limited per account; the right one still works for the owner after others were refused', async () => {
    const limited = await build({ RATE_LOGIN_PER_EMAIL: '3' });
    const account = await signUp(limited.app);
    const victim = await signUp(limited.app);
    const wrong = () =>
      limited.app.inject({
        method: 'POST',
        url: '/api/account/export',
        headers: account.auth,
        payload: { password: 'errada' },
      });
    for (let i = 0; i < 3; i++) expect((await wrong()).statusCode).toBe(401);
    const blocked = await wrong();
    expect(blocked.statusCode).toBe(429);
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
    // Another account is not affected by this one's failures.
    const other = await limited.app.inject({
      method: 'POST',
      url: '/api/account/export',
      headers: victim.auth,
      payload: { password: victim.password },
    });
    expect(other.statusCode).toBe(200);
  });
});

describe(`[ACC-03] Baixar meus dados ${dbLabel}`, () => {
  test('[ACC-03] the export holds the profile, tags, members, memberships, residencies, calls and messages — and no one else’s data', async () => {
    const { owner, code, members } = await ownedTag(app, 3, 1);
    const member = members[0]!;
    // The member also owns a tag of their own and took a call on it: none of that is the owner's.
    const memberTag = await ownedTag(app, 2);
    await app.db
      .update(users)
      .set({ phone: '21900001111' })
      .where(eq(users.id, userId(member.token)));
    const call = await startCall(app, code);
    const left = await app.inject({
      method: 'POST',
      url: `/api/calls/${call.roomId}/message`,
      headers: bearer(call.callerToken),
      payload: { message: 'Achei seu gato na praça.' },
    });
    expect(left.statusCode).toBe(201);
    await startCall(app, memberTag.code);
    // The owner is also a member of someone else's tag and a resident of a unit.
    const shared = await ownedTag(app, 4);
    await app.db.insert(tagMembers).values({ tagCode: shared.code, userId: userId(owner.token) });
    const building = await plate(app, 0);
    await app.db.insert(unitResidents).values({ unitId: building.unit.id, userId: userId(owner.token) });

    const res = await send('POST', '/account/export', owner.auth, { password: owner.password });
    expect(res.statusCode).toBe(200);
    expect(String(res.headers['content-disposition'])).toContain('attachment');
    const data = accountExport.parse(JSON.parse(res.body));
    expect(data.profile).toMatchObject({
      name: owner.name,
      email: owner.email,
      phone: owner.phone,
      termsVersion: TERMS_VERSION,
    });
    expect(data.tags.map((t) => t.code)).toEqual([code]);
    expect(data.tags[0]!.members.map((m) => [m.firstName, m.email])).toEqual([['Membro', member.email]]);
    expect(data.memberships.map((m) => [m.code, m.ownerFirstName])).toEqual([[shared.code, 'Joana']]);
    expect(data.residencies.map((r) => [r.condominium, r.unit])).toEqual([['Edifício Aurora', '101']]);
    expect(data.calls.map((c) => [c.id, c.message])).toEqual([[call.roomId, 'Achei seu gato na praça.']]);
    expect(data.calls[0]).toMatchObject({ latitude: -19.9191, longitude: -43.9386, tagCode: code });

    // Nothing of another person beyond what the app shows: not the member's phone, CPF, surname or own tag.
    const text = res.body;
    for (const foreign of [
      '21900001111',
      member.cpfOrCnpj,
      'Sobrenome',
      memberTag.code,
      memberTag.owner.email,
      '127.0.0.1',
    ]) {
      expect(text, foreign).not.toContain(foreign);
    }
    for (const other of [...building.residents, shared.owner]) expect(text).not.toContain(other.email);
  });

  test('[ACC-03] the export needs the password: a wrong one is 401 and returns nothing', async () => {
    const account = await signUp(app);
    const res = await send('POST', '/account/export', account.auth, { password: 'errada' });
    expect(res.statusCode).toBe(401);
    expect(errorBody(res)).toBe(apiMsg.wrongPassword);
  });

  test('[ACC-03] exports are limited per account (429 with Retry-After)', async () => {
    const limited = await build({ RATE_EXPORT_PER_ACCOUNT: '2' });
    const account = await signUp(limited.app);
    const exp = () =>
      limited.app.inject({
        method: 'POST',
        url: '/api/account/export',
        headers: account.auth,
        payload: { password: account.password },
      });
    expect((await exp()).statusCode).toBe(200);
    expect((await exp()).statusCode).toBe(200);
    const third = await exp();
    expect(third.statusCode).toBe(429);
    expect(Number(third.headers['retry-after'])).toBeGreaterThan(0);
  });
});

describe(`[ACC-03] Excluir minha conta ${dbLabel}`, () => {
  test('[ACC-03] [ACC-08] deletion erases every trace: no personal data in any table, tags retired (never claimable by whoever holds them), calls anonymised, token and socket dead', async () => {
    const { owner, code, members } = await ownedTag(app, 3, 1);
    const member = members[0]!;
    const ownerId = userId(owner.token);
    const uniqueName = `Joaquina ${ownerId.slice(0, 8)} Prado`;
    await app.db.update(users).set({ phone: '31955554444', name: uniqueName }).where(eq(users.id, ownerId));
    const elsewhere = await ownedTag(app, 4);
    await app.db.insert(tagMembers).values({ tagCode: elsewhere.code, userId: ownerId });
    const call = await startCall(app, code, {}, '10.9.8.7');
    await app.inject({
      method: 'POST',
      url: `/api/calls/${call.roomId}/message`,
      headers: bearer(call.callerToken),
      payload: { message: 'Mensagem pessoal para a Joana' },
    });
    // A reset code, a password-change mail and a push subscription also hold the account.
    expect(
      (await app.inject({ method: 'POST', url: '/api/auth/generate-code', payload: { email: owner.email } }))
        .statusCode,
    ).toBe(200);
    const subscribed = await app.inject({
      method: 'POST',
      url: '/api/push/subscribe',
      headers: owner.auth,
      payload: { endpoint: 'https://fcm.googleapis.com/fcm/send/lgpd-test-endpoint', keys: browserKeys() },
    });
    expect(subscribed.statusCode).toBeLessThan(300);
    const needles = [ownerId, owner.email, owner.cpfOrCnpj, '31955554444', uniqueName, 'lgpd-test-endpoint'];
    // Before: the account is held in many tables (the check below would see it).
    const held = await rowsMentioning(needles);
    for (const table of [
      'users',
      'tags',
      'tag_members',
      'password_reset_codes',
      'push_subscriptions',
      'outbox',
      'call_recipients',
    ]) {
      expect(
        held.some((h) => h.startsWith(`${table}:`)),
        table,
      ).toBe(true);
    }
    const socket = await connect(url, owner.token);
    const gone = dropped(socket);

    const wrong = await send('POST', '/account/delete', owner.auth, { password: 'errada' });
    expect(wrong.statusCode).toBe(401);
    expect(await userRow(owner.email)).toBeDefined();

    const res = await send('POST', '/account/delete', owner.auth, { password: owner.password });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: 'Sua conta foi excluída. Até logo!' });

    expect(await gone).toBe('io server disconnect');
    await expect(connect(url, owner.token)).rejects.toThrow(callMsg.socketUnauthorized);
    const after = await send('GET', '/account', owner.auth);
    expect(after.statusCode).toBe(401);
    expect(errorBody(after)).toBe(apiMsg.invalidToken);
    expect((await login(app, owner.email, owner.password)).statusCode).toBe(401);

    // No personal data of the deleted user anywhere, in any table (checked in SQL).
    expect(await rowsMentioning(needles)).toEqual([]);
    // The call stays as a count, without the finder's location, address or message.
    const [kept] = await app.db.select().from(calls).where(eq(calls.id, call.roomId));
    expect(kept).toMatchObject({
      latitude: null,
      longitude: null,
      callerAddress: null,
      message: null,
      answeredBy: null,
    });

    // The member lost the tag; their own account is untouched.
    expect(await app.db.select().from(tagMembers).where(eq(tagMembers.tagCode, code))).toEqual([]);
    expect((await send('GET', '/account', member.auth)).statusCode).toBe(200);

    // ACC-08: the retired tag no longer rings, and whoever holds the pet or the wallet cannot make it theirs:
    // not by adding the printed code, not by signing up through its onboarding address.
    const publicView = await app.inject({ method: 'GET', url: `/api/public/tags/${code}` });
    expect(publicView.json()).toMatchObject({ state: 'disabled' });
    const next = await signUp(app);
    const claim = await app.inject({
      method: 'PUT',
      url: '/api/products/associateQrCode',
      headers: next.auth,
      payload: { code },
    });
    expect(claim.statusCode).toBe(409);
    expect(errorBody(claim)).toBe(tagMsg.disabled);
    const [retired] = await app.db.select().from(tags).where(eq(tags.code, code));
    expect(retired).toMatchObject({ ownerId: null, name: '' });
    expect(retired!.disabledAt).toBeInstanceOf(Date);
  });

  test('[ACC-03] a síndico cannot delete the account while the condominium depends on it (409, nothing written)', async () => {
    const building = await plate(app, 1);
    const res = await send('POST', '/account/delete', building.owner.auth, { password: building.owner.password });
    expect(res.statusCode).toBe(409);
    expect(errorBody(res)).toBe(accountMsg.deleteCondominiumAdmin);
    expect(await userRow(building.owner.email)).toBeDefined();
    const [condo] = await app.db.select().from(condominiums).where(eq(condominiums.tagCode, building.code));
    expect(condo).toBeDefined();
    expect((await send('GET', '/account', building.owner.auth)).statusCode).toBe(200);
  });

  test('[ACC-03] a resident who deletes the account leaves the unit; the síndico’s plate keeps ringing the others', async () => {
    const building = await plate(app, 2);
    const [leaving, staying] = building.residents;
    const res = await send('POST', '/account/delete', leaving!.auth, { password: leaving!.password });
    expect(res.statusCode).toBe(200);
    const call = await startCall(app, building.code, { unitId: building.unit.id });
    expect(call.roomId).toBeTruthy();
    expect((await send('GET', '/account', staying!.auth)).statusCode).toBe(200);
    expect(await rowsMentioning([leaving!.email, userId(leaving!.token)])).toEqual([]);
  });

  test('[ACC-08] [ADM-07] a retired tag is recovered only through support: the administrator re-issues it to the real owner’s new account, and it rings again', async () => {
    const { owner, code } = await ownedTag(app, 3);
    expect((await send('POST', '/account/delete', owner.auth, { password: owner.password })).statusCode).toBe(200);
    const email = `admin.reissue.${Date.now()}@exemplo.com.br`;
    await operatorService.createAdmin(app.db, { email, password: 'admin-senha', name: 'Ana Admin' });
    const admin = bearer((await login(app, email, 'admin-senha')).json<{ data: { token: string } }>().data.token);
    const back = await signUp(app, { name: 'Joana Prado Lima' });
    const reissued = await send('POST', adminApi.transferTag(code), admin, { email: back.email });
    expect(reissued.statusCode, reissued.body).toBe(200);
    const [row] = await app.db.select().from(tags).where(eq(tags.code, code));
    expect(row).toMatchObject({ ownerId: userId(back.token), disabledAt: null });
    expect((await app.inject({ method: 'GET', url: `/api/public/tags/${code}` })).json()).toMatchObject({ state: 'active' });
    // A tag its owner deleted (still theirs) is not handed to anyone by the same action.
    const deleted = await ownedTag(app, 3);
    expect((await send('DELETE', '/products/disableQrCode', deleted.owner.auth, { code: deleted.code })).statusCode).toBe(200);
    expect((await send('POST', adminApi.transferTag(deleted.code), admin, { email: back.email })).statusCode).toBe(409);
  });

  test('[ACC-03] an administrator cannot delete the account by self-service (409, nothing written)', async () => {
    const email = `admin.${Date.now()}@exemplo.com.br`;
    await operatorService.createAdmin(app.db, { email, password: 'admin-senha', name: 'Ana Admin' });
    const token = (await login(app, email, 'admin-senha')).json<{ data: { token: string } }>().data.token;
    const res = await send('POST', '/account/delete', bearer(token), { password: 'admin-senha' });
    expect(res.statusCode).toBe(409);
    expect(errorBody(res)).toBe(
      'Uma conta de administrador não pode ser excluída por aqui. Peça ao operador do Toque para retirar o acesso de administrador antes.',
    );
    expect((await userRow(email))?.isToqueAdmin).toBe(true);
  });
});

describe(`[ACC-04] the reset e-mail ${dbLabel}`, () => {
  test('[ACC-04] the reset mail links to /reset-password?email=… on PUBLIC_URL, URL-encoded', async () => {
    const account = await signUp(app, { email: `ana+teste.${Date.now()}@exemplo.com.br` });
    const res = await app.inject({ method: 'POST', url: '/api/auth/generate-code', payload: { email: account.email } });
    expect(res.statusCode).toBe(200);
    const [mail] = await app.db.select().from(outbox).where(eq(outbox.to, account.email));
    const expected = `${config.publicUrl}/reset-password?email=${encodeURIComponent(account.email)}`;
    expect(resetPageLink(config.publicUrl, account.email)).toBe(expected);
    expect(mail?.text).toContain(expected);
    expect(new URL(expected).searchParams.get('email')).toBe(account.email);
  });
});
