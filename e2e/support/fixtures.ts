import { test as base, expect, type BrowserContext } from '@playwright/test';
import { openFinder, openOwner, type CallSide, type FinderOptions, type Owner, type OwnerOptions } from './calls';
import { watchContext } from './console';
import { startAppServer, type AppServer, type AppServerOptions } from './servers';

/**
 * `test.use({ allowConsoleErrors: allow(A, B) })`: the console errors a test provokes on purpose.
 * Written as Playwright's [value, options] pair, because Playwright reads a bare array whose second
 * item is an object (a RegExp is one) as that pair, and would keep only the first pattern.
 */
export function allow(...patterns: RegExp[]): [RegExp[], { scope: 'test' }] {
  return [patterns, { scope: 'test' }];
}

interface Fixtures {
  allowConsoleErrors: RegExp[];
  failOnConsoleError: void;
  /** How the `owner` fixture makes its owner (test.use). */
  ownerOptions: OwnerOptions;
  /** A fresh owner with a claimed tag, logged in (by API) on the dashboard, call socket connected; closed after the test. */
  owner: Owner;
  /** How the `finder` fixture opens its phone (test.use). */
  finderOptions: FinderOptions;
  /** A finder's phone: 390×844, camera, microphone and a position granted; closed after the test. */
  finder: CallSide;
  /**
   * `test.use({ ringTimeoutMs: 15_000 })`: the test runs against a server of the worker's own that
   * misses an unanswered call after this long — `baseURL` (so `page`, `request` and every context
   * the test opens) points at it, and `ringServer.cli` mints its codes. Without it the suite's server
   * rings the production 60 s, so a call a test answers is never missed on a slow machine.
   */
  ringTimeoutMs: number | undefined;
  /** The server `ringTimeoutMs` asked for (undefined without it). */
  ringServer: AppServer | undefined;
}

interface WorkerFixtures {
  /**
   * A Toque server of the spec's own (servers.ts), started the first time a worker asks for this
   * environment and shared by its later tests, stopped when the worker ends.
   */
  appServer: (options?: AppServerOptions) => Promise<AppServer>;
}

/**
 * The suite's `test`. Fails the test on any console.error, uncaught page error or CSP violation
 * (Epic Stack habit), in the `page` fixture's context and in every context the test opens with
 * `browser.newContext()` (the finder and the owner of a call live in two). A test that provokes a
 * browser error on purpose (a 503 it routed, the geocoder that is down here) names it with
 * `test.use({ allowConsoleErrors: allow(...) })`.
 */
export const test = base.extend<Fixtures, WorkerFixtures>({
  allowConsoleErrors: [[], { option: true }],
  failOnConsoleError: [
    async ({ context, browser, allowConsoleErrors }, use) => {
      if (!Array.isArray(allowConsoleErrors)) {
        throw new Error('allowConsoleErrors: write `allow(/a/, /b/)` (a bare array of two patterns loses the second)');
      }
      const errors: string[] = [];
      await watchContext(context, errors, allowConsoleErrors);
      const newContext = browser.newContext.bind(browser);
      // Every context a test opens is closed when it ends, passed or failed: a failed call test must not
      // leave two pages streaming video into the rest of the run (their CPU slowed every later test).
      const contexts: BrowserContext[] = [];
      browser.newContext = async (...args) => {
        const opened = await newContext(...args);
        contexts.push(opened);
        await watchContext(opened, errors, allowConsoleErrors);
        return opened;
      };
      try {
        await use();
      } finally {
        browser.newContext = newContext;
        await Promise.all(contexts.map((c) => c.close().catch(() => undefined)));
      }
      expect(errors, 'console errors, uncaught page errors or CSP violations').toEqual([]);
    },
    { auto: true },
  ],
  ringTimeoutMs: [undefined, { option: true }],
  ringServer: [
    async ({ ringTimeoutMs, appServer }, use) => {
      await use(ringTimeoutMs ? await appServer({ env: { CALL_RING_TIMEOUT_MS: String(ringTimeoutMs) } }) : undefined);
    },
    { timeout: 120_000 },
  ],
  baseURL: async ({ baseURL, ringServer }, use) => use(ringServer?.url ?? baseURL),
  ownerOptions: [{}, { option: true }],
  // Their own time (not the test's): an account, a tag, a browser context and a socket on a busy machine.
  owner: [
    async ({ browser, request, ownerOptions }, use) => {
      const owner = await openOwner(browser, request, ownerOptions);
      try {
        await use(owner);
      } finally {
        await owner.close();
      }
    },
    { timeout: 90_000 },
  ],
  finderOptions: [{}, { option: true }],
  finder: [
    async ({ browser, finderOptions }, use) => {
      const finder = await openFinder(browser, finderOptions);
      try {
        await use(finder);
      } finally {
        await finder.close();
      }
    },
    { timeout: 45_000 },
  ],
  appServer: [
    // eslint-disable-next-line no-empty-pattern
    async ({}, use) => {
      const started = new Map<string, Promise<AppServer>>();
      try {
        await use((options = {}) => {
          const key = JSON.stringify(options);
          if (!started.has(key)) started.set(key, startAppServer(options));
          return started.get(key)!;
        });
      } finally {
        await Promise.all(
          [...started.values()].map((server) =>
            server.then(
              (s) => s.close(),
              () => undefined,
            ),
          ),
        );
      }
    },
    { scope: 'worker', timeout: 120_000 },
  ],
});
export { expect };

/**
 * The tests that wait for a missed call, each given `timeout` ms: they run on a server of the worker's
 * own that misses an unanswered call after 15 s (`ringTimeoutMs`; the tests' `ringServer`), under the
 * title "on a server that rings 15 s".
 */
export function onShortRingServer(timeout: number, tests: () => void) {
  test.describe('on a server that rings 15 s', () => {
    test.use({ ringTimeoutMs: 15_000 });
    test.describe.configure({ timeout });
    tests();
  });
}
