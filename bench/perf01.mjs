// [PERF-01] benchmark: `npm run bench:api`.
// On PostgreSQL — DATABASE_URL, or else a fresh database created on 127.0.0.1:5432 (BENCH_DATABASE_URL's
// server when set) and dropped at the end — starts the real server (`node --import tsx
// apps/server/src/main.ts`, as `npm start` runs it) and, beside it, the floor: a bare Fastify route
// running listProducts' one SQL query with raw `pg` (pool 10), each in its own process. Seeds a
// customer with 5 tags, then alternates the two under autocannon (50 connections) for 3 rounds and
// prints req/s, p99 and the ratio app/floor (median of the rounds; PERF-01 wants ≥ 0.60 and p99 < 50 ms),
// then login against the raw Argon2id verify rate of the same hash (PERF-01 wants ≥ 0.70).
// The app runs that query as a named prepared statement (docs/decisions/0018), so every round also
// measures the floor with the statement prepared: app/prepared is the cost of the app itself.
// Flags: --port=N (default 3500; N+1 is the floor), --rounds=3, --seconds=10, --connections=50,
// --login-seconds=5, --profile=DIR (the server runs with --cpu-prof into DIR).
import { execFileSync, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, openSync, rmSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { TERMS_VERSION, apiClient } from './lib/api.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const require = createRequire(join(root, 'apps/server/package.json'));
const pg = require('pg');
const args = new Map(process.argv.slice(2).map((arg) => arg.replace(/^--/, '').split('=')));
const port = Number(args.get('port') ?? 3500);
const floorPort = port + 1;
const rounds = Number(args.get('rounds') ?? 3);
const seconds = Number(args.get('seconds') ?? 10);
const connections = Number(args.get('connections') ?? 50);
const loginSeconds = Number(args.get('login-seconds') ?? 5);
const profileDir = args.get('profile');
const base = `http://127.0.0.1:${port}`;
const work = mkdtempSync(join(tmpdir(), 'toque-bench-perf01-'));
const serverLog = join(work, 'server.log');
const concurrency = availableParallelism();

const fresh = !process.env.DATABASE_URL;
const adminUrl = process.env.BENCH_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres';
const dbName = `toque_bench_perf01_${Date.now()}_${randomBytes(3).toString('hex')}`;
const databaseUrl = process.env.DATABASE_URL || adminUrl.replace(/\/[^/]*$/, `/${dbName}`);

async function sql(url, text, params) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await client.query(text, params);
  } finally {
    await client.end();
  }
}

const env = {
  ...process.env,
  PORT: String(port),
  HOST: '127.0.0.1',
  PUBLIC_URL: base,
  DATABASE_URL: databaseUrl,
  NODE_ENV: 'production',
  JWT_SECRET: randomBytes(32).toString('base64url'),
  // Production's own logging (one line per request at info), into a file: what a deployment pays.
  LOG_LEVEL: process.env.LOG_LEVEL || 'info',
  RATE_LOGIN_PER_IP: '100000000',
  RATE_LOGIN_PER_EMAIL: '100000000',
  RATE_REGISTER_PER_IP: '1000000',
  RATE_CLAIM_PER_IP: '1000000',
  ARGON2_QUEUE: '1000000',
  GEOCODER_URL: 'http://127.0.0.1:9',
};
// The server runs without Redis unless REDIS_URL is given (one process: nothing to share).
if (!process.env.REDIS_URL) delete env.REDIS_URL;

const json = apiClient(base);

async function waitFor(url, child) {
  for (let i = 0; i < 400; i += 1) {
    if (child.exitCode !== null) throw new Error(`${url}: the process exited`);
    try {
      await fetch(url);
      return;
    } catch {
      await new Promise((r) => setTimeout(r, 250));
    }
  }
  throw new Error(`${url} did not start`);
}

function stop(child) {
  if (!child || child.exitCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    child.once('exit', resolve);
    child.kill('SIGTERM');
  });
}

function load(opts) {
  return new Promise((resolve, reject) => {
    autocannon({ connections, duration: seconds, ...opts }, (err, result) => (err ? reject(err) : resolve(result)));
  });
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

let server;
let floor;
let finished = false;
try {
  if (fresh) await sql(adminUrl, `create database ${dbName}`);
  const nodeArgs = [
    ...(profileDir ? ['--cpu-prof', `--cpu-prof-dir=${profileDir}`] : []),
    '--import',
    'tsx',
    'apps/server/src/main.ts',
  ];
  server = spawn(process.execPath, nodeArgs, {
    cwd: root,
    env,
    stdio: ['ignore', openSync(serverLog, 'w'), 'inherit'],
  });
  await waitFor(`${base}/api/auth/validateToken`, server);

  // A customer with 5 tags, one of every product the CLI mints plus a second tag.
  const user = {
    name: 'Cliente Bench',
    email: `bench.${Date.now()}@bench.toque`,
    password: 'segredo123',
    phone: '31988887777',
    cpfOrCnpj: '52998224725',
    termsVersion: TERMS_VERSION,
  };
  await json('POST', '/auth/register', user);
  const loginBody = { email: user.email, password: user.password, platform: 'web', token: '' };
  const { data } = await json('POST', '/auth/login', loginBody);
  const token = data.token;
  const codes = [1, 2, 3, 4, 1].map((productId) =>
    execFileSync(process.execPath, ['scripts/toque.mjs', 'mint', String(productId), '1'], {
      cwd: root,
      env,
      encoding: 'utf8',
    })
      .split('\n')
      .map((l) => l.trim())
      .find((l) => /^[A-Z0-9]{8}$/.test(l)),
  );
  for (const code of codes) await json('PUT', '/products/associateQrCode', { code }, token);
  const listed = await json('GET', '/products/listProducts', undefined, token);
  if (listed.length !== 5) throw new Error(`listProducts answered ${listed.length} tags, not 5`);
  const { rows } = await sql(databaseUrl, 'select id, password_hash from users where email = $1', [user.email]);
  const { id: userId, password_hash: passwordHash } = rows[0];

  floor = spawn(process.execPath, ['bench/lib/floor-server.mjs'], {
    cwd: root,
    env: { ...process.env, PORT: String(floorPort), DATABASE_URL: databaseUrl, USER_ID: userId },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  await waitFor(`http://127.0.0.1:${floorPort}/floor`, floor);
  const floorRows = await (await fetch(`http://127.0.0.1:${floorPort}/floor`)).json();
  if (floorRows.map((r) => r.code).join() !== listed.map((t) => t.code).join())
    throw new Error('the floor lists other tags');

  const appTarget = { url: `${base}/api/products/listProducts`, headers: { authorization: `Bearer ${token}` } };
  const floorTarget = { url: `http://127.0.0.1:${floorPort}/floor` };
  const preparedTarget = { url: `http://127.0.0.1:${floorPort}/floor-prepared` };
  // Warm all three (JIT, pools, prepared statements, the session cache) before anything counts.
  for (const target of [appTarget, floorTarget, preparedTarget]) await load({ ...target, duration: 3 });

  const table = [];
  for (let round = 1; round <= rounds; round += 1) {
    const [a, f, p] = [await load(appTarget), await load(floorTarget), await load(preparedTarget)];
    const bad = [a, f, p].reduce((n, r) => n + r.non2xx + r.errors, 0);
    if (bad > 0) throw new Error(`round ${round}: ${bad} requests failed`);
    table.push({
      round,
      app: [a.requests.average, a.latency.p99],
      floor: [f.requests.average, f.latency.p99],
      prepared: [p.requests.average, p.latency.p99],
    });
  }

  console.log(`\nPERF-01 GET /api/products/listProducts (5 tags), ${connections} connections, ${seconds} s each`);
  console.log('req/s (p99 ms)  app              floor (raw pg)   floor (prepared)  app/floor  app/prepared');
  const cell = ([rate, p99]) => `${rate.toFixed(0).padStart(6)} (${String(p99).padStart(4)})`.padEnd(17);
  for (const r of table) {
    const ratios = `${(r.app[0] / r.floor[0]).toFixed(2).padStart(9)}  ${(r.app[0] / r.prepared[0]).toFixed(2).padStart(12)}`;
    console.log(`round ${r.round}         ${cell(r.app)}${cell(r.floor)}${cell(r.prepared)} ${ratios}`);
  }
  const ratio = median(table.map((r) => r.app[0] / r.floor[0]));
  const ownRatio = median(table.map((r) => r.app[0] / r.prepared[0]));
  const p99 = median(table.map((r) => r.app[1]));
  console.log(
    `median app/floor ${ratio.toFixed(2)} (PERF-01 ≥ 0.60: ${ratio >= 0.6 ? 'OK' : 'UNDER'}); ` +
      `median app/prepared floor ${ownRatio.toFixed(2)} (the app's own cost); ` +
      `median app p99 ${p99} ms (< 50 ms: ${p99 < 50 ? 'OK' : 'OVER'})`,
  );

  // Login: one Argon2id verify and little else, against the raw verify rate of the same hash,
  // alternated for the same number of rounds (the machine's load moves both).
  const loginConnections = concurrency * 4;
  const logins = [];
  for (let round = 1; round <= rounds; round += 1) {
    const login = await load({
      url: `${base}/api/auth/login`,
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(loginBody),
      connections: loginConnections,
      duration: loginSeconds,
    });
    if (login.non2xx + login.errors > 0) throw new Error(`login: ${login.non2xx + login.errors} requests failed`);
    const raw = JSON.parse(
      execFileSync(process.execPath, ['bench/lib/argon2-rate.mjs'], {
        cwd: root,
        env: {
          ...process.env,
          HASH: passwordHash,
          PASSWORD: user.password,
          CONCURRENCY: String(concurrency),
          SECONDS: String(loginSeconds),
        },
        encoding: 'utf8',
      }),
    );
    logins.push({ round, login: login.requests.average, p99: login.latency.p99, raw: raw.rate });
  }
  console.log(
    `\nPERF-01 login vs raw Argon2id verify (${concurrency} at a time; login at ${loginConnections} connections)`,
  );
  console.log('               login req/s (p99 ms)   raw verify/s   login/raw');
  for (const r of logins) {
    console.log(
      `round ${r.round}         ${`${r.login.toFixed(1)} (${r.p99})`.padEnd(20)}   ${r.raw.toFixed(1).padStart(12)}   ${(r.login / r.raw).toFixed(2).padStart(9)}`,
    );
  }
  const loginRatio = median(logins.map((r) => r.login / r.raw));
  console.log(`median login/raw ${loginRatio.toFixed(2)} (PERF-01 ≥ 0.70: ${loginRatio >= 0.7 ? 'OK' : 'UNDER'})`);
  finished = true;
} finally {
  await Promise.all([stop(server), stop(floor)]);
  if (finished) rmSync(work, { recursive: true, force: true });
  else console.error(`the server's log: ${serverLog}`);
  if (fresh)
    await sql(adminUrl, `drop database if exists ${dbName} with (force)`).catch((err) => console.error(err.message));
}
