import { randomUUID } from 'node:crypto';
import { afterAll } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { loadConfig, type Config } from '../src/config';
import { openDatabase, type Database } from '../src/db/client';
import { buildApp } from '../src/app';
import { operatorService } from '../src/modules/operator/service';

/** Which engine this run of the suite uses: PGlite in memory, or PostgreSQL (DATABASE_URL). */
export const engine = process.env.TEST_DB === 'postgres' ? 'postgres' : 'pglite';
export const dbLabel = `[${engine}]`;

export interface TestApp {
  app: FastifyInstance;
  database: Database;
  config: Config;
}

/**
 * Builds the real app on a real database: a fresh in-memory PGlite per file, or the shared
 * PostgreSQL of DATABASE_URL (tests then keep to their own rows: unique e-mails and codes).
 * Closed after the file's tests.
 */
export async function build(env: Record<string, string> = {}): Promise<TestApp> {
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: 'memory://',
    ...(engine === 'postgres' ? { DATABASE_URL: process.env.DATABASE_URL } : {}),
    ...env,
  });
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
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

export function newAccount(overrides: Record<string, string> = {}) {
  return {
    name: 'Maria Souza',
    email: uniqueEmail(),
    phone: '31988887777',
    cpfOrCnpj: '12345678901',
    password: 'segredo123',
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
