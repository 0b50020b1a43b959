import { configDefaults, defineConfig } from 'vitest/config';

const postgres = !!process.env.DATABASE_URL;

/** Tests of the built server as an operator runs it: their own project, run once (not per engine). */
const ops = 'apps/server/test/ops/**';
/** SEC-09's fuzz of the built server's every body- and file-taking route: a stage of its own, alone on the machine. */
const fuzz = 'apps/server/test/fuzz/**';

/**
 * unit: pure logic (contracts, server lib, web logic and components in jsdom).
 * api:  app.inject against PGlite in memory; api-pg: the same files against PostgreSQL
 *       when DATABASE_URL is set (CI points it at a fresh database).
 * Workers: Vitest's default is one fewer than the cores, so one worker on this 2-core machine, files in
 * series while a core idles; each project names its own (docs/decisions/0035).
 * ops:  the production build in processes of its own (OPS-01/03/05/07), each test choosing its
 *       engines itself: PGlite, and a fresh PostgreSQL database next to DATABASE_URL's (or on
 *       127.0.0.1:5432).
 * fuzz: SEC-09 — hostile sizes and shapes on every body- and file-taking route of the production build,
 *       with a time, memory and event-loop budget per request (a fresh PostgreSQL database as ops makes them).
 */
export default defineConfig({
  test: {
    reporters: process.env.VITEST_JSON ? ['default', ['json', { outputFile: process.env.VITEST_JSON }]] : ['default'],
    projects: [
      {
        test: {
          name: 'unit',
          maxWorkers: 2,
          include: ['packages/*/src/**/*.test.ts', 'apps/server/src/**/*.test.ts'],
          environment: 'node',
        },
      },
      {
        extends: './apps/web/vite.config.ts',
        test: {
          name: 'web',
          maxWorkers: 2,
          root: './apps/web',
          include: ['src/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
          setupFiles: ['./src/test/setup.ts'],
          // DEV-05: a ceiling, not a wait — a component test typing through user-event in jsdom is CPU-bound and
          // took 5.2 s on a machine loaded by three browser suites (Vitest's default 5 s failed it; alone, 1 s).
          testTimeout: 30_000,
        },
      },
      {
        test: {
          name: 'api',
          include: ['apps/server/test/**/*.test.ts'],
          exclude: [...configDefaults.exclude, ops, fuzz],
          environment: 'node',
          env: { TEST_DB: 'pglite' },
          // PGlite works in the worker's own thread: one worker a core.
          maxWorkers: 2,
          // Every file builds its own app on its own database (helpers.ts) and mocks nothing: the files of a
          // worker share its imported modules instead of importing the server again (docs/decisions/0035).
          isolate: false,
          // One migrated PGlite, dumped once; every file's database starts from it (docs/decisions/0035).
          globalSetup: ['apps/server/test/pglite-snapshot.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'ops',
          include: [`${ops}/*.test.ts`],
          environment: 'node',
          // The server is built once (when stale) before any file starts it.
          globalSetup: ['apps/server/test/ops/build.ts'],
          // Each file starts servers and installs of its own: one at a time on a small machine.
          fileParallelism: false,
          testTimeout: 180_000,
          hookTimeout: 120_000,
        },
      },
      {
        test: {
          name: 'fuzz',
          include: [`${fuzz}/*.test.ts`],
          environment: 'node',
          globalSetup: ['apps/server/test/ops/build.ts'],
          fileParallelism: false,
          // One route a test; a route that fails is shrunk for a minute after requests that may each wait 30 s.
          testTimeout: 600_000,
          // The set-up (database, server, fixtures, images) runs while the file is collected.
          hookTimeout: 300_000,
        },
      },
      ...(postgres
        ? [
            {
              test: {
                name: 'api-pg',
                include: ['apps/server/test/**/*.test.ts'],
                exclude: [...configDefaults.exclude, ops, fuzz],
                environment: 'node' as const,
                env: { TEST_DB: 'postgres' },
                // Two workers, each on a PostgreSQL database of its own (pg-worker-databases.ts): some files
                // count a table's rows before and after, which raced when workers shared one database
                // (docs/decisions/0050's addendum 2). It runs beside the ops tests (scripts/lib/test-plan.mjs).
                maxWorkers: 2,
                globalSetup: ['apps/server/test/pg-worker-databases.ts'],
                setupFiles: ['apps/server/test/pg-worker-setup.ts'],
                isolate: false,
                testTimeout: 30_000,
                hookTimeout: 60_000,
              },
            },
          ]
        : []),
    ],
  },
});
