import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { afterAll, describe, expect, test } from 'vitest';
import { freshDatabase, listening, productionEnv, root, run, stop } from './support';

/**
 * OPS-07: `npm run toque -- backup FILE` and `restore FILE` with the built CLI (OPS-01), on both
 * engines. Every table's row count and checksum (md5 of its rows as text, in order) are equal after
 * the round trip, the restored database serves with nothing to migrate, and the demo login works.
 */
const dir = mkdtempSync(join(tmpdir(), 'toque-ops07-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function toque(env: NodeJS.ProcessEnv, ...args: string[]) {
  return spawnSync(process.execPath, ['scripts/toque.mjs', ...args], { cwd: root, env, encoding: 'utf8' });
}

type Query = (sql: string) => Promise<Record<string, unknown>[]>;

/** Every table outside the system schemas (the migrations' journal included): rows and checksum. */
async function tableSums(query: Query): Promise<Record<string, { rows: number; md5: string }>> {
  const tables = await query(
    `select schemaname, tablename from pg_tables where schemaname not in ('pg_catalog', 'information_schema') order by 1, 2`,
  );
  const sums: Record<string, { rows: number; md5: string }> = {};
  for (const { schemaname, tablename } of tables as { schemaname: string; tablename: string }[]) {
    const [row] = (await query(
      `select count(*)::int as rows, md5(coalesce(string_agg(t::text, E'\\n' order by t::text), '')) as md5 from "${schemaname}"."${tablename}" t`,
    )) as { rows: number; md5: string }[];
    sums[`${schemaname}.${tablename}`] = { rows: row!.rows, md5: row!.md5 };
  }
  return sums;
}

async function postgresSums(url: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await tableSums(async (sql) => (await client.query(sql)).rows as Record<string, unknown>[]);
  } finally {
    await client.end();
  }
}

async function pgliteSums(dataDir: string) {
  const client = await PGlite.create(dataDir);
  try {
    return await tableSums(async (sql) => (await client.query<Record<string, unknown>>(sql)).rows);
  } finally {
    await client.close();
  }
}

/** The seeded data is there: the demo's accounts, tags, condominium, and the migrations' journal. */
function expectSeeded(sums: Record<string, { rows: number }>) {
  expect(sums['public.users']!.rows).toBeGreaterThanOrEqual(4);
  expect(sums['public.tags']!.rows).toBeGreaterThan(5);
  expect(sums['public.units']!.rows).toBeGreaterThan(0);
  expect(sums['drizzle.__drizzle_migrations']!.rows).toBeGreaterThan(0);
}

/** The restored database serves: nothing to migrate (the journal is as restored) and the demo login works. */
async function servesRestored(env: NodeJS.ProcessEnv, journal: () => Promise<{ rows: number; md5: string } | undefined>) {
  const before = await journal();
  const server = run('apps/server/dist/main.js', env);
  try {
    const base = await listening(server);
    const login = await fetch(`${base}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'cliente@toque.app.br', password: 'toque123', platform: 'web', token: '' }),
    });
    expect(login.status).toBe(200);
  } finally {
    expect(await stop(server)).toBe(0);
  }
  expect(await journal()).toEqual(before);
}

describe('backup and restore with the operator CLI', () => {
  test('[OPS-07] PostgreSQL: backup → a new database → restore gives every table the same rows; a non-empty database is refused without --force', async () => {
    const source = await freshDatabase('bksrc');
    const target = await freshDatabase('bkdst');
    try {
      const file = join(dir, 'toque.dump');
      const src = productionEnv({ DATABASE_URL: source.url });
      const dst = productionEnv({ DATABASE_URL: target.url });
      expect(toque(src, 'seed-demo').status).toBe(0);

      const backup = toque(src, 'backup', file);
      expect(backup.status, backup.stderr).toBe(0);
      expect(backup.stdout).toMatch(new RegExp(`^Backup do PostgreSQL \\(banco \\w+, pg_dump -Fc\\) gravado em ${file} \\([\\d.]+ KB\\)\\.\\n$`));
      // Never over an existing file.
      const again = toque(src, 'backup', file);
      expect(again.status).toBe(1);
      expect(again.stderr).toBe(`O arquivo ${file} já existe: nada foi gravado. Escolha outro nome ou apague-o antes.\n`);

      const restore = toque(dst, 'restore', file);
      expect(restore.status, restore.stderr).toBe(0);
      const targetName = new URL(target.url).pathname.slice(1);
      const sums = await postgresSums(source.url);
      expect(restore.stdout).toBe(`Backup ${file} restaurado no PostgreSQL (banco ${targetName}, ${Object.keys(sums).length} tabelas).\n`);
      expectSeeded(sums);
      expect(await postgresSums(target.url)).toEqual(sums);

      // The target has tables now: refused, and left as it was; --force replaces.
      const refused = toque(dst, 'restore', file);
      expect(refused.status).toBe(1);
      expect(refused.stderr).toBe(
        `O banco ${targetName} não está vazio (${Object.keys(sums).length} tabelas): nada foi restaurado. ` +
          `Para substituí-lo pelo backup, use: npm run toque -- restore ${file} --force\n`,
      );
      const forced = toque(dst, 'restore', file, '--force');
      expect(forced.status, forced.stderr).toBe(0);
      expect(forced.stdout).toContain('substituindo as tabelas do backup que já existiam');
      expect(await postgresSums(target.url)).toEqual(sums);

      await servesRestored(dst, async () => (await postgresSums(target.url))['drizzle.__drizzle_migrations']);
    } finally {
      await source.drop();
      await target.drop();
    }
  });

  test('[OPS-07] embedded PGlite: a backup taken by the running server restores into a new directory with every table the same, without the server\'s secrets', async () => {
    const source = join(dir, 'source');
    const target = join(dir, 'target');
    const file = join(dir, 'toque-pglite.tar.gz');
    const src = productionEnv({ DATA_DIR: source });
    const dst = productionEnv({ DATA_DIR: target });
    expect(toque(src, 'seed-demo').status).toBe(0);
    // `npm start` keeps the installation's JWT secret in the data directory: it must not travel in a backup.
    writeFileSync(join(source, '.jwt-secret'), 'not-for-backups', { mode: 0o600 });

    const server = run('apps/server/dist/main.js', src);
    try {
      await listening(server);
      // The server holds the directory (PGlite is single-process): the CLI asks it for the copy.
      const backup = toque(src, 'backup', file);
      expect(backup.status, backup.stderr).toBe(0);
      expect(backup.stdout).toMatch(
        new RegExp(`^Backup do banco embutido \\(PGlite em ${source}\\) gravado em ${file} \\([\\d.]+ KB\\), copiado pelo servidor em execução \\(pid ${server.child.pid}\\)\\.\\n$`),
      );
      const busy = toque(src, 'restore', file, '--force');
      expect(busy.status).toBe(1);
      expect(busy.stderr).toMatch(/^O servidor \(pid \d+, porta \d+\) está usando .*: pare-o antes de restaurar\. Nada foi restaurado\.\n$/);
    } finally {
      expect(await stop(server)).toBe(0);
    }
    const listed = spawnSync('tar', ['-tzf', file], { encoding: 'utf8' });
    expect(listed.status).toBe(0);
    expect(listed.stdout).toContain('PG_VERSION');
    expect(listed.stdout).not.toMatch(/jwt-secret|server\.lock/);

    const restore = toque(dst, 'restore', file);
    expect(restore.status, restore.stderr).toBe(0);
    expect(restore.stdout).toBe(`Backup ${file} restaurado no banco embutido (PGlite em ${target}).\n`);
    const sums = await pgliteSums(source);
    expectSeeded(sums);
    expect(await pgliteSums(target)).toEqual(sums);

    const refused = toque(dst, 'restore', file);
    expect(refused.status).toBe(1);
    expect(refused.stderr).toBe(
      `Já há um banco embutido em ${target}: nada foi restaurado. Para substituí-lo pelo backup, use: npm run toque -- restore ${file} --force\n`,
    );
    // --force swaps the restored copy in and keeps the directory it replaces beside it.
    const forced = toque(dst, 'restore', file, '--force');
    expect(forced.status, forced.stderr).toBe(0);
    const kept = /O banco que estava lá foi guardado em (.+)\.\n$/.exec(forced.stdout)?.[1];
    expect(kept && existsSync(join(kept, 'PG_VERSION'))).toBe(true);
    expect(readdirSync(dir).filter((name) => name.startsWith('target.restaurando'))).toEqual([]);
    expect(await pgliteSums(target)).toEqual(sums);

    await servesRestored(dst, async () => (await pgliteSums(target))['drizzle.__drizzle_migrations']);
  });

  test('[OPS-07] a file that is no backup, or of the other engine, is refused and changes nothing', async () => {
    const file = join(dir, 'not-a-backup.txt');
    writeFileSync(file, 'hello');
    const dataDir = join(dir, 'empty');
    const refused = toque(productionEnv({ DATA_DIR: dataDir }), 'restore', file);
    expect(refused.status).toBe(1);
    expect(refused.stderr).toBe(`${file} não é um backup do Toque (nem pg_dump -Fc nem PGlite): nada foi restaurado.\n`);
    expect(existsSync(join(dataDir, 'PG_VERSION'))).toBe(false);

    const pgDump = join(dir, 'postgres.dump');
    writeFileSync(pgDump, 'PGDMP\u0001\u000e\u0000');
    const crossed = toque(productionEnv({ DATA_DIR: dataDir }), 'restore', pgDump);
    expect(crossed.status).toBe(1);
    expect(crossed.stderr).toBe(`${pgDump} é um backup do PostgreSQL (pg_dump -Fc): restaure-o com DATABASE_URL. Nada foi restaurado.\n`);
    expect(existsSync(join(dataDir, 'PG_VERSION'))).toBe(false);
  });
});
