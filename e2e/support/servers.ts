import { randomBytes } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import { connect as tcpConnect } from 'node:net';
import { join } from 'node:path';
import pg from 'pg';
import { startPgProxy, type PgProxy } from '../../apps/server/test/pg-proxy';
import { mintCode, type CliTarget } from './codes';
import { busyMachineDeadlines, E2E_TILE_URL, NO_GEOCODER, relaxedLimits } from './limits';
import { answersHttp, freePort, spawnLogged, stopProcess, tempDir, waitUntilUp } from './processes';

/**
 * Toque servers a spec starts for itself, besides the suite's own (playwright.config.ts): one with
 * an environment of its own (TURN, a lower limit), or two processes sharing PostgreSQL and Redis
 * (CALL-12, OPS-04). One launcher for both; the `appServer` fixture (fixtures.ts) shares them per worker.
 */

const LOCAL_POSTGRES = 'postgres://postgres@127.0.0.1:5432/postgres';
const LOCAL_REDIS = 'redis://127.0.0.1:6379';
const NEEDS =
  'CALL-12 runs two server processes on one PostgreSQL and one Redis: set DATABASE_URL and REDIS_URL ' +
  `(or run PostgreSQL at ${LOCAL_POSTGRES} and Redis at ${LOCAL_REDIS})`;

/** How a server process is started: the built server (OPS-01, docs/decisions/0023). */
const serverCommand = ['--enable-source-maps', 'apps/server/dist/main.js'];

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

/** A throwaway database on this machine's PostgreSQL, dropped by `drop`. */
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
  return {
    url: LOCAL_POSTGRES.replace(/\/postgres$/, `/${name}`),
    async drop() {
      const client = new pg.Client({ connectionString: LOCAL_POSTGRES });
      await client.connect();
      await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await client.end();
    },
  };
}

/** A stand-in reverse geocoder (Nominatim's shape): every place is `locality`. */
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

export interface AppServerOptions {
  /** Added to every process's environment (TURN_URLS, TRUST_PROXY, a lower limit…). */
  env?: Record<string, string>;
  /**
   * 1: one process on a fresh embedded database (no Redis), the geocoder unreachable.
   * 2: two processes on one PostgreSQL database and one Redis (CALL-12), a stand-in geocoder.
   */
  replicas?: 1 | 2;
  /**
   * REL-06: one process on a fresh PostgreSQL database reached through a TCP proxy of the test's own
   * (apps/server/test/pg-proxy.ts), which `proxy` takes away and brings back; no Redis. The operator
   * CLI mints on the database directly.
   */
  postgresProxy?: boolean;
}

export interface AppServer {
  /** One URL per process. */
  urls: string[];
  url: string;
  /** The stand-in geocoder's place name (two processes only). */
  locality: string;
  /** The PostgreSQL database the processes share (two processes, or `postgresProxy`). */
  databaseUrl: string;
  /** `postgresProxy`: the proxy between the process and its database. */
  proxy?: PgProxy;
  /** The operator CLI's way to this server's database (codes.ts). */
  cli: CliTarget;
  /** A fresh unclaimed code in this server's database, minted with the operator CLI. */
  mint: (productId: number) => Promise<string>;
  /**
   * OPS-04: SIGTERM to process `i` (REL-04: `SIGKILL`, the kernel's kill: nothing closed in order);
   * resolves with its exit code and how long it took to exit.
   */
  stop: (i: number, signal?: NodeJS.Signals) => Promise<{ code: number | null; ms: number }>;
  /** Starts process `i` again on its port, as a deploy would; resolves once it answers. */
  restart: (i: number) => Promise<void>;
  close: () => Promise<void>;
}

/** Starts a Toque server (or two, see `replicas`) with the relaxed limits and `env`; resolves once each answers. */
export async function startAppServer({ env = {}, replicas = 1, postgresProxy = false }: AppServerOptions = {}): Promise<AppServer> {
  const cleanups: (() => Promise<void> | void)[] = [];
  const cleanUp = async () => {
    for (const cleanup of cleanups.reverse()) await cleanup();
  };
  try {
    let shared: Record<string, string>;
    let target: CliTarget;
    const locality = 'Belo Horizonte';
    let databaseUrl = '';
    let proxy: PgProxy | undefined;
    if (postgresProxy) {
      const database = await throwawayDatabase();
      cleanups.push(() => database.drop());
      const started = await startPgProxy();
      proxy = started;
      cleanups.push(() => started.close());
      databaseUrl = database.url;
      shared = { DATABASE_URL: started.url(database.url), REDIS_URL: '', GEOCODER_URL: NO_GEOCODER };
      target = { DATABASE_URL: database.url };
    } else if (replicas === 2) {
      const redisUrl = process.env.REDIS_URL ?? LOCAL_REDIS;
      if (!(await redisAnswers(redisUrl))) throw new Error(`${NEEDS}. Redis does not answer at ${redisUrl}.`);
      const database = process.env.DATABASE_URL
        ? { url: process.env.DATABASE_URL, drop: async () => undefined }
        : await throwawayDatabase();
      cleanups.push(() => database.drop());
      const geocoder = await stubGeocoder(locality);
      cleanups.push(() => void geocoder.server.close());
      databaseUrl = database.url;
      shared = { DATABASE_URL: database.url, REDIS_URL: redisUrl, GEOCODER_URL: geocoder.url };
      target = { DATABASE_URL: database.url };
    } else {
      const data = tempDir('toque-app-');
      cleanups.push(data.remove);
      const dataDir = join(data.dir, 'data');
      shared = { DATABASE_URL: '', REDIS_URL: '', DATA_DIR: dataDir, GEOCODER_URL: NO_GEOCODER };
      // On a live embedded database the CLI goes through the server (docs/decisions/0002).
      target = { DATABASE_URL: '', DATA_DIR: dataDir };
    }

    const ports: number[] = [];
    const processes: ReturnType<typeof spawnLogged>[] = [];
    const urls: string[] = [];
    const spawnReplica = async (i: number) => {
      const port = ports[i]!;
      const url = `http://127.0.0.1:${port}`;
      const started = spawnLogged(process.execPath, serverCommand, {
        env: {
          ...process.env,
          ...relaxedLimits,
          // REL-06's outage tests (behind the PostgreSQL proxy) keep the production deadlines.
          ...(postgresProxy ? {} : busyMachineDeadlines),
          MAP_TILE_URL: E2E_TILE_URL,
          NODE_ENV: 'test',
          LOG_LEVEL: 'warn',
          HOST: '127.0.0.1',
          PORT: String(port),
          PUBLIC_URL: url,
          ...shared,
          ...env,
        },
      });
      processes[i] = started;
      await waitUntilUp(`server at ${url}`, () => answersHttp(`${url}/api/auth/validateToken`), { ...started, every: 250 });
      urls[i] = url;
    };
    cleanups.push(() => Promise.all(processes.map((p) => stopProcess(p.child))).then(() => undefined));
    // One after the other: the first one migrates the fresh database.
    for (let i = 0; i < replicas; i += 1) {
      ports[i] = await freePort();
      await spawnReplica(i);
    }

    return {
      urls,
      url: urls[0]!,
      locality,
      databaseUrl,
      ...(proxy ? { proxy } : {}),
      cli: target,
      mint: (productId) => mintCode(productId, target),
      stop: async (i, signal = 'SIGTERM') => {
        const started = Date.now();
        const child = processes[i]!.child;
        const exited = new Promise<number | null>((resolve) => {
          if (child.exitCode !== null) resolve(child.exitCode);
          else child.once('exit', (code) => resolve(code));
        });
        await stopProcess(child, signal);
        return { code: await exited, ms: Date.now() - started };
      },
      restart: (i) => spawnReplica(i),
      close: cleanUp,
    };
  } catch (error) {
    await cleanUp().catch(() => undefined);
    throw error;
  }
}
