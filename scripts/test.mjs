// `npm test` on a fresh clone (OPS-08): the same set-up as `npm start` (install when needed, build the server and the web app),
// then lint, types, unit + API integration (Vitest; PGlite, and PostgreSQL when one is reachable),
// and the browser suite (Playwright in Chromium, with Firefox and WebKitGTK tests) against the real server. It finds this machine's
// PostgreSQL and Redis on their usual ports by itself, and Debian's Chromium, coturn, Firefox ESR and WebKitGTK's WebDriver (installing
// them when it runs as root on Debian). Every step runs even when an earlier one fails; the summary gives each
// stage's duration, and the last line adds up every suite: `N passed, N failed`.
//
// `npm test -- --quick` is the edit-test loop (DEV-03, docs/decisions/0035): lint (with ESLint's cache), types
// (incremental), the unit tests, the API suite on PGlite only, and the browser tests tagged `@smoke` — no web
// component tests, no PostgreSQL run of the API suite, no ops tests, no full browser suite.
import { spawn, spawnSync } from 'node:child_process';
import { createServer } from 'node:net';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import {
  TYPE_PROJECTS,
  busyCpuSeconds,
  statCores,
  exportsLintArgs,
  lintArgs,
  PLAYWRIGHT_PHASES,
  playwrightArgs,
  playwrightFailures,
  SLOWEST_SHOWN,
  slowestTests,
  summaryLines,
  vitestFailures,
  vitestStages,
} from './lib/test-plan.mjs';
import {
  buildWeb,
  ensureInstalled,
  ensureServerBuilt,
  ensureWebBuilt,
  envValue,
  findChromium,
  findFirefox,
  findNginx,
  findTurnserver,
  findWebKitDriver,
  redisAnswers,
  root,
} from './lib/setup.mjs';

const LOCAL_POSTGRES = 'postgres://postgres@127.0.0.1:5432/postgres';
const LOCAL_REDIS = 'redis://127.0.0.1:6379';
const npx = process.platform === 'win32' ? 'npx.cmd' : 'npx';
const results = join(root, 'test-results');
mkdirSync(results, { recursive: true });
const startedAt = Date.now();
/** The machine's CPU time at the start: the summary gives what the run used (DEV-05). */
const procStat = () => (existsSync('/proc/stat') ? readFileSync('/proc/stat', 'utf8') : undefined);
const cpuAtStart = busyCpuSeconds(procStat());
const quick = process.argv.slice(2).includes('--quick');
/** Caches of the quick mode (ESLint, tsc): kept with the install, never committed. */
const cache = join(root, 'node_modules/.cache/toque-test');

let passed = 0;
let failed = 0;
const summary = [];
/** The failed tests by name, printed in the summary. */
const failures = [];
/** The ten slowest browser tests, for the summary (DEV-05). */
const slowest = [];

function finish() {
  console.log('');
  const stat = procStat();
  for (const line of summaryLines({
    quick,
    stages: summary,
    failures,
    slowest,
    totalSeconds: (Date.now() - startedAt) / 1000,
    cpu: cpuAtStart === undefined ? undefined : { seconds: busyCpuSeconds(stat) - cpuAtStart, cores: statCores(stat) ?? 1 },
    passed,
    failed,
  }))
    console.log(line);
  process.exit(failed === 0 ? 0 : 1);
}

// The suites' environment: an empty variable is unset, and the caller's NODE_ENV does not leak into
// test runners that set their own (Vitest: test; the e2e server: test; the build: production).
const env = { ...process.env };
for (const [name, value] of Object.entries(env)) if (value !== undefined && value.trim() === '') delete env[name];
delete env.NODE_ENV;

{
  const started = Date.now();
  const installed = ensureInstalled();
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  if (!installed) {
    failed++;
    summary.push(`npm ci: FALHOU (veja acima) (${seconds}s)`);
    finish();
  }
  summary.push(`npm ci: ok (${seconds}s)`);
}

// ── Services: the PostgreSQL run of the API suite and the two-process call test ──
const require = createRequire(join(root, 'apps/server/package.json'));
let dropDatabase = async () => undefined;
if (quick) {
  // The quick mode runs the API suite on PGlite only; the browser tests it runs need no PostgreSQL either.
  delete env.DATABASE_URL;
} else if (envValue('DATABASE_URL', env)) {
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

/**
 * A stage run beside others (lint and the type checks are one core each; the API suite on PostgreSQL
 * and the ops tests mostly wait): its output is held and printed whole when it ends, so two stages
 * never interleave their lines.
 */
function held(label, cmd, args, extra = {}) {
  const started = Date.now();
  return new Promise((resolve) => {
    const child = spawn(cmd, args, { cwd: root, env: { ...env, ...extra } });
    const output = [];
    child.stdout.on('data', (chunk) => output.push(chunk));
    child.stderr.on('data', (chunk) => output.push(chunk));
    child.on('close', (status) => {
      console.log(`\n━━ ${label} ━━`);
      process.stdout.write(Buffer.concat(output));
      resolve({ ok: status === 0, seconds: ((Date.now() - started) / 1000).toFixed(1) });
    });
  });
}

/**
 * DEV-05: a free port for the browser suite's server, unless E2E_PORT names one. With the fixed 3100
 * of playwright.config.ts, a second `npm test` on the same machine (another clone) would find the first
 * one's server there.
 */
async function freePort() {
  const probe = createServer();
  await new Promise((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address();
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

/** A check that is one test (lint, a type-check), run beside others. */
async function checkBeside(label, cmd, args) {
  const { ok, seconds } = await held(label, cmd, args);
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

/** One Vitest project, its own stage: its tests count one by one, and a run that failed without a failed test counts one. */
async function vitest(project, label, beside) {
  const file = join(results, `vitest-${project}.json`);
  rmSync(file, { force: true });
  const args = ['vitest', 'run', '--project', project];
  const { ok, seconds } = beside
    ? await held(`Vitest: ${label}`, npx, args, { VITEST_JSON: file })
    : step(`Vitest: ${label}`, npx, args, { VITEST_JSON: file });
  const report = readJson(file);
  failures.push(...vitestFailures(report, project, root));
  const p = report?.numPassedTests ?? 0;
  const f = report ? report.numFailedTests + (ok ? 0 : report.numFailedTests === 0 ? 1 : 0) : 1;
  if (p + f === 0) failed++;
  passed += p;
  failed += f;
  summary.push(`vitest ${project}: ${p} passed, ${f} failed (${seconds}s)`);
}

try {
  // The quick mode lints only what changed since its last run (ESLint's cache) and type-checks incrementally.
  // Lint and the type checks run side by side: each keeps one core busy (DEV-03).
  // DEV-06: then the exports nobody imports (knip), on the same core once ESLint is done.
  const lint = (async () => {
    await checkBeside('lint (ESLint)', npx, lintArgs({ quick, cacheDir: cache }));
    await checkBeside('lint (knip: exportações não usadas)', npx, exportsLintArgs());
  })();
  const types = (async () => {
    for (const project of TYPE_PROJECTS) {
      if (!existsSync(join(root, project, 'tsconfig.json'))) continue;
      const incremental = quick
        ? ['--incremental', '--tsBuildInfoFile', join(cache, 'tsc', `${project.replace(/\//g, '-')}.tsbuildinfo`)]
        : [];
      await checkBeside(`tipos (${project})`, npx, ['tsc', '-p', project, ...incremental]);
    }
  })();
  await Promise.all([lint, types]);

  {
    // OPS-01: the built server, as `npm start` builds it; the ops tests (Vitest) and the browser suite run it.
    console.log('\n━━ build do servidor ━━');
    const started = Date.now();
    const ok = ensureServerBuilt();
    if (ok) passed++;
    else failed++;
    summary.push(`build do servidor: ${ok ? 'ok' : 'FALHOU'} (${((Date.now() - started) / 1000).toFixed(1)}s)`);
  }

  // Each project its own stage, so the summary gives each one's time.
  // Stages of one group run side by side (their output held and printed whole); the groups in order.
  const stages = vitestStages({ quick, postgres: !!envValue('DATABASE_URL', env) });
  for (const group of [...new Set(stages.map((s) => s.group))]) {
    const members = stages.filter((s) => s.group === group);
    await Promise.all(members.map(({ project, label }) => vitest(project, label, members.length > 1)));
  }

  console.log('\n━━ build do app web ━━');
  const buildStarted = Date.now();
  // The quick mode keeps a web build made from the sources as they are now.
  const built = quick ? ensureWebBuilt(env) : buildWeb(env);
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
    // Firefox (BRW-01) and WebKitGTK (BRW-02) tests run in the same suite; without them they fail, saying what to install.
    const firefox = findFirefox();
    if (firefox.error) {
      console.log(firefox.error);
      summary.push(`firefox: ${firefox.error}`);
    }
    const webkit = findWebKitDriver();
    if (webkit.error) {
      console.log(webkit.error);
      summary.push(`webkit: ${webkit.error}`);
    }
    const label = quick ? 'Playwright: testes @smoke (Chromium)' : 'Playwright (Chromium, Firefox, WebKitGTK)';
    const port = envValue('E2E_PORT', env) ?? String(await freePort());
    for (const phase of PLAYWRIGHT_PHASES) {
      const file = join(results, phase.report);
      rmSync(file, { force: true });
      const { ok, seconds } = step(`${label} — ${phase.label}`, npx, playwrightArgs({ quick, projects: phase.projects }), {
        E2E_PORT: port,
        E2E_REPORT: file,
        CHROMIUM_PATH: chromium.path,
        ...(turnserver.path ? { TURNSERVER_PATH: turnserver.path } : {}),
        ...(nginx.path ? { NGINX_PATH: nginx.path } : {}),
        ...(firefox.path ? { FIREFOX_PATH: firefox.path } : {}),
        ...(webkit.path ? { WEBKIT_DRIVER_PATH: webkit.path } : {}),
      });
      const e2eReport = readJson(file);
      failures.push(...playwrightFailures(e2eReport));
      slowest.push(...slowestTests(e2eReport));
      const stats = e2eReport?.stats;
      // A run that found no test must not look green.
      const p = stats?.expected ?? 0;
      const f = stats ? stats.unexpected + stats.flaky + (ok ? 0 : stats.unexpected === 0 ? 1 : 0) : 1;
      if (p + f === 0) failed++;
      passed += p;
      failed += f;
      summary.push(`playwright${quick ? ' @smoke' : ''} (${phase.label}): ${p} passed, ${f} failed (${seconds}s)`);
    }
    slowest.sort((a, b) => b.seconds - a.seconds).splice(SLOWEST_SHOWN);
  }
} finally {
  await dropDatabase().catch((error) => console.log(`(não apaguei o banco de teste: ${error.message})`));
}
finish();
