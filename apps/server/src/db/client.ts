import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import pg from 'pg';
import * as schema from './schema';
import { makePrivateDir } from '../lib/private-dir';

export type Schema = typeof schema;
/** The one database type services see, whichever engine is underneath. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

export interface Database {
  db: Db;
  engine: 'pglite' | 'postgres';
  close(): Promise<void>;
}

const migrationsFolder = fileURLToPath(new URL('./migrations', import.meta.url));
// Any constant works: it only has to be the same in every process that migrates.
const MIGRATION_LOCK_KEY = 7_305_114;

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
      await migratePg(drizzlePg(client, { schema }), { migrationsFolder });
    } finally {
      await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]).catch(() => undefined);
      client.release();
    }
    return { db, engine: 'postgres', close: () => pool.end() };
  }
  const onDisk = !opts.dataDir.startsWith('memory://');
  if (onDisk) makePrivateDir(opts.dataDir);
  const client = await PGlite.create(opts.dataDir);
  const pdb = drizzlePglite(client, { schema });
  await migratePglite(pdb, { migrationsFolder });
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
