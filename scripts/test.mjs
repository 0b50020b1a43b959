// `npm test`: lint, types, unit + API integration (Vitest; PGlite, and PostgreSQL when
// DATABASE_URL is set), the web build, and the browser suite (Playwright in Chromium).
// Every step runs even when an earlier one fails; the last line adds up every suite.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const results = join(root, 'test-results');
mkdirSync(results, { recursive: true });
const npx = process.platform === 'win32' ? 'npx.cmd' : 'npx';
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';

let passed = 0;
let failed = 0;
const summary = [];

function step(label, cmd, args, env = {}) {
  console.log(`\n━━ ${label} ━━`);
  const started = Date.now();
  const r = spawnSync(cmd, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  return { ok: r.status === 0, seconds };
}

/** A check that is one test: lint, a type-check, the build. */
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

check('lint (ESLint)', npx, ['eslint', '.', '--max-warnings=0']);
for (const project of ['packages/contracts', 'apps/server', 'apps/web', 'e2e']) {
  check(`tipos (${project})`, npx, ['tsc', '-p', project]);
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

const built = check('build do app web', npm, ['run', 'build', '-w', 'apps/web']);
if (built) {
  const file = join(results, 'e2e.json');
  rmSync(file, { force: true });
  const { ok, seconds } = step('Playwright (Chromium)', npx, ['playwright', 'test', '-c', 'e2e/playwright.config.ts']);
  const stats = readJson(file)?.stats;
  // A run that found no browser or no test must not look green.
  const p = stats?.expected ?? 0;
  const f = stats ? stats.unexpected + stats.flaky + (ok ? 0 : stats.unexpected === 0 ? 1 : 0) : 1;
  if (p + f === 0) failed++;
  passed += p;
  failed += f;
  summary.push(`playwright: ${p} passed, ${f} failed (${seconds}s)`);
} else {
  failed++;
  summary.push('playwright: não executado (build falhou)');
}

console.log('\n━━ Resumo ━━');
for (const line of summary) console.log(`  ${line}`);
if (!existsSync(join(root, 'apps/web/dist/index.html'))) console.log('  (apps/web/dist ausente)');
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed === 0 ? 0 : 1);
