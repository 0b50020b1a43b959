import { spawn, type ChildProcess } from 'node:child_process';
import http from 'node:http';
import { createServer, type AddressInfo } from 'node:net';
import { Worker } from 'node:worker_threads';
import { z } from 'zod';
import { loadConfig } from '../../src/config';
import { openDatabase } from '../../src/db/client';
import { buildApp } from '../../src/app';
import { operatorService } from '../../src/modules/operator/service';
import { freshDatabase, productionEnv, root } from '../ops/support';
import type { JsonSchema } from './bodies';

/**
 * SEC-09: the server the fuzz attacks is the production build (OPS-01) in a process of its own, on a fresh
 * PostgreSQL database — a real event loop the probes of monitor.mjs can see blocked, and a real RSS.
 */

/** A route of the app as the fuzz sees it: from the route table (API-04's walk), so a new route is fuzzed without being listed. */
export interface FuzzRoute {
  method: string;
  url: string;
  key: string;
  /** The body's JSON Schema (from its Zod schema), when it takes JSON. */
  body?: JsonSchema;
  /** A route whose body is a file: the types it declares it consumes. */
  files?: string[];
  /** Its body limit in bytes: its own, else the app's. */
  bodyLimit: number;
}

const WRITES = ['POST', 'PUT', 'PATCH', 'DELETE'];

/** The seeded demo (the operator's seed-demo): an admin, a customer with a tag of each type, a síndico's plate. */
export type Seed = Awaited<ReturnType<typeof operatorService.seedDemo>>;

/**
 * The database the server will run on, migrated and seeded, and the app's route table — read from the app
 * itself, built here once on the same database and closed again (the build in dist/ is made from these sources).
 */
export async function prepareDatabase(): Promise<{
  url: string;
  drop: () => Promise<void>;
  seed: Seed;
  routes: FuzzRoute[];
}> {
  const database = await freshDatabase('fuzz');
  const opened = await openDatabase({ databaseUrl: database.url, dataDir: 'memory://' });
  try {
    const seed = await operatorService.seedDemo(opened.db);
    const app = await buildApp(
      loadConfig({ NODE_ENV: 'test', DATABASE_URL: database.url, LOG_LEVEL: 'silent' }),
      opened,
    );
    await app.ready();
    const appLimit = app.initialConfig.bodyLimit ?? 1024 * 1024;
    const routes: FuzzRoute[] = [];
    for (const r of app.routeTable) {
      for (const method of Array.isArray(r.method) ? r.method : [r.method]) {
        if (!WRITES.includes(method) || !r.url.startsWith('/api/')) continue;
        const consumes = (r.schema as { consumes?: string[] } | undefined)?.consumes;
        const files = consumes?.filter((type) => type !== 'application/json');
        const body = r.schema?.body
          ? (z.toJSONSchema(r.schema.body as z.ZodType, { unrepresentable: 'any', io: 'input' }) as JsonSchema)
          : undefined;
        if (!body && !files?.length) continue;
        routes.push({
          method,
          url: r.url,
          key: `${method} ${r.url}`,
          ...(body ? { body } : {}),
          ...(files?.length ? { files } : {}),
          bodyLimit: r.bodyLimit ?? appLimit,
        });
      }
    }
    await app.close();
    return { ...database, seed, routes };
  } finally {
    await opened.close();
  }
}

export interface Server {
  base: string;
  port: number;
  pid: number;
  child: ChildProcess;
  /** The last lines it printed (a crash's reason). */
  tail: () => string;
  stop: () => Promise<number | null>;
}

/** Limits that would answer 429 before the body is looked at: out of the way, as a load test sets them. */
const unlimited = {
  RATE_LOGIN_PER_IP: '1000000',
  RATE_LOGIN_PER_EMAIL: '1000000',
  RATE_CODE_PER_IP: '1000000',
  RATE_CODE_PER_ACCOUNT: '1000000',
  RATE_REGISTER_PER_IP: '1000000',
  RATE_CLAIM_PER_IP: '1000000',
  RATE_EXPORT_PER_ACCOUNT: '1000000',
  RATE_TAG_VIEW_PER_IP: '1000000',
  RATE_CALL_PER_IP: '1000000',
  RATE_RECORDING_PER_CALL: '1000000',
  RATE_RECORDING_PER_IP: '1000000',
  RATE_CALL_PER_TAG: '1000000',
  RATE_CALL_RINGING_PER_TAG: '1000000',
  RATE_SCAN_ALERTS_PER_TAG: '1000000',
  RATE_SCAN_LOCATIONS_PER_TAG: '1000000',
  // The fixed per-account budgets (bulk previews, passes, invitations) count in this window.
  RATE_WINDOW_MS: '1000',
  ARGON2_QUEUE: '100000',
};

export const WEBHOOK_SECRET = 'fuzz-webhook-secret-0123456789';

/** A port nothing listens on yet. */
async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as AddressInfo;
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return port;
}

/** `node --enable-source-maps apps/server/dist/main.js` in production mode on `databaseUrl`; ready when /api/health answers. */
export async function startServer(databaseUrl: string): Promise<Server> {
  const port = await freePort();
  // Warnings and errors only: the request lines of thousands of requests would be most of what it does.
  const env = productionEnv({
    DATABASE_URL: databaseUrl,
    PORT: String(port),
    PIX_WEBHOOK_SECRET: WEBHOOK_SECRET,
    LOG_LEVEL: 'warn',
    ...unlimited,
  });
  const child = spawn(process.execPath, ['--enable-source-maps', 'apps/server/dist/main.js'], {
    cwd: root,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  // The pipes are drained all along (a full pipe would block the server); only the tail is kept.
  let output = '';
  const keep = (d: Buffer) => {
    output = (output + d.toString()).slice(-20_000);
  };
  child.stdout.on('data', keep);
  child.stderr.on('data', keep);
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const deadline = Date.now() + 60_000;
  let up = false;
  while (!up && Date.now() < deadline && child.exitCode === null) {
    up = await fetch(`http://127.0.0.1:${port}/api/health`).then(
      (res) => res.ok,
      () => false,
    );
    if (!up) await new Promise((r) => setTimeout(r, 200));
  }
  if (!up) {
    child.kill('SIGKILL');
    throw new Error(`the server did not start:\n${output}`);
  }
  return {
    base: `http://127.0.0.1:${port}`,
    port,
    pid: child.pid!,
    child,
    tail: () => output,
    stop: async () => {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 20_000);
      const code = await exited;
      clearTimeout(timer);
      return code;
    },
  };
}

export interface Figures {
  probes: number;
  /** The slowest GET /api/health while the request ran (and one probe after it answered). */
  healthMaxMs: number;
  rssBefore: number;
  rssPeak: number;
  rssAfter: number;
}

/** The worker of monitor.mjs, watching one server process. */
export class Monitor {
  private readonly worker: Worker;
  private next = 0;
  private readonly waiting = new Map<number, (message: Record<string, unknown>) => void>();

  constructor(server: Server) {
    this.worker = new Worker(new URL('./monitor.mjs', import.meta.url), {
      workerData: { port: server.port, pid: server.pid },
    });
    this.worker.on('message', (message: { id: number }) => {
      this.waiting.get(message.id)?.(message);
      this.waiting.delete(message.id);
    });
  }

  private ask<T>(message: Record<string, unknown>): Promise<T> {
    const id = ++this.next;
    return new Promise<T>((resolve) => {
      this.waiting.set(id, resolve as (m: Record<string, unknown>) => void);
      this.worker.postMessage({ ...message, id });
    });
  }

  /** The server idle again: `quiet` health answers in a row within `withinMs`. */
  settle(quiet = 2, withinMs = 100, timeoutMs = 240_000) {
    return this.ask<{ ok: boolean; waitedMs: number }>({ type: 'settle', quiet, withinMs, timeoutMs });
  }

  async open(): Promise<void> {
    await this.ask({ type: 'open' });
  }

  async close(): Promise<Figures> {
    return (await this.ask<{ figures: Figures }>({ type: 'close' })).figures;
  }

  async end(): Promise<void> {
    this.worker.postMessage({ type: 'end' });
    await this.worker.terminate();
  }
}

export interface Request {
  method: string;
  url: string;
  headers: Record<string, string>;
  body: Buffer;
}

export interface Answer {
  /** 0: no answer (the connection failed, or nothing came within the time given). */
  status: number;
  ms: number;
  text: string;
  error?: string;
}

/** The body goes out in pieces, and stops once an answer has come: a 413 sent before the body is all written is read. */
const PIECE = 256 * 1024;
/** How long a large body waits for an early answer before it is written (longer for one that is over the limit). */
const EARLY_ANSWER_MS = 100;

/** One request on a connection of its own; the answer read whole (its first 4 kB kept). */
export function send(
  base: string,
  request: Request,
  giveUpMs: number,
  earlyAnswerMs = EARLY_ANSWER_MS,
): Promise<Answer> {
  const started = performance.now();
  const target = new URL(request.url, base);
  return new Promise((resolve) => {
    let done = false;
    let responded = false;
    let failed: Error | undefined;
    const finish = (answer: Omit<Answer, 'ms'>) => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      resolve({ ...answer, ms: performance.now() - started });
    };
    const req = http.request(
      {
        host: target.hostname,
        port: target.port,
        path: target.pathname + target.search,
        method: request.method,
        agent: false,
        headers: { ...request.headers, 'content-length': String(request.body.length) },
      },
      (res) => {
        responded = true;
        const chunks: Buffer[] = [];
        let size = 0;
        res.on('data', (chunk: Buffer) => {
          if (size < 4096) chunks.push(chunk);
          size += chunk.length;
        });
        res.on('end', () =>
          finish({ status: res.statusCode ?? 0, text: Buffer.concat(chunks).toString('utf8').slice(0, 400) }),
        );
        res.on('error', () =>
          finish({ status: res.statusCode ?? 0, text: Buffer.concat(chunks).toString('utf8').slice(0, 400) }),
        );
        res.on('close', () =>
          finish({ status: res.statusCode ?? 0, text: Buffer.concat(chunks).toString('utf8').slice(0, 400) }),
        );
      },
    );
    const timer = setTimeout(() => {
      req.destroy();
      finish({ status: 0, text: '', error: `no answer within ${giveUpMs} ms` });
    }, giveUpMs);
    req.on('error', (error) => {
      failed = error;
      // An answer already under way is read to its end; otherwise this was the end.
      setTimeout(() => {
        if (!responded) finish({ status: 0, text: '', error: error.message });
      }, 500);
    });
    void (async () => {
      // A server that refuses a body by its Content-Length answers before reading it, then closes: give that
      // answer a moment to arrive, or the write that meets the closed socket (EPIPE) takes the answer with it.
      if (request.body.length > PIECE) {
        req.flushHeaders();
        await new Promise<void>((resume) => {
          const timeout = setTimeout(resume, earlyAnswerMs);
          req.once('response', () => {
            clearTimeout(timeout);
            resume();
          });
        });
      }
      for (let at = 0; at < request.body.length && !responded && !failed; at += PIECE) {
        if (!req.write(request.body.subarray(at, at + PIECE))) {
          await new Promise<void>((resume) => {
            const go = () => resume();
            req.once('drain', go);
            req.once('response', go);
            req.once('error', go);
          });
        }
        // A turn of the loop between pieces: an early answer is parsed before the next write.
        await new Promise((resume) => setImmediate(resume));
      }
      if (!responded && !failed) req.end();
    })();
  });
}

/** JSON over HTTP for the set-up (logins, a call, a delivery): not measured. */
export async function json<T>(
  base: string,
  method: string,
  url: string,
  body: unknown,
  headers: Record<string, string> = {},
): Promise<{ status: number; data: T }> {
  const res = await fetch(new URL(url, base), {
    method,
    headers: { 'content-type': 'application/json', ...headers },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  return { status: res.status, data: (text ? JSON.parse(text) : undefined) as T };
}
