import { describe, expect, test } from 'vitest';
import ExcelJS from 'exceljs';
import { eq } from 'drizzle-orm';
import { adminApi, productsApi } from '@toque/contracts/routes';
import { EXPORT_FILENAME, XLSX_MIME, type AuditEntry } from '@toque/contracts/admin';
import { tags, users } from '../src/db/schema';
import { PassThrough } from 'node:stream';
import { count } from 'drizzle-orm';
import { sheetNames, spreadsheetColumns, tagColumns, writeClientsWorkbook } from '../src/modules/admin/spreadsheet';
import { build, dbLabel, engine, mint, signUp } from './helpers';
import { send, signUpAdmin } from './condo-support';

const { app } = await build();

async function download(token: string) {
  const res = await send(app, 'GET', adminApi.exportExcel, token);
  expect(res.statusCode).toBe(200);
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
  const sheet = workbook.getWorksheet('Clientes')!;
  const rows: ExcelJS.Row[] = [];
  sheet.eachRow((row) => rows.push(row));
  const tagRows: ExcelJS.Row[] = [];
  workbook.getWorksheet('Toques')?.eachRow((row) => tagRows.push(row));
  return { res, rows, tagRows, names: workbook.worksheets.map((w) => w.name) };
}

/**
 * The keyset tests read in pages of 2 on PGlite, where the database is this file's own. On PostgreSQL the
 * database is shared with every other file (admin-scale writes 10,000 clients and 40,000 tags into it), and
 * pages of 2 would be 25,000 queries (a 30 s timeout in CI): there the page is sized for about 40 pages.
 */
async function pageSize(table: typeof users | typeof tags) {
  const [{ n } = { n: 0 }] = await app.db.select({ n: count() }).from(table);
  return Math.max(2, Math.ceil(n / 40));
}

describe(`the spreadsheet report ${dbLabel}`, () => {
  test('[ADM-04] [ADM-01] anonymous 401, customer 403, admin gets relatorio.xlsx', async () => {
    const admin = await signUpAdmin(app);
    const customer = await signUp(app);
    expect((await send(app, 'GET', adminApi.exportExcel, undefined)).statusCode).toBe(401);
    expect((await send(app, 'GET', adminApi.exportExcel, customer.token)).statusCode).toBe(403);
    const { res } = await download(admin.token);
    expect(res.headers['content-type']).toBe(XLSX_MIME);
    expect(res.headers['content-disposition']).toBe(`attachment; filename="${EXPORT_FILENAME}"`);
    // A real zip (an .xlsx is one).
    expect(res.rawPayload.subarray(0, 2).toString()).toBe('PK');
    const audit = (await send(app, 'GET', `${adminApi.audit}?pageSize=100`, admin.token)).json<AuditEntry[]>();
    expect(audit.some((e) => e.action === 'export.excel' && e.actor_email === admin.email)).toBe(true);
  });

  test('[ADM-04] the workbook opens and lists every client with CPF, phone, tags, type, state and date', async () => {
    const admin = await signUpAdmin(app);
    const client = await signUp(app, { name: 'Júlia Planilha' });
    const [bracelet, pet] = [...(await mint(app, 1, 1)), ...(await mint(app, 3, 1))];
    for (const code of [bracelet, pet]) {
      await app.inject({ method: 'PUT', url: `/api${productsApi.associate}`, headers: client.auth, payload: { code } });
    }
    await app.db.update(tags).set({ isActive: false }).where(eq(tags.code, pet!));
    const { rows } = await download(admin.token);
    expect(rows[0]!.values).toEqual([undefined, ...spreadsheetColumns]);
    const row = rows.find((r) => r.getCell(2).value === client.email);
    expect(row, 'the client has a row').toBeDefined();
    const [first, second] = [bracelet!, pet!].sort();
    const typeOf = { [bracelet!]: 'Pulseira', [pet!]: 'Pet' };
    const stateOf = { [bracelet!]: 'Ativo', [pet!]: 'Inativo' };
    expect(row!.getCell(1).value).toBe('Júlia Planilha');
    expect(row!.getCell(3).value).toBe(client.cpfOrCnpj);
    expect(row!.getCell(4).value).toBe(client.phone);
    expect(row!.getCell(5).value).toBe(2);
    expect(row!.getCell(6).value).toBe(`${first}, ${second}`);
    expect(row!.getCell(7).value).toBe(`${typeOf[first!]}, ${typeOf[second!]}`);
    expect(row!.getCell(8).value).toBe(`${stateOf[first!]}, ${stateOf[second!]}`);
    expect(row!.getCell(9).value).toBeInstanceOf(Date);
    // Every user is there, each once.
    const emails = rows.slice(1).map((r) => r.getCell(2).value);
    expect(new Set(emails).size).toBe(emails.length);
    expect(emails).toContain(admin.email);
  });

  test('[ADM-04] a name starting with = is a text cell, not a formula', async () => {
    const admin = await signUpAdmin(app);
    const evil = await signUp(app);
    await app.db.update(users).set({ name: '=HYPERLINK("http://x","y")' }).where(eq(users.email, evil.email));
    const { rows } = await download(admin.token);
    const cell = rows.find((r) => r.getCell(2).value === evil.email)!.getCell(1);
    expect(cell.type).toBe(ExcelJS.ValueType.String);
    expect(cell.formula).toBeUndefined();
    expect(cell.value).toBe(`'=HYPERLINK("http://x","y")`);
  });

  test('[ADM-04] [PERF-04] read in keyset pages: in small pages (2 rows on a small database) every client is written exactly once', async () => {
    const mine = await Promise.all([1, 2, 3, 4, 5].map(() => signUp(app)));
    const size = Math.max(await pageSize(users), await pageSize(tags));
    const out = new PassThrough();
    const chunks: Buffer[] = [];
    out.on('data', (c: Buffer) => chunks.push(c));
    const [written, ended] = await Promise.all([
      writeClientsWorkbook(app.db, out, size),
      new Promise((r) => out.on('end', r)),
    ]);
    expect(ended).toBeUndefined();
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(Buffer.concat(chunks) as unknown as ArrayBuffer);
    const emails: unknown[] = [];
    workbook.getWorksheet('Clientes')!.eachRow((row, n) => {
      if (n > 1) emails.push(row.getCell(2).value);
    });
    expect(emails).toHaveLength(written);
    expect(new Set(emails).size).toBe(written);
    for (const m of mine) expect(emails).toContain(m.email);
    if (engine === 'pglite') {
      const [{ n } = { n: 0 }] = await app.db.select({ n: count() }).from(users);
      expect(written).toBe(n);
    }
  });

  test('[ADM-12] a second sheet, Toques, has a row per tag: code, product, name, state, lost mode, owner, batch and dates', async () => {
    const admin = await signUpAdmin(app);
    const client = await signUp(app, { name: 'Rafael Filtro' });
    const [pet, lost, off, loose] = [...(await mint(app, 3, 3)), ...(await mint(app, 4, 1))];
    for (const code of [pet, lost, off]) {
      await app.inject({ method: 'PUT', url: `/api${productsApi.associate}`, headers: client.auth, payload: { code } });
    }
    await app.db.update(tags).set({ name: '=1+1', lostMessage: 'Perdi no parque' }).where(eq(tags.code, lost!));
    await app.db.update(tags).set({ isActive: false }).where(eq(tags.code, off!));
    const { tagRows, names } = await download(admin.token);
    expect(names).toEqual([sheetNames.clients, sheetNames.tags]);
    expect(tagRows[0]!.values).toEqual([undefined, ...tagColumns]);
    const byCode = new Map(tagRows.slice(1).map((r) => [r.getCell(1).value, r]));
    const cells = (code: string) => (byCode.get(code)!.values as unknown[]).slice(1);
    expect(cells(pet!).slice(0, 8)).toEqual([
      pet,
      'Pet',
      expect.any(String),
      'Ativo',
      'Não',
      'Rafael Filtro',
      client.email,
      client.cpfOrCnpj,
    ]);
    // A name that looks like a formula is text; lost mode says so.
    expect(cells(lost!).slice(2, 5)).toEqual(["'=1+1", 'Ativo', 'Sim']);
    expect(cells(off!)[3]).toBe('Inativo');
    // A code nobody has claimed yet: its own row, no owner.
    expect(cells(loose!).slice(0, 8)).toEqual([
      loose,
      'Objeto',
      undefined,
      'Não vinculado',
      'Não',
      undefined,
      undefined,
      undefined,
    ]);
    expect(byCode.get(loose)!.getCell(10).value).toBeInstanceOf(Date);
    if (engine === 'pglite') {
      const [{ n } = { n: 0 }] = await app.db.select({ n: count() }).from(tags);
      expect(tagRows.length - 1).toBe(n);
    }
  });

  test('[ADM-12] [PERF-04] the tags sheet is read in keyset pages too: in small pages (2 rows on PGlite) every tag is written exactly once', async () => {
    const mine = await mint(app, 2, 5);
    const out = new PassThrough();
    const chunks: Buffer[] = [];
    out.on('data', (c: Buffer) => chunks.push(c));
    const size = Math.max(await pageSize(users), await pageSize(tags));
    await Promise.all([writeClientsWorkbook(app.db, out, size), new Promise((r) => out.on('end', r))]);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(Buffer.concat(chunks) as unknown as ArrayBuffer);
    const codes: unknown[] = [];
    workbook.getWorksheet(sheetNames.tags)!.eachRow((row, n) => {
      if (n > 1) codes.push(row.getCell(1).value);
    });
    expect(new Set(codes).size).toBe(codes.length);
    expect([...codes].sort()).toEqual(codes);
    for (const code of mine) expect(codes).toContain(code);
    // On PostgreSQL other files write tags into the same database meanwhile: the exact count is PGlite's.
    if (engine === 'pglite') {
      const [{ n } = { n: 0 }] = await app.db.select({ n: count() }).from(tags);
      expect(codes).toHaveLength(n);
    }
  });
});
