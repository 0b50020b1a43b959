import { existsSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { minimatch } from 'minimatch';
import { glob } from 'tinyglobby';
import { describe, expect, test } from 'vitest';
import {
  TYPE_PROJECTS,
  exportsLintArgs,
  lintArgs,
  PLAYWRIGHT_PHASES,
  playwrightArgs,
  playwrightFailures,
  SUITE_BUDGET_SECONDS,
  slowestTests,
  summaryLines,
  busyCpuSeconds,
  statCores,
  vitestFailures,
  vitestStages,
} from '../../../scripts/lib/test-plan.mjs';

const root = fileURLToPath(new URL('../../../', import.meta.url));

interface ProjectConfig {
  test: { name: string; root?: string; include: string[]; exclude?: string[] };
}

/** vitest.config.ts's projects as the full run sees them (DATABASE_URL set: the PostgreSQL project exists). */
async function vitestProjects(): Promise<ProjectConfig[]> {
  const before = process.env.DATABASE_URL;
  process.env.DATABASE_URL ||= 'postgres://postgres@127.0.0.1:5432/plan';
  try {
    const config = (await import('../../../vitest.config.ts')).default as { test: { projects: ProjectConfig[] } };
    return config.test.projects;
  } finally {
    if (before === undefined) delete process.env.DATABASE_URL;
  }
}

describe('npm test', () => {
  test('[DEV-03] the full run drops no test: every test file of the repository belongs to a Vitest project it runs, and the browser suite runs unfiltered', async () => {
    const projects = await vitestProjects();
    const stages = vitestStages({ quick: false, postgres: true }).map((s) => s.project);
    expect(stages.sort()).toEqual(projects.map((p) => p.test.name).sort());

    const files = await glob(['**/*.test.{ts,tsx,mjs}'], { cwd: root, ignore: ['**/node_modules/**', '**/dist/**'] });
    expect(files.length).toBeGreaterThan(100);
    const orphans = files.filter(
      (file) =>
        !projects.some(({ test: p }) => {
          const base = join(root, p.root ?? '.');
          const path = relative(base, join(root, file));
          const excluded = (p.exclude ?? []).some((pattern) => minimatch(path, pattern));
          return !path.startsWith('..') && p.include.some((pattern) => minimatch(path, pattern)) && !excluded;
        }),
    );
    expect(orphans, 'test files no Vitest project runs').toEqual([]);

    // The full browser suite: no grep, no shard, nothing but the config and, per phase, its project. The
    // phases are the config's projects, every one: a project no phase names would never run in `npm test`.
    expect(playwrightArgs({ quick: false })).toEqual(['playwright', 'test', '-c', 'e2e/playwright.config.ts']);
    expect(playwrightArgs({ quick: false, projects: ['chromium', 'notifications'] }).slice(-4)).toEqual([
      '--project',
      'chromium',
      '--project',
      'notifications',
    ]);
    const config = readFileSync(join(root, 'e2e/playwright.config.ts'), 'utf8');
    const browserProjects = [...config.matchAll(/\bname: '([a-z-]+)'/g)].map((m) => m[1]);
    expect(browserProjects.length).toBeGreaterThanOrEqual(3);
    expect(PLAYWRIGHT_PHASES.flatMap((phase) => phase.projects)).toEqual(browserProjects);
    expect(PLAYWRIGHT_PHASES.at(-1)?.projects, 'the main-thread guards run last, alone').toEqual(['main-thread']);
    expect(lintArgs({ quick: false, cacheDir: '/c' })).toEqual(['eslint', '.', '--max-warnings=0']);
    // DEV-06: the lint stage also runs knip (no unused exports), and both count in the summary.
    expect(exportsLintArgs()).toEqual(['knip', '--no-progress']);
    expect(readFileSync(join(root, 'scripts/test.mjs'), 'utf8')).toMatch(/checkBeside\('lint \(knip[^']*', npx, exportsLintArgs\(\)\)/);
    // What has a tsconfig.json is type-checked (bench/ has none yet: noted in docs/decisions/0035).
    expect(
      TYPE_PROJECTS.filter((project) => existsSync(join(root, project, 'tsconfig.json'))).length,
    ).toBeGreaterThanOrEqual(4);
  });

  test('[DEV-03] --quick is lint (cached), types, unit, the API suite on PGlite and the @smoke browser tests, which cover the home page, sign-up, login, adding a tag and a call', async () => {
    expect(vitestStages({ quick: true, postgres: true }).map((s) => s.project)).toEqual(['unit', 'api']);
    expect(lintArgs({ quick: true, cacheDir: '/c' })).toEqual([
      'eslint',
      '.',
      '--max-warnings=0',
      '--cache',
      '--cache-location',
      '/c/eslint/',
    ]);
    expect(playwrightArgs({ quick: true }).slice(-2)).toEqual(['--grep', '@smoke']);
    const smoke: string[] = [];
    for (const file of await glob(['e2e/*.spec.ts'], { cwd: root })) {
      const source = readFileSync(join(root, file), 'utf8');
      // A test's title is on its `test(` line; the tag ends it.
      for (const line of source.split('\n').filter((l) => /^\s*test\(/.test(l) && l.includes('@smoke')))
        smoke.push(`${file} ${line}`);
    }
    for (const id of ['[PUB-01]', '[AUTH-07]', '[AUTH-04]', '[TAG-02]', '[CALL-02]'])
      expect(
        smoke.some((s) => s.includes(id)),
        `a @smoke test proves ${id}`,
      ).toBe(true);
  });

  test("[DEV-03] the summary gives every stage's duration and ends with one line adding up every suite", () => {
    const lines = summaryLines({
      quick: false,
      stages: ['lint (ESLint): ok (31.9s)', 'vitest unit: 93 passed, 0 failed (4.2s)'],
      totalSeconds: 812.4,
      passed: 94,
      failed: 0,
    });
    expect(lines).toEqual([
      '━━ Resumo ━━',
      '  lint (ESLint): ok (31.9s)',
      '  vitest unit: 93 passed, 0 failed (4.2s)',
      '  (812 s no total)',
      '94 passed, 0 failed',
    ]);
    // Every stage's result line in scripts/test.mjs carries its seconds.
    const script = readFileSync(join(root, 'scripts/test.mjs'), 'utf8');
    const results = [...script.matchAll(/summary\.push\(`([^`]*(?:passed|'ok' : 'FALHOU')[^`]*)`\)/g)].map(
      (m) => m[1]!,
    );
    expect(results.length).toBeGreaterThanOrEqual(5);
    for (const line of results) expect(line, line).toMatch(/\(\$\{[^}]+\}s\)$/);
  });

  test('[DEV-03] a failed test is named in the summary, whose tail is all that CI shows', () => {
    // The shapes of Vitest's and Playwright's JSON reporters (test-results/vitest-*.json, e2e.json).
    const vitestReport = {
      testResults: [
        {
          name: '/repo/apps/server/test/calls.test.ts',
          status: 'failed',
          message: '',
          assertionResults: [
            { fullName: 'calls [CALL-05] rings', status: 'passed', failureMessages: [] },
            {
              fullName: 'calls [CALL-06] ends after 30 s',
              status: 'failed',
              failureMessages: ['\u001b[31mAssertionError: expected 1 to be 2\u001b[39m\n    at calls.test.ts:40:3'],
            },
          ],
        },
        {
          name: '/repo/apps/server/test/boot.test.ts',
          status: 'failed',
          message: 'Hook timed out in 60000ms',
          assertionResults: [],
        },
        { name: '/repo/apps/server/test/ok.test.ts', status: 'passed', message: '', assertionResults: [] },
      ],
    };
    expect(vitestFailures(vitestReport, 'api', '/repo')).toEqual([
      'api › apps/server/test/calls.test.ts › calls [CALL-06] ends after 30 s — AssertionError: expected 1 to be 2',
      'api › apps/server/test/boot.test.ts — Hook timed out in 60000ms',
    ]);
    const playwrightReport = {
      suites: [
        {
          title: 'call.spec.ts',
          file: 'call.spec.ts',
          specs: [
            {
              title: '[CALL-02] rings',
              file: 'call.spec.ts',
              line: 12,
              tests: [
                { status: 'unexpected', results: [{ errors: [{ message: 'Error: Timed out 25000ms\nCall log' }] }] },
              ],
            },
            {
              title: '[CALL-03] answers',
              file: 'call.spec.ts',
              line: 30,
              tests: [{ status: 'expected', results: [] }],
            },
          ],
          suites: [
            {
              title: 'phone',
              file: 'call.spec.ts',
              specs: [
                {
                  title: '[CALL-04] hangs up',
                  file: 'call.spec.ts',
                  line: 50,
                  tests: [
                    {
                      status: 'flaky',
                      results: [{ errors: [{ message: 'expect(locator).toBeVisible() failed' }] }, { errors: [] }],
                    },
                  ],
                },
              ],
            },
          ],
        },
      ],
    };
    expect(playwrightFailures(playwrightReport)).toEqual([
      'playwright › call.spec.ts:12 › [CALL-02] rings — Error: Timed out 25000ms',
      'playwright › call.spec.ts:50 › phone › [CALL-04] hangs up (instável) — expect(locator).toBeVisible() failed',
    ]);
    const many = Array.from({ length: 25 }, (_, i) => `t${i}`);
    const lines = summaryLines({ quick: false, stages: ['x'], failures: many, totalSeconds: 1, passed: 0, failed: 25 });
    expect(lines.filter((l) => l.startsWith('  ✗ t'))).toHaveLength(20);
    expect(lines).toContain('  ✗ … e mais 5');
    expect(lines.at(-1)).toBe('0 passed, 25 failed');
  });

  test('[DEV-05] the summary names the ten slowest browser tests, slowest first, and warns past the budget', () => {
    // Twelve tests of a Playwright JSON report, one nested in a describe and one retried (its longest attempt counts).
    const specs = Array.from({ length: 11 }, (_, i) => ({
      title: `[T-${i}] test ${i}`,
      file: 'a.spec.ts',
      line: i + 1,
      tests: [{ status: 'expected', results: [{ duration: (i + 1) * 1000 }] }],
    }));
    const report = {
      suites: [
        {
          title: 'a.spec.ts',
          file: 'a.spec.ts',
          specs,
          suites: [
            {
              title: 'phone',
              file: 'a.spec.ts',
              specs: [
                {
                  title: '[T-99] retried',
                  file: 'a.spec.ts',
                  line: 99,
                  tests: [{ status: 'flaky', results: [{ duration: 4_000 }, { duration: 60_500 }] }],
                },
              ],
            },
          ],
        },
      ],
    };
    const slowest = slowestTests(report);
    expect(slowest.map((t) => t.title)).toEqual([
      'a.spec.ts:99 › phone › [T-99] retried',
      ...[10, 9, 8, 7, 6, 5, 4, 3, 2].map((i) => `a.spec.ts:${i + 1} › [T-${i}] test ${i}`),
    ]);
    expect(slowest[0]!.seconds).toBe(60.5);
    expect(slowestTests(undefined)).toEqual([]);

    const within = summaryLines({ quick: false, stages: ['x'], slowest, totalSeconds: 899, passed: 1, failed: 0 });
    expect(within).toContain('  os 10 testes de navegador mais lentos:');
    expect(within).toContain('      60.5 s  a.spec.ts:99 › phone › [T-99] retried');
    expect(within.some((l) => l.includes('acima do orçamento'))).toBe(false);
    // DEV-03 / DEV-05's literals: 15 minutes for the whole run, 4 for --quick.
    expect(SUITE_BUDGET_SECONDS).toEqual({ full: 900, quick: 240 });
    const over = summaryLines({ quick: false, stages: ['x'], totalSeconds: 4185, passed: 1, failed: 0 });
    expect(over.at(-2)).toBe('  ⚠ acima do orçamento: 4185 s, o orçamento é 900 s (DEV-03, docs/decisions/0050)');
    expect(over.at(-1)).toBe('1 passed, 0 failed');
    const quickOver = summaryLines({ quick: true, stages: ['x'], totalSeconds: 241, passed: 1, failed: 0 });
    expect(quickOver.at(-2)).toContain('o orçamento do --quick é 240 s');
  });

  test("[DEV-05] the summary gives the machine's CPU time, and says when the CPU work alone is over what the budget's minutes on its cores give", () => {
    // /proc/stat's first line: user nice system idle iowait irq softirq steal … in ticks of 1/100 s.
    expect(busyCpuSeconds('cpu  1000 50 450 9000 300 20 30 0 0 0\ncpu0 1 2 3 4 5 6 7 8 0 0\n')).toBe(15.5);
    expect(busyCpuSeconds('cpu  1000 50 450 9000 300 20 30 150 0 0\n')).toBe(17);
    expect(busyCpuSeconds(undefined)).toBeUndefined();
    expect(busyCpuSeconds('intr 1 2 3')).toBeUndefined();
    // The cores are those whose time the first line adds up: its cpuN lines.
    expect(statCores('cpu  1 2 3 4 5 6 7 8\ncpu0 1 2 3 4 5 6 7 8\ncpu1 1 2 3 4 5 6 7 8\nintr 5\n')).toBe(2);
    expect(statCores(undefined)).toBeUndefined();

    const within = summaryLines({ quick: false, stages: ['x'], totalSeconds: 800, cpu: { seconds: 1200, cores: 2 }, passed: 1, failed: 0 });
    expect(within).toContain('  CPU da máquina: 1200 s em 2 núcleos (75 % ocupados); 900 s em 2 núcleos dão 1800 s');
    expect(within.some((l) => l.includes('só o trabalho de CPU'))).toBe(false);
    const over = summaryLines({ quick: false, stages: ['x'], totalSeconds: 2600, cpu: { seconds: 4100, cores: 2 }, passed: 1, failed: 0 });
    expect(over.slice(-4)).toEqual([
      '  CPU da máquina: 4100 s em 2 núcleos (79 % ocupados); 900 s em 2 núcleos dão 1800 s',
      '  ⚠ só o trabalho de CPU (4100 s) já passa dos 1800 s que o orçamento dá: nenhuma ordem das etapas cabe nele',
      '  ⚠ acima do orçamento: 2600 s, o orçamento é 900 s (DEV-03, docs/decisions/0050)',
      '1 passed, 0 failed',
    ]);
    const quick = summaryLines({ quick: true, stages: ['x'], totalSeconds: 200, cpu: { seconds: 500, cores: 2 }, passed: 1, failed: 0 });
    expect(quick).toContain('  ⚠ só o trabalho de CPU (500 s) já passa dos 480 s que o orçamento dá: nenhuma ordem das etapas cabe nele');
    // Without /proc/stat (another system) there is no CPU line.
    expect(summaryLines({ quick: false, stages: ['x'], totalSeconds: 1, passed: 1, failed: 0 }).some((l) => l.includes('CPU'))).toBe(false);
  });
});
