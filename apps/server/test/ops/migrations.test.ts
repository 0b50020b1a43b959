import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { afterAll, describe, expect, test } from 'vitest';
import { freshDatabase, listening, productionEnv, root, run, stop } from './support';

/**
 * OPS-03: migrations run once, by the built server (OPS-01) as production starts it. Three replicas
 * started together on a new PostgreSQL database take turns on the advisory lock: one applies every
 * migration, the others find nothing to do. A migration the database refuses stops the start with
 * one line naming it and the reason, and leaves nothing of the pending migrations behind.
 */
const journal = JSON.parse(readFileSync(join(root, 'apps/server/src/db/migrations/meta/_journal.json'), 'utf8')) as {
  entries: { idx: number; version: string; when: number; tag: string; breakpoints: boolean }[];
};
const BROKEN = '9999_broken';

/**
 * A copy of the build whose migrations end with a broken one: its first statement works, its second
 * names a table that does not exist. Inside the repository, so the copy finds node_modules.
 */
mkdirSync(join(root, 'test-results'), { recursive: true });
const brokenDir = mkdtempSync(join(root, 'test-results', 'ops03-'));
cpSync(join(root, 'apps/server/dist'), brokenDir, { recursive: true });
writeFileSync(
  join(brokenDir, 'migrations', `${BROKEN}.sql`),
  'CREATE TABLE "ops03_half" ("id" integer);\n--> statement-breakpoint\nALTER TABLE "no_such_table" ADD COLUMN "x" integer;\n',
);
const last = journal.entries.at(-1)!;
writeFileSync(
  join(brokenDir, 'migrations/meta/_journal.json'),
  JSON.stringify({ ...journal, entries: [...journal.entries, { ...last, idx: last.idx + 1, when: last.when + 1, tag: BROKEN }] }),
);
afterAll(() => rmSync(brokenDir, { recursive: true, force: true }));

const REFUSED = `Database migration ${BROKEN} failed: relation "no_such_table" does not exist (SQLSTATE 42P01). No pending migration was applied.`;

interface State {
  applied: number;
  distinct: number;
  half: boolean;
}

async function stateOf(url: string): Promise<State> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ applied: string; distinct: string; half: boolean }>(
      `select count(*) as applied, count(distinct hash) as distinct, to_regclass('ops03_half') is not null as half
         from drizzle.__drizzle_migrations`,
    );
    const row = rows[0]!;
    return { applied: Number(row.applied), distinct: Number(row.distinct), half: row.half };
  } finally {
    await client.end();
  }
}

describe('migrations of the built server', () => {
  test('[OPS-03] three replicas started together on a new PostgreSQL database all serve, and each migration is applied once', async () => {
    const database = await freshDatabase('migrate');
    try {
      const replicas = [0, 1, 2].map(() => run('apps/server/dist/main.js', productionEnv({ DATABASE_URL: database.url })));
      try {
        const bases = await Promise.all(replicas.map((replica) => listening(replica)));
        for (const base of bases) expect((await fetch(`${base}/api/health`)).status).toBe(200);
      } finally {
        for (const replica of replicas) expect(await stop(replica)).toBe(0);
      }
      // Nobody raced into an error: no duplicate table, no duplicate journal row, nothing on stderr.
      for (const replica of replicas) {
        expect(replica.out.stderr).toBe('');
        const lines = replica.out.stdout.trim().split('\n').map((line) => JSON.parse(line) as { level: number });
        expect(lines.filter((line) => line.level >= 50)).toEqual([]);
      }
      expect(await stateOf(database.url)).toEqual({ applied: journal.entries.length, distinct: journal.entries.length, half: false });
    } finally {
      await database.drop();
    }
  });

  test('[OPS-03] a migration PostgreSQL refuses stops the start with one line naming it, and applies none of it', async () => {
    const database = await freshDatabase('broken');
    try {
      // The current migrations first, as a deploy finds them; then a release whose new one is broken.
      const good = run('apps/server/dist/main.js', productionEnv({ DATABASE_URL: database.url }));
      await listening(good);
      expect(await stop(good)).toBe(0);

      const started = Date.now();
      const broken = run(join(brokenDir, 'main.js'), productionEnv({ DATABASE_URL: database.url }));
      expect(await broken.exited).toBe(1);
      expect(Date.now() - started).toBeLessThan(15_000);
      expect(broken.out.stderr.trim()).toBe(REFUSED);
      expect(broken.out.stdout).not.toContain('Toque ouvindo');
      expect(await stateOf(database.url)).toEqual({ applied: journal.entries.length, distinct: journal.entries.length, half: false });

      // The database is as it was: the release before it still starts.
      const again = run('apps/server/dist/main.js', productionEnv({ DATABASE_URL: database.url }));
      await listening(again);
      expect(await stop(again)).toBe(0);
    } finally {
      await database.drop();
    }
  });

  test('[OPS-03] a migration the embedded PGlite refuses stops the start the same way, and applies none of it', async () => {
    const dataDir = join(mkdtempSync(join(tmpdir(), 'toque-ops03-')), 'data');
    try {
      const broken = run(join(brokenDir, 'main.js'), productionEnv({ DATA_DIR: dataDir }));
      expect(await broken.exited).toBe(1);
      expect(broken.out.stderr.trim()).toBe(REFUSED);

      // Every pending migration went in the one transaction that failed: none of them is there.
      const db = await PGlite.create(dataDir);
      try {
        const { rows } = await db.query<{ applied: number; users: boolean; half: boolean }>(
          `select (select count(*)::int from drizzle.__drizzle_migrations) as applied,
                  to_regclass('users') is not null as users, to_regclass('ops03_half') is not null as half`,
        );
        expect(rows[0]).toEqual({ applied: 0, users: false, half: false });
      } finally {
        await db.close();
      }
    } finally {
      rmSync(join(dataDir, '..'), { recursive: true, force: true });
    }
  });
});
