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
  ];
  return all
    .filter((s) => !(quick && s.full) && !(s.postgres && !postgres))
    .map(({ project, label, group }) => ({ project, label, group }));
}

/** ESLint's arguments: the quick mode lints only what changed since its last run (its cache). */
export function lintArgs({ quick, cacheDir }) {
  return ['eslint', '.', '--max-warnings=0', ...(quick ? ['--cache', '--cache-location', `${cacheDir}/eslint/`] : [])];
}

/** Playwright's arguments: the whole suite, or the browser tests tagged `@smoke`. */
export function playwrightArgs({ quick }) {
  return ['playwright', 'test', '-c', 'e2e/playwright.config.ts', ...(quick ? ['--grep', '@smoke'] : [])];
}

/** The summary: one line a stage, each with its duration, the total time, then `N passed, N failed`. */
export function summaryLines({ quick, stages, totalSeconds, passed, failed }) {
  return [
    `━━ Resumo${quick ? ' (--quick)' : ''} ━━`,
    ...stages.map((line) => `  ${line}`),
    `  (${totalSeconds.toFixed(0)} s no total)`,
    `${passed} passed, ${failed} failed`,
  ];
}
