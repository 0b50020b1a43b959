import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomUUID } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, test } from 'vitest';
import { and, eq, inArray, like } from 'drizzle-orm';
import { openDatabase } from '../src/db/client';
import { operatorService } from '../src/modules/operator/service';
import { pushSubscriptions, tags, users } from '../src/db/schema';
import { dbLabel, engine, freePort, newAccount } from './helpers';

/**
 * REL-02: the real server (a child process, from its sources) is killed with SIGKILL in
 * the middle of a burst of concurrent writes, then started again on the same data. Every write it
 * acknowledged (2xx) must be there, and none may be half-written: an onboarding is a user *and*
 * its tag in one transaction, so a user without the tag (or a tag owned by no such user) fails.
 * PGlite in a data directory in the api project; PostgreSQL (DATABASE_URL) in api-pg.
 */
const root = fileURLToPath(new URL('../../..', import.meta.url));
// A free port, not a fixed one: two suites on one machine (another clone's `npm test`, api beside api-pg)
// each start their own server. With a fixed port the second one's server could not listen, and its
// requests went to the first one's (seen: 404 for codes the other server had never minted).
const port = await freePort();
const base = `http://127.0.0.1:${port}`;
const dataDir = engine === 'pglite' ? mkdtempSync(join(tmpdir(), 'toque-rel02-')) : 'memory://';
const databaseUrl = engine === 'postgres' ? process.env.DATABASE_URL : undefined;
const marker = `rel02.${randomUUID().slice(0, 8)}`;

const ONBOARDINGS = 40;
const RENAMES = 60;
const SUBSCRIPTIONS = 120;

let child: ChildProcess | undefined;
afterAll(async () => {
  if (child && child.exitCode === null) {
    child.kill('SIGKILL');
    await new Promise((r) => child!.once('exit', r));
  }
  if (engine === 'pglite') rmSync(dataDir, { recursive: true, force: true });
});

/** Starts the server from its sources (node with tsx: the code as edited, no build step) and waits until it answers. */
async function start(): Promise<ChildProcess> {
  const env: NodeJS.ProcessEnv = { ...process.env };
  delete env.DATABASE_URL;
  delete env.REDIS_URL;
  const proc = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: root,
    env: {
      ...env,
      NODE_ENV: 'test',
      HOST: '127.0.0.1',
      PORT: String(port),
      PUBLIC_URL: base,
      LOG_LEVEL: 'warn',
      DATA_DIR: dataDir,
      ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
      RATE_LOGIN_PER_IP: '100000',
      RATE_LOGIN_PER_EMAIL: '100000',
      RATE_CODE_PER_IP: '100000',
      RATE_REGISTER_PER_IP: '100000',
      RATE_CLAIM_PER_IP: '100000',
      // The burst is the point: every write must reach the database, not wait in the Argon2 queue's overflow.
      ARGON2_QUEUE: '1000',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let log = '';
  proc.stdout?.on('data', (d: Buffer) => (log += d.toString()));
  proc.stderr?.on('data', (d: Buffer) => (log += d.toString()));
  const deadline = Date.now() + 45_000;
  for (;;) {
    if (proc.exitCode !== null) throw new Error(`the server exited (${proc.exitCode}):\n${log}`);
    try {
      const res = await fetch(`${base}/api/push/vapid-public-key`);
      if (res.ok) return proc;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`the server did not come up:\n${log}`);
    await new Promise((r) => setTimeout(r, 150));
  }
}

function stop(proc: ChildProcess, signal: NodeJS.Signals): Promise<void> {
  return new Promise((resolve) => {
    if (proc.exitCode !== null || proc.signalCode !== null) return resolve();
    proc.once('exit', () => resolve());
    proc.kill(signal);
  });
}

async function call(method: string, path: string, body: unknown, token?: string) {
  const res = await fetch(`${base}/api${path}`, {
    method,
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

/** Opens the data the server used (PGlite's directory only while no server holds it). */
async function withDatabase<T>(use: (db: Awaited<ReturnType<typeof openDatabase>>['db']) => Promise<T>): Promise<T> {
  const database = await openDatabase({ databaseUrl, dataDir });
  try {
    return await use(database.db);
  } finally {
    await database.close();
  }
}

describe(`REL-02 crash safety ${dbLabel}`, () => {
  test('[REL-02] SIGKILL during a burst of writes: after a restart every acknowledged write is there, none half-written', async () => {
    // The codes to onboard with and to own, minted before the server holds the data.
    const codes = await withDatabase(async (db) => (await operatorService.mint(db, { productId: 2, count: ONBOARDINGS + RENAMES })).codes);
    const onboardCodes = codes.slice(0, ONBOARDINGS);
    const ownCodes = codes.slice(ONBOARDINGS);

    child = await start();
    const owner = newAccount({ name: 'Otavio Dono', email: `${marker}.owner@exemplo.com.br` });
    expect((await call('POST', '/auth/register', owner)).status).toBe(201);
    const login = await call('POST', '/auth/login', { email: owner.email, password: owner.password, platform: 'web', token: '' });
    const token = (login.body.data as { token: string }).token;
    for (const code of ownCodes) expect((await call('PUT', '/products/associateQrCode', { code }, token)).status).toBe(200);

    // The burst: onboardings (user + tag), renames and push subscriptions, all at once.
    const acked = { onboardings: [] as { email: string; code: string }[], renames: [] as { code: string; name: string }[], subscriptions: [] as string[] };
    let answered = 0;
    let failed = 0;
    const total = ONBOARDINGS + RENAMES + SUBSCRIPTIONS;
    const killAt = Math.floor(total * 0.35);
    let killed: Promise<void> | undefined;
    const track = async (send: () => Promise<{ status: number }>, onAck: () => void) => {
      try {
        const { status } = await send();
        if (status >= 200 && status < 300) onAck();
        answered += 1;
      } catch {
        failed += 1;
      }
      if (answered >= killAt && !killed) killed = stop(child!, 'SIGKILL');
    };
    const onboardings = onboardCodes.map((code, i) => () => {
        const account = newAccount({ name: 'Nova Pessoa', email: `${marker}.onboard${i}@exemplo.com.br` });
      return track(
        () => call('POST', '/auth/web-onboarding', { ...account, code, productId: 2 }),
        () => acked.onboardings.push({ email: account.email, code }),
      );
    });
    const renames = ownCodes.map((code, i) => () =>
      track(
        () => call('PUT', '/products/updateName', { code, name: `Nome ${i}` }, token),
        () => acked.renames.push({ code, name: `Nome ${i}` }),
      ),
    );
    const subscriptions = Array.from({ length: SUBSCRIPTIONS }, (_, i) => () => {
      const endpoint = `https://push.example/${marker}/${i}`;
      return track(
        () => call('POST', '/push/subscribe', { endpoint, keys: { p256dh: `p${i}`, auth: `a${i}` } }, token),
        () => acked.subscriptions.push(endpoint),
      );
    });
    // Interleaved, so every kind of write is in flight when the kill comes.
    const kinds = [onboardings, renames, subscriptions];
    const burst: Promise<void>[] = [];
    for (let i = 0; kinds.some((k) => i < k.length); i++) for (const k of kinds) if (i < k.length) burst.push(k[i]!());
    await Promise.all(burst);
    await (killed ?? stop(child, 'SIGKILL'));
    const ackedCount = acked.onboardings.length + acked.renames.length + acked.subscriptions.length;
    console.log(
      `[REL-02] ${dbLabel} ${total} writes sent, ${ackedCount} acknowledged (${acked.onboardings.length} onboardings, ` +
        `${acked.renames.length} renames, ${acked.subscriptions.length} subscriptions), ${failed} cut off by SIGKILL`,
    );
    // Killed mid-burst: some writes were acknowledged, some were not.
    expect(ackedCount).toBeGreaterThan(0);
    expect(failed).toBeGreaterThan(0);

    // Restarted on the same data, it serves again: an onboarded account logs in.
    child = await start();
    const someone = acked.onboardings[0];
    if (someone) {
      const again = await call('POST', '/auth/login', { email: someone.email, password: 'segredo123', platform: 'web', token: '' });
      expect(again.status).toBe(200);
    }
    await stop(child, 'SIGTERM');

    await withDatabase(async (db) => {
      const people = await db.select().from(users).where(like(users.email, `${marker}.onboard%`));
      const byId = new Map(people.map((u) => [u.id, u]));
      const sent = await db.select().from(tags).where(inArray(tags.code, onboardCodes));
      // Every acknowledged onboarding: the user exists and owns its code.
      for (const { email, code } of acked.onboardings) {
        const user = people.find((u) => u.email === email);
        expect(user, email).toBeDefined();
        expect(sent.find((t) => t.code === code)?.ownerId, code).toBe(user!.id);
      }
      // Nothing half-written, acknowledged or not: every user owns exactly the one code it was sent
      // with, and every claimed code belongs to one of them.
      for (const user of people) {
        const index = Number(/onboard(\d+)@/.exec(user.email)![1]);
        const owned = sent.filter((t) => t.ownerId === user.id).map((t) => t.code);
        expect(owned, user.email).toEqual([onboardCodes[index]]);
      }
      for (const tag of sent.filter((t) => t.ownerId)) expect(byId.has(tag.ownerId!), tag.code).toBe(true);

      const own = await db.select().from(tags).where(inArray(tags.code, ownCodes));
      for (const { code, name } of acked.renames) expect(own.find((t) => t.code === code)?.name, code).toBe(name);

      const subs = await db.select().from(pushSubscriptions).where(like(pushSubscriptions.endpoint, `https://push.example/${marker}/%`));
      for (const endpoint of acked.subscriptions) {
        const row = subs.find((s) => s.endpoint === endpoint);
        const i = endpoint.split('/').pop();
        expect(row?.keys, endpoint).toEqual({ p256dh: `p${i}`, auth: `a${i}` });
      }
      const [ownerRow] = await db.select().from(users).where(and(eq(users.email, owner.email)));
      for (const s of subs) expect(s.userId).toBe(ownerRow!.id);
    });
  }, 120_000);
});
