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
import { DATABASE_TIMEOUT_CODE, isDatabaseUnavailable } from '../lib/pg-errors';
import { someoneWaits } from '../lib/db-deadline';

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
  /** REL-06: whether the last word from the database was an answer or a failure to reach it (PGlite: always up). */
  reachable?: () => boolean;
}

/**
 * REL-06 (docs/decisions/0051): how long a request waits for PostgreSQL before it is told the
 * database is unavailable (503 with Retry-After) — a connection (or a free one of the pool), then
 * each statement. Together under the 2 s the finder is promised an answer in.
 */
export interface DatabaseDeadlines {
  connectMs: number;
  queryMs: number;
}
/** The production deadlines (config DB_CONNECT_TIMEOUT_MS, DB_QUERY_DEADLINE_MS default to them). */
const DEFAULT_DEADLINES: DatabaseDeadlines = { connectMs: 750, queryMs: 1_200 };
/** A transaction left open by a client that vanished (a network cut) gives its locks back after this long. */
const IDLE_IN_TRANSACTION_MS = 15_000;

/** REL-06: a statement PostgreSQL did not answer within the query deadline; its connection was cut. */
class DatabaseTimeout extends Error {
  readonly code = DATABASE_TIMEOUT_CODE;
  constructor(ms: number) {
    super(`The database did not answer within ${ms} ms`);
    this.name = 'DatabaseTimeout';
  }
}

type QueryArgs = Parameters<pg.Client['query']>;

/**
 * REL-06: a pool connection that gives up on a silent database. node-postgres waits forever for a
 * statement's answer when packets go nowhere (a network cut, a firewall that drops): past
 * the query deadline — for a statement someone waits on (a request, a socket event; a sweep or a
 * script takes the time it needs) — the connection is cut, every statement on it fails at once (a transaction's
 * ROLLBACK too, instead of waiting again), and the pool replaces it. A cursor (a submittable)
 * keeps its own pace. A lost connection no longer throws from the client's 'error' event with
 * nobody listening (that ended the process): its statements get the error.
 */
function boundedClient(onAnswer: (up: boolean) => void, queryMs: number) {
  return class BoundedClient extends pg.Client {
    constructor(config?: string | pg.ClientConfig) {
      super(config);
      this.on('error', () => onAnswer(false));
    }

    override connect(...args: unknown[]): never {
      const callback = args[0] as ((error?: Error) => void) | undefined;
      const connect = (super.connect as (...a: unknown[]) => unknown).bind(this);
      if (callback) return connect((error?: Error) => (onAnswer(!error), callback(error))) as never;
      return (connect() as Promise<void>).then(
        () => onAnswer(true),
        (error: unknown) => {
          onAnswer(false);
          throw error;
        },
      ) as never;
    }

    override query(...args: unknown[]): never {
      const first = args[0] as { submit?: unknown } | undefined;
      const call = (list: unknown[]) => (super.query as (...a: unknown[]) => unknown).apply(this, list) as never;
      // Only what someone waits on (a request, a socket event: lib/db-deadline.ts) has the deadline.
      if ((first && typeof first.submit === 'function') || !someoneWaits()) return call(args);
      const timer = setTimeout(() => {
        const stream = (this as unknown as { connection?: { stream?: { destroy(e: Error): void } } }).connection?.stream;
        stream?.destroy(new DatabaseTimeout(queryMs));
      }, queryMs);
      const settle = (error: unknown) => {
        clearTimeout(timer);
        if (!error) onAnswer(true);
        else if (isDatabaseUnavailable(error)) onAnswer(false);
      };
      const last = args[args.length - 1];
      if (typeof last === 'function') {
        const callback = last as (error: unknown, result: unknown) => void;
        return call([...args.slice(0, -1), (error: unknown, result: unknown) => (settle(error), callback(error, result))]);
      }
      const result = call(args) as unknown;
      if (result && typeof (result as Promise<unknown>).then === 'function')
        (result as Promise<unknown>).then(() => settle(undefined), settle);
      return result as never;
    }
  } as unknown as typeof pg.Client & { new (config?: QueryArgs[0]): pg.Client };
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
export async function openDatabase(opts: {
  databaseUrl?: string | undefined;
  dataDir: string;
  deadlines?: DatabaseDeadlines | undefined;
}): Promise<Database> {
  const deadlines = opts.deadlines ?? DEFAULT_DEADLINES;
  if (opts.databaseUrl) {
    // Several processes may start at once: one migrates, the others wait for it — on a connection of
    // its own, without the pool's deadlines (a migration or the wait for the lock may take long).
    const client = new pg.Client({ connectionString: opts.databaseUrl });
    await client.connect();
    try {
      await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
      await migrating(() => migratePg(drizzlePg(client, { schema }), { migrationsFolder }));
    } catch (error) {
      // A failed start leaves no connection behind (the transaction was rolled back; the lock goes with it).
      await client.end().catch(() => undefined);
      throw error;
    }
    await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]).catch(() => undefined);
    await client.end();
    let up = true;
    const pool = new pg.Pool({
      connectionString: opts.databaseUrl,
      max: 10,
      // REL-06: no request waits longer than this for a connection, new or pooled.
      connectionTimeoutMillis: deadlines.connectMs,
      idle_in_transaction_session_timeout: IDLE_IN_TRANSACTION_MS,
      keepAlive: true,
      Client: boundedClient((answered) => (up = answered), deadlines.queryMs),
    });
    // An idle connection the network dropped: the pool replaces it; nothing to throw.
    pool.on('error', () => (up = false));
    const db = drizzlePg(pool, { schema }) as unknown as Db;
    return { db, engine: 'postgres', close: () => pool.end(), reachable: () => up };
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
