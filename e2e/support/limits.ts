/**
 * The one relaxed-limits environment every Toque server of the suite runs with (the main one in
 * playwright.config.ts and those the specs start): many tests log in, register, claim and call
 * from one address, to a few tags. The limits themselves are proved in the API suite; a spec that
 * proves one in the browser lowers it on its own server (deploy-restart.spec.ts).
 */
export const relaxedLimits: Readonly<Record<string, string>> = {
  RATE_LOGIN_PER_IP: '100000',
  RATE_LOGIN_PER_EMAIL: '100000',
  RATE_CODE_PER_IP: '100000',
  RATE_CODE_PER_ACCOUNT: '100000',
  RATE_REGISTER_PER_IP: '100000',
  RATE_CLAIM_PER_IP: '100000',
  RATE_TAG_VIEW_PER_IP: '100000',
  RATE_CALL_PER_TAG: '100000',
  RATE_CALL_PER_IP: '100000',
  RATE_CALL_RINGING_PER_TAG: '100000',
  // FIND-01: the per tag and address alert throttle itself stays as in production (scan-alerts.spec.ts proves it).
  RATE_SCAN_ALERTS_PER_TAG: '100000',
  RATE_SCAN_LOCATIONS_PER_TAG: '100000',
  ARGON2_QUEUE: '100000',
  // SEC-09: photo uploads per account and address (proved in the API suite, photo-work.test.ts).
  RATE_PHOTO_PER_ACCOUNT: '100000',
  RATE_PHOTO_PER_IP: '100000',
};

/** REL-06's deadlines on the suite's servers, the API suite's too (a loaded machine is not an outage). */
export { busyMachineDeadlines } from '../../apps/server/test/suite-deadlines';

/** No geocoder is reachable from the tests: the address label shows its handled error (call-video.spec.ts). */
export const NO_GEOCODER = 'http://127.0.0.1:9';

/**
 * The maps' tile server of every test server (MAP_TILE_URL, docs/decisions/0049): a name that never
 * resolves, so no test reaches a public tile server; support/console.ts answers its tiles with a blank
 * image, and a test that wants them to fail routes them itself (condominium-geofence.spec.ts).
 */
export const E2E_TILE_URL = 'https://tiles.toque.test/{z}/{x}/{y}.png';

/** FIN-04: the webhook secret of the e2e server; a test acts as the payment provider with it. */
export const PIX_WEBHOOK_SECRET = 'e2e-pix-webhook-secret-0123456789';
