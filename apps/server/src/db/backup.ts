import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, linkSync, readFileSync, renameSync, rmSync, unlinkSync, writeFileSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import { pipeline } from 'node:stream/promises';
import { createGunzip, gzipSync } from 'node:zlib';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { extract, pack } from 'tar-stream';
import type { Db } from './client';

/**
 * OPS-07: backups of both engines. PostgreSQL: `pg_dump -Fc` and `pg_restore` (Debian's
 * postgresql-client). The embedded PGlite: a consistent copy of its data directory made by the
 * process that holds it — PGlite's dumpDataDir() runs with no query in between, after a CHECKPOINT —
 * as a gzipped tar, loaded back with PGlite's loadDataDir.
 */
export type BackupKind = 'postgres' | 'pglite';

/** What a backup file holds, by its first bytes: pg_dump's custom format or a gzip (PGlite's tar). */
export function backupKind(file: string): BackupKind | undefined {
  const head = readFileSync(file).subarray(0, 5);
  if (head.toString('latin1') === 'PGDMP') return 'postgres';
  if (head[0] === 0x1f && head[1] === 0x8b) return 'pglite';
  return undefined;
}

/** Writes a new file whole or not at all, and never over an existing one. */
export function writeNewFile(file: string, data: Buffer): void {
  const partial = join(dirname(file), `.${basename(file)}.${randomBytes(4).toString('hex')}.partial`);
  writeFileSync(partial, data, { mode: 0o600 });
  try {
    linkSync(partial, file);
  } finally {
    unlinkSync(partial);
  }
}

// The data directory holds the server's own files next to PostgreSQL's: its lock (a live pid and an
// operator secret) and, under `npm start`, the JWT secret. Neither belongs in a backup.
const notData = new Set(['server.lock.json', '.jwt-secret']);

/** A consistent gzipped tar of PGlite's data directory, without the server's own files. */
export async function dumpPglite(client: PGlite): Promise<Buffer> {
  await client.exec('CHECKPOINT');
  const tar = Buffer.from(await (await client.dumpDataDir('none')).arrayBuffer());
  const source = extract();
  const target = pack();
  source.on('entry', (header, stream, next) => {
    if (notData.has(header.name.replace(/^\/+/, ''))) {
      stream.resume();
      stream.on('end', next);
      return;
    }
    stream.pipe(target.entry(header, next));
  });
  source.on('finish', () => target.finalize());
  const [data] = await Promise.all([buffer(target), pipeline(Readable.from([tar]), source)]);
  return gzipSync(data);
}

/**
 * OPS-07: a consistent copy of the embedded database this process holds, into a new file (the
 * CLI's `backup` through the running server). PostgreSQL is backed up with pg_dump instead.
 */
export async function backupHeldPglite(db: Db, file: string): Promise<{ file: string; bytes: number }> {
  const client = (db as unknown as { $client: unknown }).$client;
  if (!(client instanceof PGlite)) throw new Error('PostgreSQL is backed up with pg_dump, not through the server');
  const data = await dumpPglite(client);
  writeNewFile(file, data);
  return { file, bytes: data.length };
}

/** True when the directory holds a PostgreSQL data directory (PGlite's). */
export function hasPgliteData(dataDir: string): boolean {
  return existsSync(join(dataDir, 'PG_VERSION'));
}

/**
 * Loads a PGlite backup into `dataDir`: into a new directory next to it first, then swapped in, so a
 * broken file leaves the directory as it was. The directory it replaces (if any) is kept under the
 * returned name, and keeps its JWT secret for the restored one.
 */
export async function restorePglite(dataDir: string, file: string): Promise<{ previous?: string }> {
  const stamp = new Date().toISOString().replace(/[:.]/g, '-');
  const incoming = `${dataDir}.restaurando-${stamp}`;
  try {
    const tar = await buffer(Readable.from([readFileSync(file)]).pipe(createGunzip()));
    const client = await PGlite.create(incoming, { loadDataDir: new Blob([tar], { type: 'application/x-tar' }) });
    // It opens and answers: the copy is a database, not only a tar.
    await client.query('select 1');
    await client.close();
  } catch (error) {
    rmSync(incoming, { recursive: true, force: true });
    throw error;
  }
  let previous: string | undefined;
  if (hasPgliteData(dataDir)) {
    previous = `${dataDir}.anterior-${stamp}`;
    renameSync(dataDir, previous);
  }
  const secret = join(previous ?? dataDir, '.jwt-secret');
  if (existsSync(secret)) writeFileSync(join(incoming, '.jwt-secret'), readFileSync(secret), { mode: 0o600 });
  // No database there: only the CLI's own lock (and maybe the secret, carried over above).
  if (!previous) rmSync(dataDir, { recursive: true, force: true });
  renameSync(incoming, dataDir);
  return previous ? { previous } : {};
}

/** The tables of a PostgreSQL database outside the system schemas (0: an empty database). */
export async function tableCount(databaseUrl: string): Promise<number> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ n: string }>(
      `select count(*) as n from pg_tables where schemaname not in ('pg_catalog', 'information_schema')`,
    );
    return Number(rows[0]!.n);
  } finally {
    await client.end();
  }
}

/**
 * libpq's variables for a connection URL: the password stays out of the command line (which any
 * user of the machine can read in the process list).
 */
function libpqEnv(databaseUrl: string): NodeJS.ProcessEnv {
  const url = new URL(databaseUrl);
  const env: NodeJS.ProcessEnv = { ...process.env, PGDATABASE: decodeURIComponent(url.pathname.slice(1)) };
  if (url.hostname) env.PGHOST = decodeURIComponent(url.hostname).replace(/^\[|\]$/g, '');
  if (url.port) env.PGPORT = url.port;
  if (url.username) env.PGUSER = decodeURIComponent(url.username);
  if (url.password) env.PGPASSWORD = decodeURIComponent(url.password);
  const sslmode = url.searchParams.get('sslmode');
  if (sslmode) env.PGSSLMODE = sslmode;
  return env;
}

/** Runs a PostgreSQL client program on a database; rejects with its own last words on failure. */
function runTool(program: string, args: string[], databaseUrl: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(program, args, { stdio: ['ignore', 'ignore', 'pipe'], env: libpqEnv(databaseUrl) });
    let stderr = '';
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    child.on('error', (error: NodeJS.ErrnoException) =>
      reject(
        error.code === 'ENOENT'
          ? new Error(`${program} não encontrado: instale o cliente do PostgreSQL (apt-get install postgresql-client).`)
          : error,
      ),
    );
    child.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`${program}: ${stderr.trim() || `código ${code}`}`))));
  });
}

/** `pg_dump -Fc` of the whole database (every schema, the migrations' journal included). */
export async function dumpPostgres(databaseUrl: string, file: string): Promise<void> {
  const partial = join(dirname(file), `.${basename(file)}.${randomBytes(4).toString('hex')}.partial`);
  try {
    await runTool('pg_dump', ['--format=custom', `--file=${partial}`], databaseUrl);
    // Accounts and personal data: readable by the operator only, as the PGlite copy is.
    chmodSync(partial, 0o600);
    linkSync(partial, file);
  } finally {
    rmSync(partial, { force: true });
  }
}

/**
 * `pg_restore` in one transaction: all of the backup or nothing. `replace` (the CLI's --force) drops
 * the backup's objects first where they exist.
 */
export async function restorePostgres(databaseUrl: string, file: string, replace: boolean): Promise<void> {
  await runTool('pg_restore', [
    '--single-transaction',
    '--exit-on-error',
    '--no-owner',
    '--no-privileges',
    ...(replace ? ['--clean', '--if-exists'] : []),
    // The database is PGDATABASE's; pg_restore only needs to be told to connect rather than print SQL.
    `--dbname=${decodeURIComponent(new URL(databaseUrl).pathname.slice(1))}`,
    file,
  ], databaseUrl);
}
