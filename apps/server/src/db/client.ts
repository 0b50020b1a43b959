import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { DrizzleQueryError, sql } from 'drizzle-orm';
import { readMigrationFiles } from 'drizzle-orm/migrator';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import pg from 'pg';
import * as schema from './schema';
import { makePrivateDir } from '../lib/private-dir';

type Schema = typeof schema;
/** The one database type services see, whichever engine is underneath. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
/** Either the database or an open transaction: what a repository function that may run in both takes. */
export type Conn = Db | Tx;

export interface Database {
  db: Db;
  engine: 'pglite' | 'postgres';
  close(): Promise<void>;
}

// Next to this module: src/db/migrations from the source, dist/migrations in the build (OPS-01).
const migrationsFolder = fileURLToPath(new URL('./migrations', import.meta.url));
// Any constant works: it only has to be the same in every process that migrates.
const MIGRATION_LOCK_KEY = 7_305_114;

/**
 * OPS-03: a migration the database refused. Drizzle applies every pending migration in one
 * transaction, so none of them is left half-applied; this names the one that failed and the
 * database's reason, for the one line start-up prints before it stops.
 */
export class MigrationError extends Error {
  constructor(
    readonly migration: string,
    readonly reason: string,
    options: { cause: unknown },
  ) {
    super(`Database migration ${migration} failed: ${reason}. No pending migration was applied.`, options);
    this.name = 'MigrationError';
  }
}

/** Which migration a failed statement belongs to (its journal tag), and the database's own words. */
function migrationError(error: unknown): MigrationError {
  const query = error instanceof DrizzleQueryError ? error.query : undefined;
  const journal = JSON.parse(readFileSync(join(migrationsFolder, 'meta/_journal.json'), 'utf8')) as {
    entries: { tag: string; when: number }[];
  };
  const failed = query ? readMigrationFiles({ migrationsFolder }).find((m) => m.sql.includes(query)) : undefined;
  const tag = journal.entries.find((e) => e.when === failed?.folderMillis)?.tag ?? '(unknown)';
  const cause = (error instanceof DrizzleQueryError ? error.cause : error) as { message?: string; code?: string } | undefined;
  const reason = `${cause?.message ?? String(error)}${cause?.code ? ` (SQLSTATE ${cause.code})` : ''}`;
  return new MigrationError(tag, reason, { cause: error });
}

async function migrating(run: () => Promise<void>): Promise<void> {
  try {
    await run();
  } catch (error) {
    throw migrationError(error);
  }
}

/**
 * Opens PostgreSQL when a URL is given, else the embedded PGlite in `dataDir`
 * (`memory://` keeps it in memory, for tests), and applies the migrations.
 */
export async function openDatabase(opts: { databaseUrl?: string | undefined; dataDir: string }): Promise<Database> {
  if (opts.databaseUrl) {
    const pool = new pg.Pool({ connectionString: opts.databaseUrl, max: 10 });
    const db = drizzlePg(pool, { schema }) as unknown as Db;
    // Several processes may start at once: one migrates, the others wait for it.
    const client = await pool.connect();
    try {
      await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
      await migrating(() => migratePg(drizzlePg(client, { schema }), { migrationsFolder }));
    } catch (error) {
      // A failed start leaves no pool behind (the transaction was rolled back; the lock goes with it).
      client.release(true);
      await pool.end();
      throw error;
    }
    await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]).catch(() => undefined);
    client.release();
    return { db, engine: 'postgres', close: () => pool.end() };
  }
  const onDisk = !opts.dataDir.startsWith('memory://');
  if (onDisk) makePrivateDir(opts.dataDir);
  const client = await PGlite.create(opts.dataDir);
  const pdb = drizzlePglite(client, { schema });
  try {
    await migrating(() => migratePglite(pdb, { migrationsFolder }));
  } catch (error) {
    await client.close();
    throw error;
  }
  if (onDisk) makePrivateDir(opts.dataDir);
  return {
    db: pdb as unknown as Db,
    engine: 'pglite',
    close: async () => {
      await client.close();
      if (onDisk) makePrivateDir(opts.dataDir);
    },
  };
}

/** A hot query's fixed text (`$1`… for its values) and the name PostgreSQL prepares it under. */
export interface PreparedQuery {
  name: string;
  text: string;
}

/**
 * Rows of a hot read, straight on the driver (PERF-01, docs/decisions/0018): on PostgreSQL a named
 * prepared statement — parsed and planned once per pooled connection, not on every request — and
 * no query building in between; PGlite runs the same text with the same values. Only for `db`
 * itself, not a transaction.
 */
export async function preparedRows<T>(db: Db, query: PreparedQuery, values: unknown[]): Promise<T[]> {
  const client = (db as unknown as { $client: pg.Pool | PGlite }).$client;
  if (client instanceof pg.Pool) {
    return (await client.query<T & pg.QueryResultRow>({ name: query.name, text: query.text, values })).rows;
  }
  return (await client.query<T>(query.text, values)).rows;
}

/** Rows of a raw `db.execute(sql…)`: both drivers answer `{ rows }`. */
export async function rowsOf<T>(result: Promise<unknown>): Promise<T[]> {
  return ((await result) as { rows: T[] }).rows;
}

/** The readiness probe's round trip (OPS-04): the database answers a trivial query. */
export function ping(db: Db): Promise<unknown> {
  return db.execute(sql`select 1`);
}
