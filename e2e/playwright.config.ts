import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defineConfig, devices } from '@playwright/test';

const port = Number(process.env.E2E_PORT ?? 3100);
// One fresh embedded database per run (or the PostgreSQL of DATABASE_URL, as CI sets it).
process.env.E2E_DATA_DIR ??= join(mkdtempSync(join(tmpdir(), 'toque-e2e-')), 'data');
export const baseURL = `http://127.0.0.1:${port}`;

const chromiumArgs = [
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-quic',
  '--no-first-run',
  '--use-fake-device-for-media-stream',
  '--use-fake-ui-for-media-stream',
  '--allow-loopback-in-peer-connection',
];

export default defineConfig({
  testDir: '.',
  testMatch: /.*\.spec\.ts$/,
  fullyParallel: true,
  workers: process.env.CI ? 2 : 2,
  retries: 0,
  timeout: 30_000,
  expect: { timeout: 7_000 },
  reporter: [['list'], ['json', { outputFile: '../test-results/e2e.json' }]],
  use: {
    baseURL,
    locale: 'pt-BR',
    timezoneId: 'America/Sao_Paulo',
    trace: 'retain-on-failure',
    launchOptions: { executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium', args: chromiumArgs },
  },
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'], channel: undefined } }],
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
      // Many tests log in from one address; the limits themselves are proved in the API suite.
      RATE_LOGIN_PER_IP: '100000',
      RATE_LOGIN_PER_EMAIL: '1000',
      RATE_CODE_PER_IP: '100000',
      RATE_CODE_PER_ACCOUNT: '100000',
      RATE_REGISTER_PER_IP: '100000',
      RATE_CLAIM_PER_IP: '100000',
      RATE_TAG_VIEW_PER_IP: '100000',
      // The call specs make many calls from one address to a few tags; a missed call takes this long.
      RATE_CALL_PER_TAG: '100000',
      RATE_CALL_PER_IP: '100000',
      RATE_CALL_RINGING_PER_TAG: '100000',
      // FIND-01: the per tag and address alert throttle stays as in production (scan-alerts.spec.ts proves it).
      RATE_SCAN_ALERTS_PER_TAG: '100000',
      RATE_SCAN_LOCATIONS_PER_TAG: '100000',
      CALL_RING_TIMEOUT_MS: '15000',
      // No geocoder is reachable from the tests: the address label shows its error (call-video.spec.ts).
      GEOCODER_URL: 'http://127.0.0.1:9',
    },
  },
});
