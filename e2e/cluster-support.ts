import { spawn, execFileSync, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import { connect as tcpConnect, createServer as createTcpServer } from 'node:net';
import { fileURLToPath } from 'node:url';
import pg from 'pg';

/**
 * Two real server processes sharing one PostgreSQL database and one Redis (CALL-12). PGlite is
 * single-process, so this needs DATABASE_URL and REDIS_URL (CI sets both); without DATABASE_URL it
 * makes a throwaway database on this machine's PostgreSQL (127.0.0.1:5432, user postgres) and drops
 * it afterwards; without REDIS_URL it uses 127.0.0.1:6379. When neither is reachable it fails, with
 * a message that says what to set.
 */

const root = fileURLToPath(new URL('..', import.meta.url));
const LOCAL_POSTGRES = 'postgres://postgres@127.0.0.1:5432/postgres';
const LOCAL_REDIS = 'redis://127.0.0.1:6379';
const NEEDS =
  'CALL-12 runs two server processes on one PostgreSQL and one Redis: set DATABASE_URL and REDIS_URL ' +
  `(or run PostgreSQL at ${LOCAL_POSTGRES} and Redis at ${LOCAL_REDIS})`;

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createTcpServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

async function redisAnswers(url: string): Promise<boolean> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve) => {
    const socket = tcpConnect({ host: hostname, port: Number(port || 6379) });
    const done = (ok: boolean) => {
      socket.destroy();
      resolve(ok);
    };
    socket.setTimeout(2000, () => done(false));
    socket.once('error', () => done(false));
    socket.once('connect', () => socket.write('PING\r\n'));
    // A password-protected Redis answers NOAUTH: it is there; the server will authenticate.
    socket.once('data', (data) => done(/^(\+PONG|-NOAUTH)/.test(data.toString())));
  });
}

async function throwawayDatabase(): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `toque_e2e_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: LOCAL_POSTGRES });
  try {
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
  } catch (error) {
    throw new Error(`${NEEDS}. PostgreSQL: ${(error as Error).message}`);
  } finally {
    await admin.end().catch(() => undefined);
  }
  const url = LOCAL_POSTGRES.replace(/\/postgres$/, `/${name}`);
  return {
    url,
    async drop() {
      const client = new pg.Client({ connectionString: LOCAL_POSTGRES });
      await client.connect();
      await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await client.end();
    },
  };
}

/** A stand-in reverse geocoder (Nominatim's shape) for the processes: every place is Belo Horizonte. */
function stubGeocoder(locality: string): Promise<{ url: string; server: Server }> {
  const server = createServer((_request, response) => {
    response.setHeader('content-type', 'application/json');
    response.end(JSON.stringify({ display_name: `${locality}, Minas Gerais, Brasil`, address: { city: locality } }));
  });
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      resolve({ url: `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`, server });
    }),
  );
}

export async function untilUp(url: string, child: ChildProcess, output: () => string) {
  const deadline = Date.now() + 90_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server at ${url} exited (${child.exitCode}):\n${output()}`);
    try {
      await fetch(`${url}/api/auth/validateToken`);
      return;
    } catch {
      await new Promise((r) => setTimeout(r, 250));
    }
  }
  throw new Error(`server at ${url} did not start in 90 s:\n${output()}`);
}

export interface Cluster {
  urls: [string, string];
  locality: string;
  /** The PostgreSQL database both processes use. */
  databaseUrl: string;
  mint: (productId: number) => string;
  /** OPS-04: SIGTERM to process `i`; resolves with its exit code and how long it took to exit. */
  stop: (i: 0 | 1) => Promise<{ code: number | null; ms: number }>;
  /** Starts process `i` again on its port, as a deploy would; resolves once it answers. */
  restart: (i: 0 | 1) => Promise<void>;
  close: () => Promise<void>;
}

/** How a server process is started: the built server (OPS-01, docs/decisions/0023). */
export const serverCommand = ['--enable-source-maps', 'apps/server/dist/main.js'];

/** `extra` is added to both processes' environment (e.g. TRUST_PROXY, a lower limit). */
export async function startCluster(extra: Record<string, string> = {}): Promise<Cluster> {
  const redisUrl = process.env.REDIS_URL ?? LOCAL_REDIS;
  if (!(await redisAnswers(redisUrl))) throw new Error(`${NEEDS}. Redis does not answer at ${redisUrl}.`);
  const database = process.env.DATABASE_URL
    ? { url: process.env.DATABASE_URL, drop: async () => undefined }
    : await throwawayDatabase();
  const locality = 'Belo Horizonte';
  const geocoder = await stubGeocoder(locality);
  const children: ChildProcess[] = [];
  const env = (port: number) => ({
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    DATABASE_URL: database.url,
    REDIS_URL: redisUrl,
    NODE_ENV: 'test',
    LOG_LEVEL: 'warn',
    GEOCODER_URL: geocoder.url,
    RATE_LOGIN_PER_IP: '100000',
    RATE_LOGIN_PER_EMAIL: '100000',
    RATE_REGISTER_PER_IP: '100000',
    RATE_CLAIM_PER_IP: '100000',
    RATE_TAG_VIEW_PER_IP: '100000',
    ARGON2_QUEUE: '100000',
    RATE_CALL_RINGING_PER_TAG: '100000',
    RATE_CALL_PER_TAG: '100000',
    RATE_CALL_PER_IP: '100000',
    ...extra,
  });
  const urls: string[] = [];
  const ports: number[] = [];
  async function spawnReplica(i: number) {
    const port = ports[i]!;
    const url = `http://127.0.0.1:${port}`;
    const child = spawn(process.execPath, serverCommand, { cwd: root, env: env(port) });
    let log = '';
    child.stdout?.on('data', (d: Buffer) => (log += d.toString()));
    child.stderr?.on('data', (d: Buffer) => (log += d.toString()));
    children[i] = child;
    await untilUp(url, child, () => log);
    urls[i] = url;
  }
  try {
    // One after the other: the first one migrates the fresh database.
    for (let i = 0; i < 2; i += 1) {
      ports[i] = await freePort();
      await spawnReplica(i);
    }
  } catch (error) {
    for (const child of children) child.kill('SIGTERM');
    geocoder.server.close();
    await database.drop().catch(() => undefined);
    throw error;
  }

  return {
    urls: [urls[0]!, urls[1]!],
    locality,
    databaseUrl: database.url,
    stop: (i) =>
      new Promise((resolve) => {
        const child = children[i]!;
        const started = Date.now();
        child.once('exit', (code) => resolve({ code, ms: Date.now() - started }));
        child.kill('SIGTERM');
      }),
    restart: (i) => spawnReplica(i),
    mint: (productId) =>
      execFileSync(process.execPath, ['scripts/toque.mjs', 'mint', String(productId), '1'], {
        cwd: root,
        env: { ...process.env, DATABASE_URL: database.url },
        encoding: 'utf8',
      })
        .split('\n')
        .map((l) => l.trim())
        .find((l) => /^[A-Z0-9]{8}$/.test(l))!,
    async close() {
      await Promise.all(
        children.map(
          (child) =>
            new Promise<void>((resolve) => {
              if (child.exitCode !== null) return resolve();
              child.once('exit', () => resolve());
              child.kill('SIGTERM');
            }),
        ),
      );
      geocoder.server.close();
      await database.drop();
    },
  };
}
