// What `npm test` runs, in each mode (DEV-03, docs/decisions/0035): scripts/test.mjs runs exactly these
// stages, and apps/server/src/test-plan.test.ts checks that the full mode drops no test and the quick
// mode keeps its promise (lint, types, unit, API on PGlite, the @smoke browser tests).

/** The projects type-checked, in order (a project without a tsconfig.json is skipped). */
export const TYPE_PROJECTS = ['packages/contracts', 'apps/server', 'apps/web', 'e2e', 'bench'];

/**
 * The Vitest projects, in order, with the label their stage prints. Stages of the same `group` run side
 * by side: the API suite on PostgreSQL and the ops tests both mostly wait (on PostgreSQL, on the
 * processes they start), so together they keep the two cores busy.
 */
export function vitestStages({ quick, postgres }) {
  const all = [
    { project: 'unit', label: 'unit', group: 1 },
    { project: 'web', label: 'web (componentes no jsdom)', group: 2, full: true },
    { project: 'api', label: 'API (PGlite)', group: 3 },
    { project: 'api-pg', label: 'API (PostgreSQL)', group: 4, full: true, postgres: true },
    { project: 'ops', label: 'ops (o build de produção)', group: 4, full: true },
    // SEC-09: alone, so that its budgets (2 s, 200 MB, /api/health within 200 ms) measure the server, not the suite beside it.
    { project: 'fuzz', label: 'fuzz (SEC-09: tamanhos e formas hostis)', group: 5, full: true },
  ];
  return all
    .filter((s) => !(quick && s.full) && !(s.postgres && !postgres))
    .map(({ project, label, group }) => ({ project, label, group }));
}

/** ESLint's arguments: the quick mode lints only what changed since its last run (its cache). */
export function lintArgs({ quick, cacheDir }) {
  return ['eslint', '.', '--max-warnings=0', ...(quick ? ['--cache', '--cache-location', `${cacheDir}/eslint/`] : [])];
}

/**
 * The unused-exports check (DEV-06): knip over every workspace (knip.json), beside ESLint in the lint stage.
 * `npm run lint:exports` runs the same command.
 */
export function exportsLintArgs() {
  return ['knip', '--no-progress'];
}

/**
 * The browser suite's two phases, one after the other: every test but the main-thread guards, two at a
 * time — those in the headless shell (`chromium`) and those that need the full browser's notifications
 * (`notifications`, docs/decisions/0057) in one run; then the guards (PERF-03, PERF-08) alone on the
 * machine. Beside another browser test on 2 cores the guards measured a page's own blocking time as the
 * other test's too (CI, 2026-11-29: sign-up 259 ms against 102 ms alone), and failed an unchanged page.
 */
export const PLAYWRIGHT_PHASES = [
  { projects: ['chromium', 'notifications'], label: 'chromium', report: 'e2e.json' },
  { projects: ['main-thread'], label: 'main-thread', report: 'e2e-main-thread.json' },
];

/** Playwright's arguments: the whole suite, or the browser tests tagged `@smoke`; `projects`, a phase's. */
export function playwrightArgs({ quick, projects = [] }) {
  return [
    'playwright',
    'test',
    '-c',
    'e2e/playwright.config.ts',
    ...projects.flatMap((project) => ['--project', project]),
    ...(quick ? ['--grep', '@smoke'] : []),
  ];
}

/** The summary: one line a stage, each with its duration, the failed tests by name (CI shows only the tail of
 * the output, so a failure must be named there), the total time, then `N passed, N failed`. */
export function summaryLines({ quick, stages, failures = [], slowest = [], totalSeconds, cpu, passed, failed }) {
  const shown = failures.slice(0, MAX_FAILURES_SHOWN);
  const budget = quick ? SUITE_BUDGET_SECONDS.quick : SUITE_BUDGET_SECONDS.full;
  const budgetCpu = cpu ? budget * cpu.cores : 0;
  return [
    `━━ Resumo${quick ? ' (--quick)' : ''} ━━`,
    ...stages.map((line) => `  ${line}`),
    ...(slowest.length > 0 ? [`  os ${slowest.length} testes de navegador mais lentos:`] : []),
    ...slowest.map(({ seconds, title }) => `    ${seconds.toFixed(1).padStart(6)} s  ${title}`),
    ...shown.map((line) => `  ✗ ${line}`),
    ...(failures.length > shown.length ? [`  ✗ … e mais ${failures.length - shown.length}`] : []),
    `  (${totalSeconds.toFixed(0)} s no total)`,
    ...(cpu
      ? [
          `  CPU da máquina: ${cpu.seconds.toFixed(0)} s em ${cpu.cores} núcleos (${Math.round((100 * cpu.seconds) / (cpu.cores * Math.max(1, totalSeconds)))} % ocupados); ${budget} s em ${cpu.cores} núcleos dão ${budgetCpu} s`,
        ]
      : []),
    ...(cpu && cpu.seconds > budgetCpu
      ? [
          `  ⚠ só o trabalho de CPU (${cpu.seconds.toFixed(0)} s) já passa dos ${budgetCpu} s que o orçamento dá: nenhuma ordem das etapas cabe nele`,
        ]
      : []),
    ...(totalSeconds > budget
      ? [
          `  ⚠ acima do orçamento: ${totalSeconds.toFixed(0)} s, o orçamento${quick ? ' do --quick' : ''} é ${budget} s (DEV-03, docs/decisions/0050)`,
        ]
      : []),
    `${passed} passed, ${failed} failed`,
  ];
}

/**
 * The machine's busy CPU time so far, in seconds, from /proc/stat's first line (user, nice, system, irq,
 * softirq, steal; not idle nor iowait), counted in the kernel's USER_HZ ticks (100 a second on Linux);
 * undefined where there is no such file. A run's CPU is the difference of two readings: the whole
 * machine's, so what else runs beside the suite counts too (docs/decisions/0050's addendum 5).
 */
export function busyCpuSeconds(stat, ticksPerSecond = 100) {
  const fields = String(stat ?? '')
    .split('\n')[0]
    ?.trim()
    .split(/\s+/);
  if (fields?.[0] !== 'cpu' || fields.length < 8) return undefined;
  const [user, nice, system, , , irq, softirq, steal = 0] = fields.slice(1).map(Number);
  return (user + nice + system + irq + softirq + steal) / ticksPerSecond;
}

/** How many CPUs /proc/stat counts (its `cpuN` lines): the cores whose time busyCpuSeconds adds up; undefined without them. */
export function statCores(stat) {
  const cores = String(stat ?? '')
    .split('\n')
    .filter((line) => /^cpu\d+\s/.test(line)).length;
  return cores > 0 ? cores : undefined;
}

/** DEV-03 / DEV-05's budget for a whole run on a 2-core machine, installs included (docs/decisions/0050). */
export const SUITE_BUDGET_SECONDS = { full: 15 * 60, quick: 4 * 60 };

export const SLOWEST_SHOWN = 10;

/** The slowest browser tests of a Playwright JSON report (each test's longest attempt), slowest first. */
export function slowestTests(report, count = SLOWEST_SHOWN) {
  const out = [];
  const walk = (suite, titles) => {
    for (const spec of suite.specs ?? []) {
      for (const test of spec.tests ?? []) {
        const ms = Math.max(0, ...(test.results ?? []).map((r) => r.duration ?? 0));
        const title = [...titles, spec.title].filter(Boolean).join(' › ');
        out.push({ seconds: ms / 1000, title: `${spec.file}:${spec.line} › ${title}` });
      }
    }
    for (const child of suite.suites ?? []) walk(child, child.file === child.title ? titles : [...titles, child.title]);
  };
  for (const suite of report?.suites ?? []) walk(suite, []);
  return out.sort((a, b) => b.seconds - a.seconds).slice(0, count);
}

const MAX_FAILURES_SHOWN = 20;

/** Terminal colour codes (ESC [ … m), as the reporters keep them in their messages. */
const ANSI_COLOUR = new RegExp(`${String.fromCharCode(27)}\\[[0-9;]*m`, 'g');

/** A failure message's first meaningful line, without colour codes, cut to a readable length. */
function firstLine(message) {
  const line = String(message ?? '')
    .replace(ANSI_COLOUR, '')
    .split('\n')
    .map((l) => l.trim())
    .find((l) => l.length > 0);
  if (!line) return '';
  return line.length > 160 ? `${line.slice(0, 157)}…` : line;
}

/** The failed tests of a Vitest JSON report, as `project › file › full name — first line of the error`. */
export function vitestFailures(report, project, root) {
  const out = [];
  for (const file of report?.testResults ?? []) {
    const name = root && file.name?.startsWith(root) ? file.name.slice(root.length).replace(/^\//, '') : file.name;
    const failedTests = (file.assertionResults ?? []).filter((t) => t.status === 'failed');
    for (const t of failedTests)
      out.push(`${project} › ${name} › ${t.fullName} — ${firstLine(t.failureMessages?.[0])}`);
    // A file that failed outside its tests (a hook, an import) has no failed test to name.
    if (failedTests.length === 0 && file.status === 'failed')
      out.push(`${project} › ${name} — ${firstLine(file.message)}`);
  }
  return out;
}

/** The failed and flaky tests of a Playwright JSON report, as `file:line › title — first line of the error`. */
export function playwrightFailures(report) {
  const out = [];
  const walk = (suite, titles) => {
    for (const spec of suite.specs ?? []) {
      for (const test of spec.tests ?? []) {
        if (test.status !== 'unexpected' && test.status !== 'flaky') continue;
        const error = test.results?.flatMap((r) => r.errors ?? (r.error ? [r.error] : []))[0];
        const title = [...titles, spec.title].filter(Boolean).join(' › ');
        out.push(
          `playwright › ${spec.file}:${spec.line} › ${title}${test.status === 'flaky' ? ' (instável)' : ''} — ${firstLine(error?.message)}`,
        );
      }
    }
    for (const child of suite.suites ?? []) walk(child, child.file === child.title ? titles : [...titles, child.title]);
  };
  for (const suite of report?.suites ?? []) walk(suite, []);
  return out;
}
