import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import pg from 'pg';

/** Helpers of the ops project: the built server in child processes, and databases of its own. */
export const root = fileURLToPath(new URL('../../../..', import.meta.url));

/** A JWT secret production accepts (OPS-02): random, long. */
export const strongSecret = () => randomBytes(32).toString('base64url');

/** Only what the built server needs: no NODE_ENV, DATABASE_URL or REDIS_URL of the test run leaks in. */
export function productionEnv(extra: Record<string, string>): NodeJS.ProcessEnv {
  return {
    PATH: process.env.PATH,
    HOME: process.env.HOME,
    NODE_ENV: 'production',
    JWT_SECRET: strongSecret(),
    HOST: '127.0.0.1',
    PORT: '0',
    LOG_LEVEL: 'info',
    ...extra,
  };
}

export interface Running {
  child: ChildProcess;
  /** Everything it printed so far, per stream. */
  out: { stdout: string; stderr: string };
  exited: Promise<number | null>;
}

/** Starts `node --enable-source-maps <main>` (the built server as production runs it). */
export function run(main: string, env: NodeJS.ProcessEnv, cwd = root): Running {
  const child = spawn(process.execPath, ['--enable-source-maps', main], { cwd, env, stdio: ['ignore', 'pipe', 'pipe'] });
  const out = { stdout: '', stderr: '' };
  child.stdout.on('data', (d: Buffer) => (out.stdout += d.toString()));
  child.stderr.on('data', (d: Buffer) => (out.stderr += d.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return { child, out, exited };
}

/** The port a started server listens on (PORT=0: the system's choice), read from its start-up log. */
export async function listening(server: Running, ms = 60_000): Promise<string> {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    const port = /Toque ouvindo na porta (\d+)/.exec(server.out.stdout)?.[1];
    if (port) return `http://127.0.0.1:${port}`;
    if (server.child.exitCode !== null) break;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`the server did not start:\n${server.out.stdout}\n${server.out.stderr}`);
}

/** SIGTERM, and the exit code once it has gone. */
export async function stop(server: Running): Promise<number | null> {
  if (server.child.exitCode === null && server.child.signalCode === null) server.child.kill('SIGTERM');
  return server.exited;
}

/** The PostgreSQL server of DATABASE_URL (or this machine's), for databases the tests make and drop. */
const given = new URL(process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres');
const adminUrl = new URL(given.href);
adminUrl.pathname = '/postgres';
/** New databases are named after the given one (toque_test_…_backup_…), so it is clear whose they are. */
const prefix = given.pathname.slice(1) || 'toque';

async function admin<T>(fn: (c: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: adminUrl.href });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

/** A new, empty PostgreSQL database (label: lower-case letters); returns its URL and how to drop it. */
export async function freshDatabase(label: string): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `${prefix}_${label}_${randomBytes(4).toString('hex')}`.slice(0, 63);
  await admin((c) => c.query(`CREATE DATABASE ${name}`));
  const url = new URL(adminUrl.href);
  url.pathname = `/${name}`;
  return { url: url.href, drop: () => admin((c) => c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)).then(() => undefined) };
}
