import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defineConfig, devices } from '@playwright/test';
import { fakeCameraFile } from './support/fake-camera';
import { busyMachineDeadlines, E2E_TILE_URL, NO_GEOCODER, PIX_WEBHOOK_SECRET, relaxedLimits } from './support/limits';

const port = Number(process.env.E2E_PORT ?? 3100);
// One fresh embedded database per run (or the PostgreSQL of DATABASE_URL, as CI sets it).
process.env.E2E_DATA_DIR ??= join(mkdtempSync(join(tmpdir(), 'toque-e2e-')), 'data');
export const baseURL = `http://127.0.0.1:${port}`;
/** The main-thread guards' specs (PERF-03, PERF-08). */
const MAIN_THREAD_GUARDS = /(finder|public)-main-thread\.spec\.ts$/;

/**
 * The browser suite runs in Debian's headless shell (package `chromium-headless-shell`, the same source and
 * version as `chromium`) when it is installed — `npm test` installs it (scripts/lib/setup.mjs): no browser
 * UI, so a context starts no WebUI renderers of its own; the suite spent a third less CPU
 * (docs/decisions/0057). CHROMIUM_PATH names another.
 */
const HEADLESS_SHELL = '/usr/bin/chromium-headless-shell';
const FULL_CHROMIUM = '/usr/bin/chromium';
const chromiumPath = process.env.CHROMIUM_PATH || (existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : FULL_CHROMIUM);
/**
 * The specs that show a push as a notification and click it (CALL-03, CALL-16, FIND-01, FIND-06): the
 * headless shell has no push service nor notification centre (`getNotifications()` stays empty, and the
 * ringing offer finds no push), so they run in Debian's full Chromium, as a phone's browser has both.
 */
const NEEDS_NOTIFICATIONS = /(call-push|conversation-push|owner-ringing|onboarding-steps|scan-alerts)\.spec\.ts$/;

const chromiumArgs = [
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-quic',
  '--no-first-run',
  '--use-fake-device-for-media-stream',
  '--use-fake-ui-for-media-stream',
  '--allow-loopback-in-peer-connection',
  // A small clip instead of Chromium's 640×480 fake camera: each call encodes and decodes less (support/fake-camera.ts).
  `--use-file-for-fake-video-capture=${fakeCameraFile()}`,
];

/** Debian's full Chromium, for the projects that need what only the browser has (below). */
const fullChromium = { executablePath: process.env.CHROMIUM_FULL_PATH || FULL_CHROMIUM, args: chromiumArgs };

export default defineConfig({
  testDir: '.',
  testMatch: /.*\.spec\.ts$/,
  fullyParallel: true,
  workers: process.env.CI ? 2 : 2,
  retries: 0,
  // Generous waits for states: on a busy 2-core machine a page can take seconds to settle (a wait
  // for a state costs nothing when the state comes early; no test asserts a time through these).
  // Raised by half on 2026-11-28 (the explicit ones in the specs too): a CI machine ran the suite in
  // 47 min instead of ~20 and six tests ran out of time waiting for states that came late.
  timeout: 90_000,
  expect: { timeout: 25_000 },
  // `npm test` runs the two projects one after the other, each with a report of its own (E2E_REPORT).
  reporter: [['list'], ['json', { outputFile: process.env.E2E_REPORT ?? '../test-results/e2e.json' }]],
  use: {
    baseURL,
    locale: 'pt-BR',
    timezoneId: 'America/Sao_Paulo',
    // DEV-05 (docs/decisions/0050): recording a trace for every test cost 22–25 % of the browser suite's time
    // (two specs, 17 tests, A/B twice: 41 / 44 s with it, 32 / 35 s without); CI keeps none of them. To look
    // at a failure, run its spec again with E2E_TRACE=retain-on-failure (or `--trace on`).
    trace: (process.env.E2E_TRACE as 'on' | 'retain-on-failure' | undefined) ?? 'off',
    launchOptions: { executablePath: chromiumPath, args: chromiumArgs },
  },
  projects: [
    {
      name: 'chromium',
      testIgnore: [MAIN_THREAD_GUARDS, NEEDS_NOTIFICATIONS],
      use: { ...devices['Desktop Chrome'], channel: undefined },
    },
    {
      name: 'notifications',
      testMatch: NEEDS_NOTIFICATIONS,
      use: {
        ...devices['Desktop Chrome'],
        channel: undefined,
        launchOptions: fullChromium,
      },
    },
    // PERF-03 and PERF-08 measure a page's blocking time: alone on the machine, after the rest
    // (scripts/lib/test-plan.mjs's PLAYWRIGHT_PHASES; docs/decisions/0037's addendum 6). In the headless
    // shell too: the full browser's own processes (a window and its WebUI renderers per context) ran beside
    // the measured page on 2 cores, read the host 1,051–2,157 where the shell read 1,729–3,115, and failed
    // 3 of 5 tests on unchanged pages (docs/decisions/0057).
    { name: 'main-thread', testMatch: MAIN_THREAD_GUARDS, workers: 1, use: { ...devices['Desktop Chrome'], channel: undefined } },
  ],
  webServer: {
    command: 'node ../scripts/e2e-server.mjs',
    url: `${baseURL}/api/auth/validateToken`,
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: 'pipe',
    stderr: 'pipe',
    env: {
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: process.env.E2E_DATA_DIR,
      PUBLIC_URL: baseURL,
      NODE_ENV: 'test',
      LOG_LEVEL: 'warn',
      ...relaxedLimits,
      ...busyMachineDeadlines,
      // The production ring (RING_TIMEOUT_MS): a call a test answers is never missed because a busy
      // machine took long to reach "Atender". The tests that wait for a missed call run on a server of
      // their own that rings 15 s (`test.use({ ringTimeoutMs: 15_000 })`, support/fixtures.ts).
      CALL_RING_TIMEOUT_MS: '60000',
      GEOCODER_URL: NO_GEOCODER,
      MAP_TILE_URL: E2E_TILE_URL,
      PIX_WEBHOOK_SECRET,
      // CONDO-18: the gate's relay emulator listens on this machine (condominium-gate.spec.ts).
      GATE_ALLOWED_NETWORKS: '127.0.0.1/32',
    },
  },
});
