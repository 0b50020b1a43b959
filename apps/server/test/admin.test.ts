import { readFileSync } from 'node:fs';
import { describe, expect, test } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { adminApi, condoApi, productsApi } from '@toque/contracts/routes';
import { adminMsg, msg } from '@toque/contracts/messages';
import { auditSentence } from '@toque/contracts/audit-words';
import { tagMailMsg } from '@toque/contracts/mail';
import { cpfFromBase, formatCpfOrCnpj } from '@toque/contracts/cpf';
import {
  batchPdfFilename,
  PDF_MIME,
  TOTAL_COUNT_HEADER,
  type AuditEntry,
  type Batch,
  type BatchCodes,
  type Client,
} from '@toque/contracts/admin';
import { decodePDFRawStream, PDFArray, PDFDocument, PDFRawStream, type PDFPage } from 'pdf-lib';
import { parseUnitNumber, type Unit } from '@toque/contracts/condominium';
import { auditLog, outbox, tagMembers, tags, users } from '../src/db/schema';
import { bearer, build, dbLabel, errorBody, login, mint, newAccount, signUp } from './helpers';
import { connect, listen } from './calls-support';
import { activate, post, send, signUpAdmin, type Account } from './condo-support';

const { app } = await build();
const url = await listen(app);

async function claim(account: Account, productId: number) {
  const [code] = await mint(app, productId, 1);
  const res = await app.inject({
    method: 'PUT',
    url: `/api${productsApi.associate}`,
    headers: account.auth,
    payload: { code },
  });
  expect(res.statusCode).toBe(200);
  return code!;
}

async function clients(token: string, query: Record<string, string | number> = {}) {
  const qs = new URLSearchParams(Object.entries(query).map(([k, v]): [string, string] => [k, String(v)])).toString();
  const res = await app.inject({ method: 'GET', url: `/api${adminApi.listClients}?${qs}`, headers: bearer(token) });
  expect(res.statusCode).toBe(200);
  return { rows: res.json<Client[]>(), total: Number(res.headers[TOTAL_COUNT_HEADER]) };
}

async function auditOf(token: string, target: string): Promise<AuditEntry[]> {
  const res = await app.inject({ method: 'GET', url: `/api${adminApi.audit}?pageSize=100`, headers: bearer(token) });
  expect(res.statusCode).toBe(200);
  return res.json<AuditEntry[]>().filter((e) => e.target === target);
}

describe(`the administrator's endpoints ${dbLabel}`, () => {
  test('[ADM-01] [SEC-02] every admin endpoint: anonymous 401, customer, resident and síndico 403, admin 2xx', async () => {
    const admin = await signUpAdmin(app);
    const sindico = await signUp(app);
    const { plate } = await activate(app, admin, sindico, 1);
    const [u] = (await post(app, condoApi.ownerQrCode, sindico.token, { qrCode: plate })).json<Unit[]>();
    const resident = await signUp(app);
    await app.inject({
      method: 'PUT',
      url: `/api${productsApi.associate}`,
      headers: resident.auth,
      payload: { code: parseUnitNumber(u!.unit_number).code },
    });
    const customer = await signUp(app);
    const code = await claim(customer, 1);
    const memberId = (await post(app, condoApi.ownerQrCode, sindico.token, { qrCode: plate })).json<Unit[]>()[0]!
      .residents[0]!.member_id;

    const endpoints: [string, 'GET' | 'PATCH' | 'POST' | 'DELETE', string, unknown?][] = [
      ['list clients', 'GET', adminApi.listClients],
      ['tag status', 'PATCH', adminApi.qrStatus(code), { is_active: true }],
      ['export', 'GET', adminApi.exportExcel],
      ['release', 'POST', adminApi.releaseTag(code)],
      ['transfer', 'POST', adminApi.transferTag(code), { email: customer.email }],
      ['block', 'POST', adminApi.blockUser('00000000-0000-4000-8000-000000000000'), { blocked: false }],
      ['remove resident', 'DELETE', adminApi.removeResident(memberId), undefined],
      ['audit', 'GET', adminApi.audit],
      ['mint', 'POST', adminApi.batches, { productId: 1, count: 1 }],
      ['batches', 'GET', adminApi.batches],
      ['batch', 'GET', adminApi.batch(1)],
      ['batch pdf', 'GET', adminApi.batchPdf(1)],
      ['create condominium', 'POST', condoApi.createCondominium, { nameCondominium: 'X' }],
      [
        'create unit',
        'POST',
        condoApi.createUnit,
        { condominiumId: 1, qrCode: plate, nameOfUnit: 'A', emailAdminCond: sindico.email },
      ],
    ];
    for (const [, method, path, body] of endpoints) {
      const anonymous = await send(app, method, path, undefined, body);
      expect(anonymous.statusCode, `${method} ${path} anonymous`).toBe(401);
      errorBody(anonymous);
      for (const who of [customer, resident, sindico]) {
        const res = await send(app, method, path, who.token, body);
        expect(res.statusCode, `${method} ${path} non-admin`).toBe(403);
        expect(errorBody(res)).toBe('Acesso negado.');
      }
    }
    // Nothing was changed by the refused calls: the resident is still there, the tag still the customer's.
    const [tag] = await app.db.select().from(tags).where(eq(tags.code, code));
    expect(tag?.isActive).toBe(true);
    expect((await clients(admin.token, { search: customer.email })).rows[0]?.qrcodes.map((q) => q.code)).toEqual([
      code,
    ]);
    // The admin reaches them (the destructive ones are proved below).
    expect((await send(app, 'GET', adminApi.listClients, admin.token)).statusCode).toBe(200);
    expect((await send(app, 'GET', adminApi.audit, admin.token)).statusCode).toBe(200);
    expect((await send(app, 'PATCH', adminApi.qrStatus(code), admin.token, { is_active: true })).statusCode).toBe(200);
  });

  test('[ADM-03] [ADM-08] the client list: first name, CPF digits, tags with their state; paginated on the server', async () => {
    const admin = await signUpAdmin(app);
    const surname = `Paginada${Date.now()}`;
    const people = [];
    for (let i = 0; i < 5; i++) people.push(await signUp(app, { name: `Pessoa${i} ${surname}` }));
    const code = await claim(people[0]!, 3);
    const page1 = await clients(admin.token, { search: surname, pageSize: 2, page: 1 });
    const page3 = await clients(admin.token, { search: surname, pageSize: 2, page: 3 });
    expect(page1.total).toBe(5);
    expect(page1.rows).toHaveLength(2);
    expect(page3.rows).toHaveLength(1);
    expect(page1.rows[0]).toEqual({
      user_id: expect.any(String) as string,
      first_name: 'Pessoa0',
      // ADM-09: the full name and the sign-up time beside the specification's first name.
      name: `Pessoa0 ${surname}`,
      created_at: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/) as string,
      cpf: people[0]!.cpfOrCnpj,
      email: people[0]!.email,
      blocked: false,
      qrcodes: [{ code, is_active: true, product_id: 3, name: expect.any(String) as string }],
    });
    const all = new Set(
      [
        ...page1.rows,
        ...(await clients(admin.token, { search: surname, pageSize: 2, page: 2 })).rows,
        ...page3.rows,
      ].map((r) => r.email),
    );
    expect(all.size).toBe(5);
    for (const bad of ['page=0', 'pageSize=101', 'page=abc', `search=${'x'.repeat(81)}`]) {
      const res = await app.inject({ method: 'GET', url: `/api${adminApi.listClients}?${bad}`, headers: admin.auth });
      expect(res.statusCode, bad).toBe(400);
      errorBody(res);
    }
  });

  test('[ADM-08] [ADM-03] a CPF is found by any fragment in any formatting; sign-up stores digits and checks the check digits', async () => {
    const admin = await signUpAdmin(app);
    const base = String(100_000_000 + Math.floor(Math.random() * 899_999_999));
    const cpf = cpfFromBase(base);
    const formatted = formatCpfOrCnpj(cpf);
    const person = await signUp(app, { cpfOrCnpj: formatted, name: 'Célia Formatada' });
    const [stored] = await app.db.select({ cpf: users.cpfCnpj }).from(users).where(eq(users.email, person.email));
    expect(stored?.cpf).toBe(cpf);
    for (const search of [formatted, cpf, formatted.slice(0, 7), cpf.slice(3, 9), ` ${formatted.slice(4, 11)} `]) {
      const { rows } = await clients(admin.token, { search });
      expect(
        rows.map((r) => r.email),
        search,
      ).toContain(person.email);
    }
    // By name too, and an empty search lists everyone again.
    expect((await clients(admin.token, { search: 'célia formatada' })).rows.map((r) => r.email)).toContain(
      person.email,
    );
    expect((await clients(admin.token, { search: '' })).total).toBeGreaterThanOrEqual(2);
    // A LIKE wildcard typed by the admin is literal.
    expect((await clients(admin.token, { search: '%' })).rows).toEqual([]);

    for (const invalid of ['52998224724', '11111111111', '123.456.789-00', '11.222.333/0001-80']) {
      const res = await app.inject({
        method: 'POST',
        url: '/api/auth/register',
        payload: newAccount({ cpfOrCnpj: invalid }),
      });
      expect(res.statusCode, invalid).toBe(400);
      expect(errorBody(res)).toBe(msg.cpfInvalid);
    }
    const cnpj = await app.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: newAccount({ cpfOrCnpj: '11.222.333/0001-81' }),
    });
    expect(cnpj.statusCode).toBe(201);
  });

  test('[ADM-08] the migration turns formatted CPFs of existing rows into digits', async () => {
    const account = await signUp(app);
    await app.db.update(users).set({ cpfCnpj: '529.982.247-25' }).where(eq(users.email, account.email));
    const migration = readFileSync(
      new URL('../src/db/migrations/0001_condominiums_admin.sql', import.meta.url),
      'utf8',
    );
    const update = migration.split('--> statement-breakpoint').find((s) => s.includes('UPDATE "users"'));
    expect(update).toBeDefined();
    await app.db.execute(sql.raw(update!));
    const [row] = await app.db.select({ cpf: users.cpfCnpj }).from(users).where(eq(users.email, account.email));
    expect(row?.cpf).toBe('52998224725');
  });

  test('[ADM-03] [ADM-06] switching a tag off: the finder page says inactive, it cannot be called, its owner sees it; audited', async () => {
    const admin = await signUpAdmin(app);
    const owner = await signUp(app);
    const code = await claim(owner, 3);
    const off = await send(app, 'PATCH', adminApi.qrStatus(code), admin.token, { is_active: false });
    expect(off.statusCode).toBe(200);
    expect(off.json()).toEqual({ message: adminMsg.statusChanged });
    const view = await app.inject({ method: 'GET', url: `/api/public/tags/${code}` });
    expect(view.json()).toMatchObject({ state: 'inactive' });
    const call = await app.inject({ method: 'POST', url: '/api/calls', payload: { code } });
    expect(call.statusCode).toBeGreaterThanOrEqual(400);
    expect(call.statusCode).toBeLessThan(500);
    expect((await clients(admin.token, { search: owner.email })).rows[0]!.qrcodes[0]!.is_active).toBe(false);
    const mine = await app.inject({ method: 'GET', url: `/api${productsApi.list}`, headers: owner.auth });
    expect(mine.json<{ code: string; is_active: boolean }[]>()).toContainEqual(
      expect.objectContaining({ code, is_active: false }),
    );
    const [entry] = await auditOf(admin.token, `tag:${code}`);
    expect(entry).toMatchObject({
      action: 'tag.status',
      actor_email: admin.email,
      before: { is_active: true },
      after: { is_active: false },
    });
    const unknown = await send(app, 'PATCH', adminApi.qrStatus('ZZZZ4444'), admin.token, { is_active: false });
    expect(unknown.statusCode).toBe(404);
    for (const body of [{}, { is_active: 'no' }, { is_active: 1 }]) {
      expect((await send(app, 'PATCH', adminApi.qrStatus(code), admin.token, body)).statusCode).toBe(400);
    }
    expect((await send(app, 'PATCH', adminApi.qrStatus('short'), admin.token, { is_active: true })).statusCode).toBe(
      400,
    );
  });
});

describe(`repairing abuse ${dbLabel}`, () => {
  test('[ADM-07] release: the tag is unclaimed again, its members removed, and it can be claimed anew', async () => {
    const admin = await signUpAdmin(app);
    const owner = await signUp(app);
    const code = await claim(owner, 1);
    const member = await signUp(app);
    await send(app, 'POST', productsApi.member, owner.token, { code, email: member.email });
    const res = await send(app, 'POST', adminApi.releaseTag(code), admin.token);
    expect(res.statusCode).toBe(200);
    const [tag] = await app.db.select().from(tags).where(eq(tags.code, code));
    expect(tag?.ownerId).toBeNull();
    expect(await app.db.select().from(tagMembers).where(eq(tagMembers.tagCode, code))).toHaveLength(0);
    const newOwner = await signUp(app);
    expect(
      (
        await app.inject({
          method: 'PUT',
          url: `/api${productsApi.associate}`,
          headers: newOwner.auth,
          payload: { code },
        })
      ).statusCode,
    ).toBe(200);
    const [entry] = await auditOf(admin.token, `tag:${code}`);
    expect(entry).toMatchObject({ action: 'tag.release', after: { ownerId: null } });
    expect((entry!.before as { members: string[] }).members).toHaveLength(1);
  });

  test('[ADM-07] transfer: another account (by e-mail) owns the tag; unknown e-mail 404', async () => {
    const admin = await signUpAdmin(app);
    const owner = await signUp(app);
    const code = await claim(owner, 4);
    const heir = await signUp(app);
    const unknown = await send(app, 'POST', adminApi.transferTag(code), admin.token, {
      email: 'nao.existe@exemplo.com.br',
    });
    expect(unknown.statusCode).toBe(404);
    expect(errorBody(unknown)).toBe(adminMsg.userNotFound);
    expect((await send(app, 'POST', adminApi.transferTag(code), admin.token, { email: heir.email })).statusCode).toBe(
      200,
    );
    const list = (who: Account) => app.inject({ method: 'GET', url: `/api${productsApi.list}`, headers: who.auth });
    expect((await list(heir)).json<{ code: string; isOwner: boolean }[]>()).toContainEqual(
      expect.objectContaining({ code, isOwner: true }),
    );
    expect((await list(owner)).json<{ code: string }[]>().map((p) => p.code)).not.toContain(code);
    expect((await auditOf(admin.token, `tag:${code}`))[0]).toMatchObject({
      action: 'tag.transfer',
      after: { email: heir.email },
    });
  });

  test('[ADM-07] block: no login, the session and the open socket end at once; unblock restores login', async () => {
    const admin = await signUpAdmin(app);
    const abuser = await signUp(app);
    const [row] = await app.db.select({ id: users.id }).from(users).where(eq(users.email, abuser.email));
    const socket = await connect(url, abuser.token);
    const closed = new Promise<string>((resolve) => socket.once('disconnect', (reason) => resolve(reason)));

    const res = await send(app, 'POST', adminApi.blockUser(row!.id), admin.token, { blocked: true });
    expect(res.statusCode).toBe(200);
    expect(await closed).toBe('io server disconnect');
    expect((await app.inject({ method: 'GET', url: '/api/profile/userName', headers: abuser.auth })).statusCode).toBe(
      401,
    );
    const refused = await login(app, abuser.email, abuser.password);
    expect(refused.statusCode).toBe(403);
    expect(errorBody(refused)).toBe(adminMsg.accountBlocked);
    // A wrong password still says only that the credentials are wrong.
    expect((await login(app, abuser.email, 'errada123')).statusCode).toBe(401);
    await expect(connect(url, abuser.token)).rejects.toThrow();
    expect((await clients(admin.token, { search: abuser.email })).rows[0]!.blocked).toBe(true);

    expect((await send(app, 'POST', adminApi.blockUser(row!.id), admin.token, { blocked: false })).statusCode).toBe(
      200,
    );
    expect((await login(app, abuser.email, abuser.password)).statusCode).toBe(200);
    const entries = await auditOf(admin.token, `user:${row!.id}`);
    expect(entries.map((e) => e.action)).toEqual(['user.unblock', 'user.block']);

    const [self] = await app.db.select({ id: users.id }).from(users).where(eq(users.email, admin.email));
    const selfBlock = await send(app, 'POST', adminApi.blockUser(self!.id), admin.token, { blocked: true });
    expect(selfBlock.statusCode).toBe(409);
    expect(errorBody(selfBlock)).toBe(adminMsg.cannotBlockSelf);
    const nobody = await send(app, 'POST', adminApi.blockUser('00000000-0000-4000-8000-000000000000'), admin.token, {
      blocked: true,
    });
    expect(nobody.statusCode).toBe(404);
    expect((await send(app, 'POST', adminApi.blockUser('not-a-uuid'), admin.token, { blocked: true })).statusCode).toBe(
      400,
    );
  });

  test("[ADM-07] [CONDO-04] an admin removes any resident, through its own route or the síndico's; both are audited", async () => {
    const admin = await signUpAdmin(app);
    const sindico = await signUp(app);
    const { plate, unitIds } = await activate(app, admin, sindico, 1);
    const [u] = (await post(app, condoApi.ownerQrCode, sindico.token, { qrCode: plate })).json<Unit[]>();
    const code = parseUnitNumber(u!.unit_number).code;
    const a = await signUp(app);
    const b = await signUp(app);
    for (const r of [a, b])
      await app.inject({ method: 'PUT', url: `/api${productsApi.associate}`, headers: r.auth, payload: { code } });
    const [first, second] = (await post(app, condoApi.ownerQrCode, admin.token, { qrCode: plate })).json<Unit[]>()[0]!
      .residents;
    expect((await send(app, 'DELETE', adminApi.removeResident(first!.member_id), admin.token)).statusCode).toBe(200);
    expect((await send(app, 'DELETE', adminApi.removeResident(first!.member_id), admin.token)).statusCode).toBe(404);
    expect(
      (
        await send(app, 'DELETE', condoApi.deleteMember, admin.token, {
          memberId: second!.member_id,
          unit_number: u!.unit_number,
        })
      ).statusCode,
    ).toBe(200);
    expect(
      (await post(app, condoApi.ownerQrCode, sindico.token, { qrCode: plate })).json<Unit[]>()[0]!.residents,
    ).toEqual([]);
    const entries = await auditOf(admin.token, `unit:${unitIds[0]}`);
    expect(entries.filter((e) => e.action === 'resident.remove')).toHaveLength(2);
    expect((await send(app, 'DELETE', '/admin/residents/99999999999', admin.token)).statusCode).toBe(400);
  });

  test('[ADM-07] the audit log is readable by admins only, newest first, with who, what, when, before and after', async () => {
    const admin = await signUpAdmin(app);
    const owner = await signUp(app);
    const code = await claim(owner, 2);
    await send(app, 'PATCH', adminApi.qrStatus(code), admin.token, { is_active: false });
    await send(app, 'PATCH', adminApi.qrStatus(code), admin.token, { is_active: true });
    const res = await app.inject({ method: 'GET', url: `/api${adminApi.audit}?pageSize=5`, headers: admin.auth });
    const entries = res.json<AuditEntry[]>();
    expect(entries.length).toBeLessThanOrEqual(5);
    expect(Number(res.headers[TOTAL_COUNT_HEADER])).toBeGreaterThanOrEqual(2);
    const mine = entries.filter((e) => e.target === `tag:${code}`);
    expect(mine.map((e) => e.after)).toEqual([{ is_active: true }, { is_active: false }]);
    expect(new Date(mine[0]!.created_at).getTime()).toBeGreaterThan(Date.now() - 60_000);
    const rows = await app.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.target, `tag:${code}`));
    expect(rows).toHaveLength(2);
  });

  test('[ADM-05] an admin mints a batch of unclaimed codes of a product type, lists batches and reads a batch back', async () => {
    const admin = await signUpAdmin(app);
    const res = await send(app, 'POST', adminApi.batches, admin.token, { productId: 3, count: 12 });
    expect(res.statusCode).toBe(201);
    const minted = res.json<BatchCodes>();
    expect(minted.batch).toMatchObject({ product_id: 3, count: 12, created_by: admin.email });
    expect(minted.codes).toHaveLength(12);
    expect(new Set(minted.codes.map((c) => c.code)).size).toBe(12);
    for (const c of minted.codes) {
      expect(c.code).toMatch(/^[23456789ABCDEFGHJKMNPQRSTUVWXYZ]{8}$/);
      expect(c.claimed).toBe(false);
    }
    // One is claimed by a customer: the batch says so.
    const customer = await signUp(app);
    await app.inject({
      method: 'PUT',
      url: `/api${productsApi.associate}`,
      headers: customer.auth,
      payload: { code: minted.codes[0]!.code },
    });
    const back = (await send(app, 'GET', adminApi.batch(minted.batch.id), admin.token)).json<BatchCodes>();
    expect(back.codes.filter((c) => c.claimed).map((c) => c.code)).toEqual([minted.codes[0]!.code]);
    const list = (await send(app, 'GET', adminApi.batches, admin.token)).json<Batch[]>();
    expect(list[0]?.id).toBeGreaterThanOrEqual(minted.batch.id);
    // ADM-11: the list says how many of each batch's codes are claimed.
    expect(list.find((b) => b.id === minted.batch.id)).toMatchObject({ count: 12, claimed: 1 });
    expect(list.map((b) => b.id)).toContain(minted.batch.id);
    expect((await auditOf(admin.token, `batch:${minted.batch.id}`))[0]).toMatchObject({
      action: 'batch.mint',
      after: { productId: 3, count: 12 },
    });
    for (const body of [
      { productId: 6, count: 1 },
      { productId: 1, count: 0 },
      { productId: 1, count: 501 },
      { productId: '1', count: 1 },
      {},
    ]) {
      const bad = await send(app, 'POST', adminApi.batches, admin.token, body);
      expect(bad.statusCode, JSON.stringify(body)).toBe(400);
      errorBody(bad);
    }
    expect((await send(app, 'GET', adminApi.batch(2_000_000_000), admin.token)).statusCode).toBe(404);
  });

  test('[ADM-10] a building and its units read by their names in the log, never as "condominium:2" or "unit:9"', async () => {
    const admin = await signUpAdmin(app, { name: 'Ana Operações' });
    const sindico = await signUp(app, { name: 'Sílvia Síndica' });
    const { condominiumId, unitIds } = await activate(app, admin, sindico, 1);
    const [created] = await auditOf(admin.token, `condominium:${condominiumId}`);
    expect(created).toMatchObject({ action: 'condominium.create', target_condominium_name: 'Edifício Aroeira' });
    const [unit] = await auditOf(admin.token, `unit:${unitIds[0]}`);
    expect(unit).toMatchObject({
      action: 'unit.create',
      target_unit_name: 'Apto 101',
      target_condominium_name: 'Edifício Aroeira',
    });
    expect(auditSentence(unit!)).toBe('Ana (admin) criou a unidade Apto 101 do condomínio Edifício Aroeira');
    for (const entry of [created!, unit!]) expect(auditSentence(entry)).not.toMatch(/condominium:|unit:/);
  });

  test('[ADM-10] switching off with a reason: the audit row keeps it, the owner is mailed why, and the log reads in words', async () => {
    const admin = await signUpAdmin(app, { name: 'Ana Operações' });
    const owner = await signUp(app, { name: 'Carlos Souza' });
    const code = await claim(owner, 3);
    const reason = 'Denúncia de uso indevido do Toque';
    const off = await send(app, 'PATCH', adminApi.qrStatus(code), admin.token, {
      is_active: false,
      reason: `  ${reason} `,
    });
    expect(off.statusCode).toBe(200);
    const [entry] = await auditOf(admin.token, `tag:${code}`);
    expect(entry).toMatchObject({
      action: 'tag.status',
      actor_name: 'Ana Operações',
      target_owner_name: 'Carlos Souza',
      after: { is_active: false, reason },
    });
    expect(auditSentence(entry!)).toBe(`Ana (admin) desativou o Toque ${code} de Carlos Souza — motivo: ${reason}`);
    const mails = await app.db.select().from(outbox).where(eq(outbox.to, owner.email));
    const mail = mails.find((m) => m.subject === tagMailMsg.switchedOffSubject(code));
    expect(mail, 'the owner is mailed').toBeDefined();
    expect(mail!.text).toContain(`Motivo: ${reason}`);
    expect(mail!.text).toContain(code);
    // Switching it off again mails nobody a second time; switching it on mails nobody.
    await send(app, 'PATCH', adminApi.qrStatus(code), admin.token, { is_active: false, reason: 'de novo' });
    await send(app, 'PATCH', adminApi.qrStatus(code), admin.token, { is_active: true });
    const after = await app.db.select().from(outbox).where(eq(outbox.to, owner.email));
    expect(after.filter((m) => m.subject === tagMailMsg.switchedOffSubject(code))).toHaveLength(1);
    expect(auditSentence((await auditOf(admin.token, `tag:${code}`))[0]!)).toBe(
      `Ana (admin) ativou o Toque ${code} de Carlos Souza`,
    );
  });

  test('[ADM-10] a reason too short or too long is refused in Portuguese and changes nothing', async () => {
    const admin = await signUpAdmin(app);
    const owner = await signUp(app);
    const code = await claim(owner, 4);
    for (const [reason, message] of [
      ['ok', adminMsg.reasonRequired],
      ['x'.repeat(301), adminMsg.reasonTooLong],
    ] as const) {
      const res = await send(app, 'PATCH', adminApi.qrStatus(code), admin.token, { is_active: false, reason });
      expect(res.statusCode).toBe(400);
      expect(errorBody(res)).toBe(message);
    }
    const [tag] = await app.db.select().from(tags).where(eq(tags.code, code));
    expect(tag!.isActive).toBe(true);
    expect(await auditOf(admin.token, `tag:${code}`)).toEqual([]);
  });

  test("[ADM-10] the log filters by who did it, by target (a code or the owner's e-mail, in part) and by action; a bad action is a 400", async () => {
    const admin = await signUpAdmin(app);
    const other = await signUpAdmin(app);
    const owner = await signUp(app);
    const code = await claim(owner, 3);
    await send(app, 'PATCH', adminApi.qrStatus(code), admin.token, { is_active: false, reason: 'Teste de filtro' });
    await send(app, 'PATCH', adminApi.qrStatus(code), other.token, { is_active: true });
    const list = async (query: Record<string, string>) => {
      const res = await app.inject({
        method: 'GET',
        url: `/api${adminApi.audit}?${new URLSearchParams({ pageSize: '100', ...query }).toString()}`,
        headers: bearer(admin.token),
      });
      expect(res.statusCode).toBe(200);
      return { entries: res.json<AuditEntry[]>(), total: Number(res.headers[TOTAL_COUNT_HEADER.toLowerCase()]) };
    };
    const byActor = await list({ actor: admin.email.slice(0, 12), target: code });
    expect(byActor.entries.map((e) => e.actor_email)).toEqual([admin.email]);
    expect(byActor.total).toBe(1);
    const byOwnerEmail = await list({ target: owner.email });
    expect(byOwnerEmail.entries.map((e) => e.target)).toEqual([`tag:${code}`, `tag:${code}`]);
    const byAction = await list({ action: 'tag.status', target: code.slice(0, 6) });
    expect(byAction.entries.every((e) => e.action === 'tag.status')).toBe(true);
    expect(byAction.entries.length).toBeGreaterThanOrEqual(2);
    expect((await list({ action: 'export.excel', target: code })).entries).toEqual([]);
    // A % or _ typed in a filter is a character, not a wildcard.
    expect((await list({ target: '%' })).entries).toEqual([]);
    const bad = await app.inject({
      method: 'GET',
      url: `/api${adminApi.audit}?action=drop.table`,
      headers: bearer(admin.token),
    });
    expect(bad.statusCode).toBe(400);
  });

  test("[ADM-11] a batch's print sheet is a PDF of A4 pages with one label a code — its QR code, the code and the product — in either label layout, each layout under its own file name", async () => {
    const admin = await signUpAdmin(app);
    const minted = (
      await send(app, 'POST', adminApi.batches, admin.token, { productId: 4, count: 30 })
    ).json<BatchCodes>();
    const names = new Set<string>();
    for (const [layout, perPage] of [
      ['a4-3x8', 24],
      ['a4-2x7', 14],
    ] as const) {
      const res = await app.inject({
        method: 'GET',
        url: `/api${adminApi.batchPdf(minted.batch.id)}?layout=${layout}`,
        headers: bearer(admin.token),
      });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe(PDF_MIME);
      expect(res.headers['content-disposition']).toBe(`attachment; filename="${batchPdfFilename(minted.batch.id, layout)}"`);
      names.add(String(res.headers['content-disposition']));
      const pdf = await PDFDocument.load(res.rawPayload);
      const pages = pdf.getPages();
      expect(pages).toHaveLength(Math.ceil(30 / perPage));
      for (const page of pages) {
        expect(Math.round(page.getWidth())).toBe(595);
        expect(Math.round(page.getHeight())).toBe(842);
      }
      // Read the text back from each page's content: every code once, each beside its product.
      const texts = pages.map((page) => pageTexts(page));
      expect(texts[0]!.filter((t) => t === 'Objeto')).toHaveLength(perPage);
      expect(
        texts
          .flat()
          .filter((t) => /^[A-Z0-9]{8}$/.test(t))
          .sort(),
      ).toEqual(minted.codes.map((c) => c.code).sort());
    }
    // The two layouts are two files: each saves under its own name, with the batch and the layout in it.
    expect(names.size).toBe(2);
    for (const name of names) expect(name).toContain(`lote-${minted.batch.id}-`);
    const bad = await app.inject({
      method: 'GET',
      url: `/api${adminApi.batchPdf(minted.batch.id)}?layout=a5`,
      headers: bearer(admin.token),
    });
    expect(bad.statusCode).toBe(400);
    expect(errorBody(bad)).toBe(adminMsg.layoutInvalid);
    expect(
      (
        await app.inject({
          method: 'GET',
          url: `/api${adminApi.batchPdf(2_000_000_000)}`,
          headers: bearer(admin.token),
        })
      ).statusCode,
    ).toBe(404);
  });
});

/** The strings a PDF page draws (pdf-lib writes a standard font's text as a hex string before Tj). */
function pageTexts(page: PDFPage): string[] {
  const contents = page.node.Contents();
  const streams =
    contents instanceof PDFArray ? contents.asArray().map((ref) => page.doc.context.lookup(ref)) : [contents];
  const out: string[] = [];
  for (const stream of streams) {
    const raw = stream instanceof PDFRawStream ? decodePDFRawStream(stream).decode() : new Uint8Array();
    const ops = Buffer.from(raw).toString('latin1');
    for (const m of ops.matchAll(/<([0-9A-Fa-f]*)>\s*Tj/g)) out.push(Buffer.from(m[1]!, 'hex').toString('latin1'));
  }
  return out;
}
