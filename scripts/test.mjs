// `npm test` on a fresh clone (OPS-08): the same set-up as `npm start` (install when needed, build the server and the web app),
// then lint, types, unit + API integration (Vitest; PGlite, and PostgreSQL when one is reachable),
// and the browser suite (Playwright in Chromium) against the real server. It finds this machine's
// PostgreSQL and Redis on their usual ports by itself, and Debian's Chromium and coturn (installing
// them when it runs as root on Debian). Every step runs even when an earlier one fails; the last line adds up
// every suite: `N passed, N failed`.
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { buildWeb, ensureInstalled, ensureServerBuilt, envValue, findChromium, findNginx, findTurnserver, redisAnswers, root } from './lib/setup.mjs';

const LOCAL_POSTGRES = 'postgres://postgres@127.0.0.1:5432/postgres';
const LOCAL_REDIS = 'redis://127.0.0.1:6379';
const npx = process.platform === 'win32' ? 'npx.cmd' : 'npx';
const results = join(root, 'test-results');
mkdirSync(results, { recursive: true });
const startedAt = Date.now();

let passed = 0;
let failed = 0;
const summary = [];

function finish() {
  console.log('\n━━ Resumo ━━');
  for (const line of summary) console.log(`  ${line}`);
  console.log(`  (${((Date.now() - startedAt) / 1000).toFixed(0)} s no total)`);
  console.log(`${passed} passed, ${failed} failed`);
  process.exit(failed === 0 ? 0 : 1);
}

// The suites' environment: an empty variable is unset, and the caller's NODE_ENV does not leak into
// test runners that set their own (Vitest: test; the e2e server: test; the build: production).
const env = { ...process.env };
for (const [name, value] of Object.entries(env)) if (value !== undefined && value.trim() === '') delete env[name];
delete env.NODE_ENV;

if (!ensureInstalled()) {
  failed++;
  summary.push('npm ci: FALHOU (veja acima)');
  finish();
}

// ── Services: the PostgreSQL run of the API suite and the two-process call test ──
const require = createRequire(join(root, 'apps/server/package.json'));
let dropDatabase = async () => undefined;
if (envValue('DATABASE_URL', env)) {
  summary.push(`PostgreSQL: DATABASE_URL dado`);
} else {
  const pg = require('pg');
  const name = `toque_test_${Date.now()}_${randomBytes(3).toString('hex')}`;
  const admin = new pg.Client({ connectionString: LOCAL_POSTGRES, connectionTimeoutMillis: 3000 });
  try {
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    env.DATABASE_URL = LOCAL_POSTGRES.replace(/\/postgres$/, `/${name}`);
    summary.push(`PostgreSQL: banco novo ${name} em 127.0.0.1:5432 (apagado no fim)`);
    dropDatabase = async () => {
      const c = new pg.Client({ connectionString: LOCAL_POSTGRES });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    };
  } catch (error) {
    const line = `PostgreSQL ausente em 127.0.0.1:5432 (${error.message}): a API roda só no PGlite e o teste de dois processos (CALL-12) falha.`;
    console.log(line);
    summary.push(line);
  } finally {
    await admin.end().catch(() => undefined);
  }
}
if (envValue('REDIS_URL', env)) {
  summary.push('Redis: REDIS_URL dado');
} else if (await redisAnswers('127.0.0.1', 6379)) {
  env.REDIS_URL = LOCAL_REDIS;
  summary.push(`Redis: ${LOCAL_REDIS}`);
} else {
  const line = `Redis ausente em ${LOCAL_REDIS}: os testes de vários processos (SEC-01 com Redis, CALL-12) falham.`;
  console.log(line);
  summary.push(line);
}

function step(label, cmd, args, extra = {}) {
  console.log(`\n━━ ${label} ━━`);
  const started = Date.now();
  const r = spawnSync(cmd, args, { cwd: root, stdio: 'inherit', env: { ...env, ...extra } });
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  return { ok: r.status === 0, seconds };
}

/** A check that is one test: lint, a type-check. */
function check(label, cmd, args) {
  const { ok, seconds } = step(label, cmd, args);
  if (ok) passed++;
  else failed++;
  summary.push(`${label}: ${ok ? 'ok' : 'FALHOU'} (${seconds}s)`);
  return ok;
}

function readJson(file) {
  try {
    return JSON.parse(readFileSync(file, 'utf8'));
  } catch {
    return undefined;
  }
}

try {
  check('lint (ESLint)', npx, ['eslint', '.', '--max-warnings=0']);
  for (const project of ['packages/contracts', 'apps/server', 'apps/web', 'e2e', 'bench']) {
    if (existsSync(join(root, project, 'tsconfig.json'))) check(`tipos (${project})`, npx, ['tsc', '-p', project]);
  }

  {
    // OPS-01: the built server, as `npm start` builds it; the ops tests (Vitest) and the browser suite run it.
    console.log('\n━━ build do servidor ━━');
    const started = Date.now();
    const ok = ensureServerBuilt();
    if (ok) passed++;
    else failed++;
    summary.push(`build do servidor: ${ok ? 'ok' : 'FALHOU'} (${((Date.now() - started) / 1000).toFixed(1)}s)`);
  }

  {
    const file = join(results, 'vitest.json');
    rmSync(file, { force: true });
    const { ok, seconds } = step('Vitest: unit, web, API (PGlite e PostgreSQL)', npx, ['vitest', 'run'], { VITEST_JSON: file });
    const report = readJson(file);
    const p = report?.numPassedTests ?? 0;
    const f = report ? report.numFailedTests + (ok ? 0 : report.numFailedTests === 0 ? 1 : 0) : 1;
    passed += p;
    failed += f;
    summary.push(`vitest: ${p} passed, ${f} failed (${seconds}s)`);
  }

  console.log('\n━━ build do app web ━━');
  const buildStarted = Date.now();
  const built = buildWeb(env);
  if (built) passed++;
  else failed++;
  summary.push(`build do app web: ${built ? 'ok' : 'FALHOU'} (${((Date.now() - buildStarted) / 1000).toFixed(1)}s)`);

  const chromium = findChromium();
  if (!built) {
    failed++;
    summary.push('playwright: não executado (build falhou)');
  } else if (chromium.error) {
    console.log(chromium.error);
    failed++;
    summary.push(`playwright: não executado — ${chromium.error}`);
  } else {
    // The relay-only call test (SEC-07) starts its own coturn; without one it fails, saying what to install.
    const turnserver = findTurnserver();
    if (turnserver.error) {
      console.log(turnserver.error);
      summary.push(`coturn: ${turnserver.error}`);
    }
    // The deploy test (OPS-04, OPS-06) puts nginx from deploy/ in front of two server processes.
    const nginx = findNginx();
    if (nginx.error) {
      console.log(nginx.error);
      summary.push(`nginx: ${nginx.error}`);
    }
    const file = join(results, 'e2e.json');
    rmSync(file, { force: true });
    const { ok, seconds } = step('Playwright (Chromium)', npx, ['playwright', 'test', '-c', 'e2e/playwright.config.ts'], {
      CHROMIUM_PATH: chromium.path,
      ...(turnserver.path ? { TURNSERVER_PATH: turnserver.path } : {}),
      ...(nginx.path ? { NGINX_PATH: nginx.path } : {}),
    });
    const stats = readJson(file)?.stats;
    // A run that found no test must not look green.
    const p = stats?.expected ?? 0;
    const f = stats ? stats.unexpected + stats.flaky + (ok ? 0 : stats.unexpected === 0 ? 1 : 0) : 1;
    if (p + f === 0) failed++;
    passed += p;
    failed += f;
    summary.push(`playwright: ${p} passed, ${f} failed (${seconds}s)`);
  }
} finally {
  await dropDatabase().catch((error) => console.log(`(não apaguei o banco de teste: ${error.message})`));
}
finish();
