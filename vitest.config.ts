import { configDefaults, defineConfig } from 'vitest/config';

const postgres = !!process.env.DATABASE_URL;

/** Tests of the built server as an operator runs it: their own project, run once (not per engine). */
const ops = 'apps/server/test/ops/**';

/**
 * unit: pure logic (contracts, server lib, web logic and components in jsdom).
 * api:  app.inject against PGlite in memory; api-pg: the same files against PostgreSQL
 *       when DATABASE_URL is set (CI points it at a fresh database).
 * ops:  the production build in processes of its own (OPS-01/03/05/07), each test choosing its
 *       engines itself: PGlite, and a fresh PostgreSQL database next to DATABASE_URL's (or on
 *       127.0.0.1:5432).
 */
export default defineConfig({
  test: {
    reporters: process.env.VITEST_JSON ? ['default', ['json', { outputFile: process.env.VITEST_JSON }]] : ['default'],
    projects: [
      {
        test: {
          name: 'unit',
          include: ['packages/*/src/**/*.test.ts', 'apps/server/src/**/*.test.ts'],
          environment: 'node',
        },
      },
      {
        extends: './apps/web/vite.config.ts',
        test: {
          name: 'web',
          root: './apps/web',
          include: ['src/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
          setupFiles: ['./src/test/setup.ts'],
        },
      },
      {
        test: {
          name: 'api',
          include: ['apps/server/test/**/*.test.ts'],
          exclude: [...configDefaults.exclude, ops],
          environment: 'node',
          env: { TEST_DB: 'pglite' },
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
          testTimeout: 180_000,
          hookTimeout: 120_000,
        },
      },
      ...(postgres
        ? [
            {
              test: {
                name: 'api-pg',
                include: ['apps/server/test/**/*.test.ts'],
                exclude: [...configDefaults.exclude, ops],
                environment: 'node' as const,
                env: { TEST_DB: 'postgres' },
                testTimeout: 30_000,
                hookTimeout: 60_000,
              },
            },
          ]
        : []),
    ],
  },
});
