import { describe, expect, test } from 'vitest';
import { count, eq, inArray } from 'drizzle-orm';
import { TAG_CODE_ALPHABET, TAG_CODE_LENGTH } from '@toque/contracts/constants';
import { apiMsg } from '@toque/contracts/messages';
import { tagBatches, tags, units, users } from '../src/db/schema';
import { build, dbLabel, engine, errorBody, login, uniqueEmail } from './helpers';
import { plate } from './calls-support';

const { app } = await build();

const operator = (payload: object, headers: Record<string, string> = {}, remoteAddress = '127.0.0.1') =>
  app.inject({ method: 'POST', url: '/api/operator', headers, payload, remoteAddress });
const withToken = () => ({ 'x-operator-token': app.operatorToken });

describe(`POST /api/operator ${dbLabel}`, () => {
  test('[ADM-05] [API-03] without the operator token, with a wrong one, or from afar: 403 and nothing minted', async () => {
    const batches = async () => (await app.db.select({ n: count() }).from(tagBatches))[0]!.n;
    const before = await batches();
    const refusals = [
      await operator({ command: 'mint', productId: 1, count: 3 }),
      await operator({ command: 'mint', productId: 1, count: 3 }, { 'x-operator-token': 'wrong' }),
      await operator(
        { command: 'mint', productId: 1, count: 3 },
        { 'x-operator-token': `${app.operatorToken.slice(1)}x` },
      ),
      await operator({ command: 'mint', productId: 1, count: 3 }, withToken(), '203.0.113.9'),
      await operator(
        { command: 'mint', productId: 1, count: 3 },
        { ...withToken(), 'x-forwarded-for': '127.0.0.1' },
        '203.0.113.9',
      ),
    ];
    for (const res of refusals) {
      expect(res.statusCode).toBe(403);
      expect(errorBody(res)).toBe(apiMsg.operatorOnly);
    }
    // Other files mint on a shared PostgreSQL at the same time: only PGlite's count is this file's own.
    if (engine === 'pglite') expect(await batches()).toBe(before);
  });

  test('[ADM-05] mint answers N distinct unclaimed 8-character codes of the alphabet', async () => {
    const res = await operator({ command: 'mint', productId: 3, count: 25 }, withToken());
    expect(res.statusCode).toBe(200);
    const { result } = res.json<{ result: { batchId: number; codes: string[] } }>();
    expect(result.codes).toHaveLength(25);
    expect(new Set(result.codes).size).toBe(25);
    const pattern = new RegExp(`^[${TAG_CODE_ALPHABET}]{${TAG_CODE_LENGTH}}$`);
    for (const code of result.codes) expect(code).toMatch(pattern);

    const rows = await app.db.select().from(tags).where(inArray(tags.code, result.codes));
    expect(rows).toHaveLength(25);
    for (const row of rows) {
      expect(row).toMatchObject({
        productId: 3,
        batchId: result.batchId,
        ownerId: null,
        isActive: true,
        disabledAt: null,
      });
    }
    const [batch] = await app.db.select().from(tagBatches).where(eq(tagBatches.id, result.batchId));
    expect(batch).toMatchObject({ productId: 3, count: 25 });
  });

  test('[ADM-05] a product type that does not exist mints nothing and says why', async () => {
    const res = await operator({ command: 'mint', productId: 9, count: 2 }, withToken());
    expect(res.statusCode).toBe(200);
    expect(res.json<{ error: string }>().error).toMatch(/productId/);
  });

  test('[ADM-05] create-admin through the door makes an account that is admin', async () => {
    const email = uniqueEmail('operador');
    const res = await operator(
      { command: 'create-admin', email, password: 'senha-admin', name: 'Olga Operadora' },
      withToken(),
    );
    expect(res.statusCode).toBe(200);
    const [row] = await app.db.select().from(users).where(eq(users.email, email));
    expect(row).toMatchObject({ isToqueAdmin: true, name: 'Olga Operadora' });
    expect((await login(app, email, 'senha-admin')).statusCode).toBe(200);
  });

  test('[ADM-06] set-active switches a tag off and on again; an unknown code says so', async () => {
    const mint = await operator({ command: 'mint', productId: 4, count: 1 }, withToken());
    const code = mint.json<{ result: { codes: string[] } }>().result.codes[0]!;
    const isActive = async () => (await app.db.select().from(tags).where(eq(tags.code, code)))[0]!.isActive;

    const off = await operator({ command: 'set-active', code: code.toLowerCase(), active: false }, withToken());
    expect(off.json()).toEqual({ result: { code, isActive: false } });
    expect(await isActive()).toBe(false);
    await operator({ command: 'set-active', code, active: true }, withToken());
    expect(await isActive()).toBe(true);

    const unknown = await operator({ command: 'set-active', code: 'ZZZZZZZZ', active: false }, withToken());
    expect(unknown.json<{ error: string }>().error).toMatch(/ZZZZZZZZ/);
  });

  test('[CONDO-13] set-block puts a unit in a block by its association code, and out of it; an unknown code says so', async () => {
    const p = await plate(app, 0);
    const blockOf = async () => (await app.db.select().from(units).where(eq(units.id, p.unit.id)))[0]!.block;
    const set = await operator({ command: 'set-block', unitCode: p.unit.associationCode.toLowerCase(), block: ' Bloco B ' }, withToken());
    expect(set.json()).toEqual({ result: { code: p.unit.associationCode, name: '101', block: 'Bloco B' } });
    expect(await blockOf()).toBe('Bloco B');
    await operator({ command: 'set-block', unitCode: p.unit.associationCode, block: null }, withToken());
    expect(await blockOf()).toBeNull();
    const unknown = await operator({ command: 'set-block', unitCode: 'ZZZZZZZZ', block: 'Torre 1' }, withToken());
    expect(unknown.json<{ error: string }>().error).toMatch(/ZZZZZZZZ/);
  });
});
