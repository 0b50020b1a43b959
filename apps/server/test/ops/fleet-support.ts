import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { connect as tcpConnect, createServer } from 'node:net';
import jwt from 'jsonwebtoken';
import pg from 'pg';
import { io as connectClient, type Socket } from 'socket.io-client';
import { TERMS_VERSION } from '@toque/contracts/account';
import { SOCKET_PATH, type CreateCallResponse } from '@toque/contracts/calls';
import type { ClientToServerEvents, ServerToClientEvents } from '@toque/contracts/socket-events';
import { newTagCode } from '../../src/lib/codes';
import { freshDatabase, listening, productionEnv, run, stop, strongSecret, type Running } from './support';

/**
 * REL-04 / REL-05 / REL-07 at small scale: the built server in two processes on a fresh PostgreSQL
 * database and a redis-server of the test's own (never the shared one: it is stopped and started
 * again), a few owners seeded in the database with sessions signed as the server signs them.
 */

export type Client = Socket<ServerToClientEvents, ClientToServerEvents>;
type Events = keyof ServerToClientEvents;
type Payload<E extends Events> = Parameters<ServerToClientEvents[E]>[0];

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

/** True when something on `port` answers Redis's PING. */
function pong(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = tcpConnect(port, '127.0.0.1');
    const done = (ok: boolean) => {
      socket.destroy();
      resolve(ok);
    };
    socket.setTimeout(500, () => done(false));
    socket.once('error', () => done(false));
    socket.once('connect', () => socket.write('PING\r\n'));
    socket.once('data', (d) => done(d.toString().startsWith('+PONG')));
  });
}

/** A redis-server of the test's own on a free port (no persistence): stopped with SIGKILL, started again on the same port. */
export async function ownRedis() {
  const port = await freePort();
  let child: ChildProcess | null = null;
  const redis = {
    url: `redis://127.0.0.1:${port}`,
    async start() {
      child = spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], { stdio: 'ignore' });
      // Not installed: the wait below fails with its message (apt-get install redis-server).
      child.once('error', () => undefined);
      for (let i = 0; i < 100 && !(await pong(port)); i += 1) await sleep(100);
      if (!(await pong(port))) throw new Error(`redis-server did not start on ${port} (REL-04…07 need it: apt-get install redis-server)`);
    },
    async stop() {
      const running = child;
      child = null;
      if (!running || running.exitCode !== null) return;
      await new Promise((resolve) => {
        running.once('exit', resolve);
        running.kill('SIGKILL');
      });
    },
  };
  await redis.start();
  return redis;
}

export interface Replica {
  url: string;
  server: Running;
}

/**
 * Two replicas of the built server (the first migrates the fresh database), its own Redis, and
 * how to seed owners and start calls. `close()` stops everything and drops the database.
 */
export async function fleet(label: string, env: Record<string, string> = {}) {
  const database = await freshDatabase(label);
  const redis = await ownRedis();
  const secret = strongSecret();
  const processEnv = productionEnv({ DATABASE_URL: database.url, REDIS_URL: redis.url, JWT_SECRET: secret, ...env });
  const replicas: Replica[] = [];
  const clients: Client[] = [];
  const start = async () => {
    const server = run('apps/server/dist/main.js', processEnv);
    const replica = { server, url: await listening(server) };
    replicas.push(replica);
    return replica;
  };
  const a = await start();
  const b = await start();
  const pool = new pg.Pool({ connectionString: database.url, max: 2 });

  return {
    a,
    b,
    redis,
    pool,
    /** An owner (a users row) with an active tag, and a session token the server accepts. */
    async owner() {
      const email = `frota.${randomBytes(5).toString('hex')}@teste.toque`;
      const { rows } = await pool.query<{ id: string }>(
        `insert into users (name, email, password_hash, phone, cpf_cnpj, terms_version, terms_accepted_at)
         values ('Dona Frota', $1, 'not-a-hash', '31988887777', '52998224725', $2, now()) returning id`,
        [email, TERMS_VERSION],
      );
      const userId = rows[0]!.id;
      const code = newTagCode();
      await pool.query(`insert into tags (code, product_id, name, owner_id) values ($1, 1, 'Chaveiro', $2)`, [code, userId]);
      const token = jwt.sign({ tv: 0 }, secret, { algorithm: 'HS256', subject: userId, expiresIn: '1h' });
      return { userId, code, token };
    },
    /** A finder's POST /api/calls on `url`; the answer and how long it took. */
    async call(url: string, code: string): Promise<CreateCallResponse & { ms: number; status: number }> {
      const t0 = Date.now();
      const body = JSON.stringify({ code });
      // node:http(s) rather than fetch: through nginx, its certificate is the test's own. A connection
      // of its own (agent: false), as each finder is another phone: Node's keep-alive agent reused the
      // previous finder's connection, which an old nginx worker closed as a reload let it go (REL-07,
      // "socket hang up" in a fresh-clone run).
      const send = url.startsWith('https:') ? httpsRequest : httpRequest;
      const { status, text } = await new Promise<{ status: number; text: string }>((resolve, reject) => {
        const req = send(
          `${url}/api/calls`,
          {
            method: 'POST',
            headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) },
            agent: false,
            rejectUnauthorized: false,
            timeout: 20_000,
          },
          (res) => {
            let text = '';
            res.on('data', (d: Buffer) => (text += d.toString()));
            res.on('end', () => resolve({ status: res.statusCode ?? 0, text }));
          },
        );
        req.once('timeout', () => req.destroy(new Error('timeout')));
        req.once('error', reject);
        req.end(body);
      });
      return { ...(JSON.parse(text) as CreateCallResponse), status, ms: Date.now() - t0 };
    },
    /** A websocket-only client, connected before this resolves (options: e.g. the app's reconnection). */
    connect(url: string, token: string, options: Record<string, unknown> = {}): Promise<Client> {
      const socket: Client = connectClient(url, { path: SOCKET_PATH, transports: ['websocket'], auth: { token }, reconnection: false, forceNew: true, rejectUnauthorized: false, ...options });
      clients.push(socket);
      return new Promise((resolve, reject) => {
        socket.once('connect', () => resolve(socket));
        socket.once('connect_error', (err) => reject(err));
      });
    },
    status: async (roomId: string) =>
      (await pool.query<{ status: string; ended_at: Date | null }>('select status, ended_at from calls where id = $1', [roomId])).rows[0],
    /** `kill -9`: no SIGTERM, no graceful close. */
    async kill(replica: Replica) {
      replica.server.child.kill('SIGKILL');
      await replica.server.exited;
    },
    output: () => replicas.map((r, i) => `replica ${i}:\n${r.server.out.stdout.slice(-2000)}\n${r.server.out.stderr.slice(-2000)}`).join('\n'),
    async close() {
      for (const c of clients) c.disconnect();
      await Promise.all(replicas.map((r) => stop(r.server)));
      await pool.end();
      await redis.stop();
      await database.drop();
    },
  };
}

/** Every event a socket receives from now on, so a test can await one that may already have come. */
export function record(socket: Client) {
  const seen: { event: string; payload: unknown }[] = [];
  socket.onAny((event: string, payload: unknown) => void seen.push({ event, payload }));
  return {
    all: <E extends Events>(event: E) => seen.filter((s) => s.event === event).map((s) => s.payload as Payload<E>),
    /** The first `event` whose payload matches `where`, waited for (generous: a busy machine). */
    async next<E extends Events>(event: E, where: (p: Payload<E>) => boolean = () => true, timeoutMs = 20_000): Promise<Payload<E>> {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const found = seen.find((s) => s.event === event && where(s.payload as Payload<E>));
        if (found) return found.payload as Payload<E>;
        if (Date.now() > deadline) throw new Error(`no '${event}' within ${timeoutMs} ms; seen: ${JSON.stringify(seen.map((s) => s.event))}`);
        await sleep(50);
      }
    },
  };
}

export const join = (socket: Client, roomId: string, event: 'join' | 'resume' = 'join') => socket.timeout(10_000).emitWithAck(event, roomId);
