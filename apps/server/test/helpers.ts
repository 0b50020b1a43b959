import { createServer as createNetServer } from 'node:net';
import { randomInt, randomUUID } from 'node:crypto';
import { cpfFromBase } from '@toque/contracts/cpf';
import { readFileSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { afterAll, expect, inject } from 'vitest';
import { and, desc, eq } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/pglite';
import { mailMsg } from '@toque/contracts/mail';
import { TERMS_VERSION } from '@toque/contracts/account';
import type { FastifyInstance } from 'fastify';
import { loadConfig, type Config } from '../src/config';
import { openDatabase, type Database, type Db } from '../src/db/client';
import { buildApp } from '../src/app';
import { operatorService } from '../src/modules/operator/service';
import * as schema from '../src/db/schema';
import { outbox } from '../src/db/schema';
import { busyMachineDeadlines } from './suite-deadlines';

/** Which engine this run of the suite uses: PGlite in memory, or PostgreSQL (DATABASE_URL). */
export const engine = process.env.TEST_DB === 'postgres' ? 'postgres' : 'pglite';
export const dbLabel = `[${engine}]`;

export interface TestApp {
  app: FastifyInstance;
  database: Database;
  config: Config;
}

/** The tests' configuration: in-memory PGlite or DATABASE_URL, and limits out of the way. */
export function testConfig(env: Record<string, string>): Config {
  return loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: 'memory://',
    // Every test file signs many users up from one address; rate-limit tests lower these again.
    RATE_LOGIN_PER_IP: '100000',
    RATE_LOGIN_PER_EMAIL: '100000',
    RATE_CODE_PER_IP: '100000',
    RATE_CODE_PER_ACCOUNT: '100000',
    RATE_REGISTER_PER_IP: '100000',
    RATE_CLAIM_PER_IP: '100000',
    RATE_TAG_VIEW_PER_IP: '100000',
    RATE_PHOTO_PER_ACCOUNT: '100000',
    RATE_PHOTO_PER_IP: '100000',
    // Tests sign dozens of users up at once; the Argon2 queue's bound is proved in limits tests.
    ARGON2_QUEUE: '100000',
    ...busyMachineDeadlines,
    ...(engine === 'postgres' ? { DATABASE_URL: process.env.DATABASE_URL } : {}),
    ...env,
  });
}

/** The worker's PGlite, started once from the api project's migrated snapshot (pglite-snapshot.ts). */
let workerPglite: Promise<Database> | undefined;

async function startFromSnapshot(file: string): Promise<Database> {
  const client = await PGlite.create({ loadDataDir: new Blob([readFileSync(file)]) });
  return { db: drizzle(client, { schema }) as unknown as Db, engine: 'pglite', close: () => client.close() };
}

/**
 * The database of a test file: PostgreSQL when a URL is given (the worker's own database, api-pg), else
 * the worker's in-memory PGlite — one per worker, as api-pg has one PostgreSQL database per worker: the
 * files of a worker run one after the other and keep to their own rows (unique e-mails and codes). It
 * starts from the project's migrated snapshot (the schema `openDatabase` makes), and stays open for the
 * worker's next files: a PGlite a file cost 1.0–1.4 s to start (docs/decisions/0050's addendum 2). Without
 * a snapshot (another project), a fresh PGlite through `openDatabase`.
 */
export async function openTestDatabase(databaseUrl?: string, { own = false } = {}): Promise<Database> {
  const file = databaseUrl ? undefined : inject('pgliteSnapshot');
  if (!file) return openDatabase({ databaseUrl, dataDir: 'memory://', deadlines: testConfig({}).deadlines });
  // A file that checks whole tables (nothing written anywhere) or closes its database: a PGlite of its own.
  if (own) return startFromSnapshot(file);
  const shared = await (workerPglite ??= startFromSnapshot(file));
  // Closed with the worker, not with the file.
  return { ...shared, close: async () => undefined };
}

/**
 * Builds the real app on a real database: the worker's in-memory PGlite, or the worker's PostgreSQL
 * database (tests keep to their own rows: unique e-mails and codes); `ownDatabase` gives a file that
 * checks whole tables a PGlite of its own. Closed after the file's tests.
 */
export async function build(env: Record<string, string> = {}, { ownDatabase = false } = {}): Promise<TestApp> {
  const config = testConfig(env);
  const database = await openTestDatabase(config.databaseUrl, { own: ownDatabase });
  const app = await buildApp(config, database);
  await app.ready();
  afterAll(async () => {
    await app.close();
    await database.close();
  });
  return { app, database, config };
}

export function uniqueEmail(prefix = 'user'): string {
  return `${prefix}.${randomUUID().slice(0, 12)}@exemplo.com.br`;
}

/** A valid CPF (check digits right, ADM-08), different for every account. */
export function randomCpf(): string {
  return cpfFromBase(String(randomInt(100_000_000, 999_999_999)));
}

export function newAccount(overrides: Record<string, string> = {}) {
  return {
    name: 'Maria Souza',
    email: uniqueEmail(),
    phone: '31988887777',
    cpfOrCnpj: randomCpf(),
    password: 'segredo123',
    // ACC-03: every account accepts the current terms.
    termsVersion: TERMS_VERSION,
    ...overrides,
  };
}

/** Registers and logs in through the API; returns the account and its token. */
export async function signUp(app: FastifyInstance, overrides: Record<string, string> = {}) {
  const account = newAccount(overrides);
  const reg = await app.inject({ method: 'POST', url: '/api/auth/register', payload: account });
  if (reg.statusCode !== 201) throw new Error(`register failed: ${reg.statusCode} ${reg.body}`);
  const login = await app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { email: account.email, password: account.password, platform: 'web', token: '' },
  });
  const token = login.json<{ data: { token: string } }>().data.token;
  return { ...account, token, auth: { authorization: `Bearer ${token}` } };
}

export async function mint(app: FastifyInstance, productId: number, count = 1): Promise<string[]> {
  return (await operatorService.mint(app.db, { productId, count })).codes;
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

export function login(app: FastifyInstance, email: string, password: string, extra: Record<string, unknown> = {}) {
  return app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { email, password, platform: 'web', token: '', ...extra },
  });
}

/** The `{ message }` of an error answer, after checking it is JSON and carries nothing else. */
export function errorBody(res: { headers: Record<string, unknown>; json<T>(): T }): string {
  expect(String(res.headers['content-type'])).toMatch(/^application\/json/);
  const body = res.json<Record<string, unknown>>();
  expect(Object.keys(body)).toEqual(['message']);
  expect(typeof body.message).toBe('string');
  return body.message as string;
}

/** The 6-digit code of the newest reset-code mail in the outbox for `email` (not the password-changed notices). */
export async function lastResetCode(app: FastifyInstance, email: string): Promise<string> {
  const [mail] = await app.db
    .select({ text: outbox.text })
    .from(outbox)
    .where(and(eq(outbox.to, email), eq(outbox.subject, mailMsg.resetCodeSubject)))
    .orderBy(desc(outbox.id))
    .limit(1);
  const code = /\b(\d{6})\b/.exec(mail?.text ?? '')?.[1];
  if (!code) throw new Error(`no reset code in the outbox for ${email}`);
  return code;
}

/**
 * Two app instances on one database, as two processes behind a load balancer would be (CALL-12).
 * On PostgreSQL each opens its own pool to the same database; PGlite lives in one process's
 * memory, so both apps share the one `Database`. `env` is given to both (e.g. REDIS_URL).
 */
/** Another app (another configuration: a replica mid-deploy) on the database of an earlier `build`. */
export async function buildOn(database: Database, env: Record<string, string> = {}): Promise<TestApp> {
  const config = testConfig(env);
  const app = await buildApp(config, database);
  await app.ready();
  afterAll(() => app.close());
  return { app, database, config };
}

/** Two apps on one database; `each` adds settings of one process only (the second's applied to the second). */
export async function buildPair(
  env: Record<string, string> = {},
  each: [Record<string, string>, Record<string, string>] = [{}, {}],
): Promise<[TestApp, TestApp]> {
  // With REDIS_URL the counters outlive the run: keep the suite's own calls under the limit.
  const config = testConfig({ RATE_CALL_PER_IP: '100000', ...env });
  const first = await openTestDatabase(config.databaseUrl);
  const second = engine === 'postgres' ? await openTestDatabase(config.databaseUrl) : first;
  const configs = each.map((own) =>
    Object.keys(own).length === 0 ? config : testConfig({ RATE_CALL_PER_IP: '100000', ...env, ...own }),
  );
  const apps = [await buildApp(configs[0]!, first), await buildApp(configs[1]!, second)];
  await Promise.all(apps.map((a) => a.ready()));
  afterAll(async () => {
    await Promise.all(apps.map((a) => a.close()));
    await first.close();
    if (second !== first) await second.close();
  });
  return [
    { app: apps[0]!, database: first, config },
    { app: apps[1]!, database: second, config },
  ];
}

/** A port nothing listens on (yet): for a server the test starts, or a service that is down. */
export async function freePort(): Promise<number> {
  const probe = createNetServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', () => resolve()));
  const { port } = probe.address() as { port: number };
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return port;
}
