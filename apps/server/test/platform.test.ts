import { afterAll, describe, expect, test } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { apiMsg } from '@toque/contracts/messages';
import { loadConfig } from '../src/config';
import type { Database } from '../src/db/client';
import { buildApp } from '../src/app';
import { build, dbLabel, engine, errorBody, openTestDatabase, signUp } from './helpers';

const { app } = await build();

/** The real app with one extra route that fails like a bug would, registered before `ready()`. */
async function buildWithFailingRoute(): Promise<{ app: FastifyInstance; database: Database }> {
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: 'memory://',
    ...(engine === 'postgres' ? { DATABASE_URL: process.env.DATABASE_URL } : {}),
  });
  // Closed below to take the database down: one of its own.
  const database = await openTestDatabase(config.databaseUrl, { own: true });
  const failing = await buildApp(config, database);
  failing.get('/api/test/boom', async () => {
    throw new Error('relation "users" leaked: password_hash=$argon2id$secret');
  });
  await failing.ready();
  return { app: failing, database };
}
const broken = await buildWithFailingRoute();
let brokenDatabaseOpen = true;
afterAll(async () => {
  await broken.app.close();
  if (brokenDatabaseOpen) await broken.database.close();
});

interface OpenApi {
  openapi: string;
  paths: Record<string, Record<string, { requestBody?: { content: Record<string, { schema: JsonSchema }> } }>>;
}
interface JsonSchema {
  required?: string[];
  properties?: Record<string, { minLength?: number; maxLength?: number }>;
}

const documented: [string, string][] = [
  ['post', '/api/auth/login'],
  ['post', '/api/auth/register'],
  ['post', '/api/auth/web-onboarding'],
  ['post', '/api/auth/generate-code'],
  ['post', '/api/auth/reset-password'],
  ['get', '/api/auth/validateToken'],
  ['get', '/api/profile/userName'],
  ['get', '/api/profile/isToqueAdmin'],
  ['put', '/api/profile/updateUser'],
  ['get', '/api/account'],
  ['put', '/api/account/contact'],
  ['post', '/api/account/export'],
  ['post', '/api/account/delete'],
];

describe(`API docs ${dbLabel}`, () => {
  test('[API-04] /api/docs/json is an OpenAPI 3 document listing every auth and profile path', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json<OpenApi>();
    expect(doc.openapi).toMatch(/^3\./);
    for (const [method, path] of documented) {
      expect(doc.paths[path]?.[method], `${method.toUpperCase()} ${path}`).toBeDefined();
    }
    // The operator's loopback door is not advertised.
    expect(Object.keys(doc.paths)).not.toContain('/api/operator');
  });

  test('[API-04] the documented bodies come from the schemas that validate them', async () => {
    const doc = (await app.inject({ method: 'GET', url: '/api/docs/json' })).json<OpenApi>();
    const register = doc.paths['/api/auth/register']!.post!.requestBody!.content['application/json']!.schema;
    expect(register.required?.sort()).toEqual(['cpfOrCnpj', 'email', 'name', 'password', 'phone', 'termsVersion']);
    expect(register.properties?.password?.minLength).toBe(6);
    expect(register.properties?.phone?.minLength).toBe(10);
    expect(register.properties?.cpfOrCnpj?.minLength).toBe(11);
    expect(register.properties?.name?.maxLength).toBe(50);

    const update = doc.paths['/api/profile/updateUser']!.put!.requestBody!.content['application/json']!.schema;
    expect(update.required?.sort()).toEqual(['name', 'password']);
  });

  test('[API-04] /api/docs serves the HTML viewer', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/docs' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.body).toMatch(/<html/i);
  });
});

describe(`security headers ${dbLabel}`, () => {
  test('[SEC-04] every kind of answer forbids framing and sniffing', async () => {
    const account = await signUp(app);
    const answers = await Promise.all([
      app.inject({ method: 'GET', url: '/api/profile/userName', headers: account.auth }),
      app.inject({ method: 'GET', url: '/api/profile/userName' }),
      app.inject({ method: 'POST', url: '/api/auth/login', payload: {} }),
      app.inject({ method: 'GET', url: '/api/unknown' }),
      app.inject({ method: 'GET', url: '/api/docs' }),
      app.inject({ method: 'GET', url: '/api/docs/json' }),
    ]);
    for (const res of answers) {
      const where = `${res.statusCode} ${res.raw.req.url}`;
      const csp = String(res.headers['content-security-policy']);
      expect(csp, where).toMatch(/frame-ancestors 'none'/);
      expect(csp, where).not.toMatch(/frame-ancestors 'self'/);
      expect(res.headers['x-content-type-options'], where).toBe('nosniff');
      expect(res.headers['x-frame-options'], where).toBe('DENY');
    }
  });
});

describe(`errors ${dbLabel}`, () => {
  test('[API-03] an unknown API path answers 404 JSON {message}', async () => {
    for (const [method, url] of [
      ['GET', '/api/unknown'],
      ['POST', '/api/auth/nope'],
      ['GET', '/api'],
      ['DELETE', '/api/profile/userName'],
    ] as const) {
      const res = await app.inject({ method, url });
      expect(res.statusCode, `${method} ${url}`).toBe(404);
      expect(errorBody(res)).toBe(apiMsg.routeNotFound);
    }
  });

  test('[API-03] an internal error answers 500 {message} and leaks nothing', async () => {
    const res = await broken.app.inject({ method: 'GET', url: '/api/test/boom' });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({ message: apiMsg.internal });
    expect(res.body).not.toMatch(/argon2|password_hash|relation|at .*\.ts/);
  });

  test('[API-03] a database that is down answers 500 {message} and leaks nothing', async () => {
    const account = await signUp(broken.app);
    await broken.database.close();
    brokenDatabaseOpen = false;
    const res = await broken.app.inject({ method: 'GET', url: '/api/profile/userName', headers: account.auth });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({ message: apiMsg.internal });
  });
});
