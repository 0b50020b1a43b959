import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import { apiMsg } from '@toque/contracts/messages';
import { build, dbLabel, engine, errorBody } from './helpers';

/**
 * OPS-07: the server's side of `npm run toque -- backup` on the embedded database (the process that
 * holds PGlite makes the copy). The round trip through the CLI is proved in test/ops/backup.test.ts.
 */
const { app } = await build();
const dir = mkdtempSync(join(tmpdir(), 'toque-operator-backup-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const backup = (file: string, headers: Record<string, string> = { 'x-operator-token': app.operatorToken }, remoteAddress = '127.0.0.1') =>
  app.inject({ method: 'POST', url: '/api/operator', headers, payload: { command: 'backup', file }, remoteAddress });

describe(`POST /api/operator backup ${dbLabel}`, () => {
  test('[OPS-07] [ADM-05] without the operator token or from afar: 403 and no file', async () => {
    const file = join(dir, 'refused.tar.gz');
    for (const res of [await backup(file, {}), await backup(file, { 'x-operator-token': app.operatorToken }, '203.0.113.9')]) {
      expect(res.statusCode).toBe(403);
      expect(errorBody(res)).toBe(apiMsg.operatorOnly);
    }
    expect(existsSync(file)).toBe(false);
  });

  test('[OPS-07] a relative path is refused (400): the server never guesses where the operator meant', async () => {
    const res = await backup('relative.tar.gz');
    expect(res.statusCode).toBe(400);
    expect(existsSync(join(process.cwd(), 'relative.tar.gz'))).toBe(false);
  });

  test('[OPS-07] PGlite: a gzipped copy into a new file, never over an existing one; PostgreSQL: refused (pg_dump does it)', async () => {
    const file = join(dir, 'copy.tar.gz');
    const res = await backup(file);
    expect(res.statusCode).toBe(200);
    if (engine === 'pglite') {
      expect(res.json<{ result: { file: string; bytes: number } }>().result).toEqual({ file, bytes: readFileSync(file).length });
      expect([...readFileSync(file).subarray(0, 2)]).toEqual([0x1f, 0x8b]);
      const existing = join(dir, 'existing.tar.gz');
      writeFileSync(existing, 'keep me');
      expect((await backup(existing)).json<{ error?: string }>().error).toMatch(/EEXIST/);
      expect(readFileSync(existing, 'utf8')).toBe('keep me');
    } else {
      expect(res.json<{ error?: string }>().error).toBe('PostgreSQL is backed up with pg_dump, not through the server');
      expect(existsSync(file)).toBe(false);
    }
  });
});
