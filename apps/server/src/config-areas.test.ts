import { describe, expect, test } from 'vitest';
import { loadConfig } from './config';

/** 48 random-looking characters: what `openssl rand -base64 36` gives. */
const STRONG = 'q8Zt3vN1xR7pL0wK5mB2yC9dF4hJ6gS-eA8uT1iO3nV7cX5z';

/**
 * Representative environments: the defaults, a development machine, and a production deploy that sets
 * nearly every variable. ARGON2_CONCURRENCY is pinned, since its default is the CPU count.
 */
const environments: Record<string, Record<string, string>> = {
  defaults: { ARGON2_CONCURRENCY: '2' },
  development: {
    ARGON2_CONCURRENCY: '4',
    NODE_ENV: 'test',
    PORT: '3600',
    DATA_DIR: 'memory://',
    RATE_LOGIN_PER_IP: '1000',
    RATE_CALL_PER_TAG: '50',
    PUSH_HOSTS: 'http://127.0.0.1:9000, Push.Example.com',
    GEOCODER_URL: 'http://127.0.0.1:9001/',
  },
  production: {
    NODE_ENV: 'production',
    HOST: '0.0.0.0',
    PORT: '8080',
    DATA_DIR: '/var/lib/toque',
    DATABASE_URL: 'postgres://toque:x@db:5432/toque',
    REDIS_URL: 'redis://cache:6379',
    RATE_REDIS_URL: 'redis://limits:6379/2',
    JWT_SECRET: STRONG,
    JWT_ACCEPTED_SECRETS: `${STRONG}, ${STRONG.split('').reverse().join('')}`,
    JWT_TTL: '7d',
    SMTP_URL: 'smtps://user:pass@mail.example.com:465',
    MAIL_FROM: 'Toque <oi@toque.example>',
    MAIL_POLL_MS: '1000',
    MAIL_RETRY_BASE_MS: '2000',
    MAIL_RETRY_MAX_MS: '3000',
    MAIL_MAX_ATTEMPTS: '4',
    MAIL_LEASE_MS: '5000',
    PUBLIC_URL: 'https://toque.example/',
    WEB_DIST: '/srv/web',
    LOG_LEVEL: 'warn',
    RATE_LOGIN_PER_IP: '31',
    RATE_LOGIN_PER_EMAIL: '11',
    RATE_CODE_PER_IP: '12',
    RATE_CODE_PER_ACCOUNT: '6',
    RATE_REGISTER_PER_IP: '13',
    RATE_CLAIM_PER_IP: '32',
    RATE_EXPORT_PER_ACCOUNT: '7',
    RATE_WINDOW_MS: '60000',
    RATE_TAG_VIEW_PER_IP: '61',
    RATE_TAG_VIEW_WINDOW_MS: '61000',
    ARGON2_CONCURRENCY: '3',
    ARGON2_QUEUE: '0',
    TRUST_PROXY: '172.28.0.10',
    PIX_WEBHOOK_REQUIRE_MTLS: 'true',
    CALL_RING_TIMEOUT_MS: '45000',
    CALL_SWEEP_INTERVAL_MS: '31000',
    CALLER_TOKEN_TTL_S: '600',
    RATE_CALL_PER_TAG: '6',
    RATE_CALL_PER_IP: '11',
    RATE_CALL_RINGING_PER_TAG: '12',
    RATE_CALL_WINDOW_MS: '120000',
    STUN_URLS: 'stun:a.example:3478, stun:b.example:3478',
    TURN_URLS: 'turn:turn.example:3478?transport=udp,turns:turn.example:5349',
    TURN_SECRET: 'turn-secret-123',
    TURN_TTL_S: '1800',
    FINDER_DATA_RETENTION_DAYS: '20',
    FINDER_IP_RETENTION_DAYS: '40',
    FINDER_DATA_PURGE_INTERVAL_MS: '120000',
    VAPID_PUBLIC_KEY: 'public-key',
    VAPID_PRIVATE_KEY: 'private-key',
    VAPID_SUBJECT: 'mailto:ops@toque.example',
    PUSH_HOSTS: 'fcm.googleapis.com,*.Push.Apple.com',
    PUSH_MAX_PER_USER: '7',
    METRICS_TOKEN: 'metrics-token-0123456789',
    SOCKETS_PER_USER: '20',
    SOCKET_EVENTS_PER_10S: '300',
    SHUTDOWN_TIMEOUT_MS: '15000',
    GOOGLE_CLIENT_ID: 'toque-web.apps.googleusercontent.com',
    GOOGLE_CLIENT_SECRET: 'google-client-secret',
    MAP_TILE_URL: 'https://tiles.toque.example/{z}/{x}/{y}.png',
    MAP_TILE_ATTRIBUTION: '&copy; OpenStreetMap, Toque',
    GEOCODER: 'google',
    GOOGLE_MAPS_KEY: 'maps-key',
    RATE_GEOCODE_PER_IP: '31',
    RATE_GEOCODE_WINDOW_MS: '62000',
    SCAN_ALERT_WINDOW_MS: '300001',
    RATE_SCAN_ALERTS_PER_TAG: '21',
    RATE_SCAN_LOCATIONS_PER_TAG: '6',
    RATE_PHOTO_PER_ACCOUNT: '21',
    RATE_PHOTO_PER_IP: '33',
    PHOTO_WORKERS: '2',
    PHOTO_QUEUE: '8',
    PHOTO_TIMEOUT_MS: '12000',
    PHOTO_WORKER_HEAP_MB: '96',
  },
};

/** Bad values, one or several at once: the start stops with the same text as before the areas split. */
const badEnvironments: Record<string, Record<string, string>> = {
  'a number out of range': { PORT: '70000', RATE_LOGIN_PER_IP: '0', PUSH_MAX_PER_USER: '101' },
  'a word where a number goes': { MAIL_POLL_MS: 'soon', TURN_TTL_S: '1.5' },
  'unknown enum values': { NODE_ENV: 'staging', LOG_LEVEL: 'loud', GEOCODER: 'bing' },
  'malformed URLs': { DATABASE_URL: 'mysql://db', REDIS_URL: '127.0.0.1:6379', SMTP_URL: 'x', PUBLIC_URL: 'toque', MAP_TILE_URL: 'https://tiles.example/tile.png' },
  'pairs set halfway': { TURN_URLS: 'turn:a.example', VAPID_PUBLIC_KEY: 'k', GEOCODER: 'google', GOOGLE_CLIENT_ID: 'id-only' },
  'short secrets': { JWT_SECRET: 'short', TURN_SECRET: 'abc', METRICS_TOKEN: 'tiny', TURN_URLS: 'turn:a' },
  'production without a secret': { NODE_ENV: 'production', PUSH_HOSTS: 'http://127.0.0.1:9000' },
  'production with weak secrets': {
    NODE_ENV: 'production',
    JWT_SECRET: 'x'.repeat(40),
    JWT_ACCEPTED_SECRETS: 'weak-one-0123456789,ab',
  },
  'a public host with the development secret': { HOST: '0.0.0.0' },
  'a bad number beside a pair set halfway': { PORT: 'x', VAPID_PUBLIC_KEY: 'k' },
  'one bad variable': { SMTP_URL: 'http://mail.example.com' },
  'the webhook behind mutual TLS with every peer trusted': { PIX_WEBHOOK_REQUIRE_MTLS: 'true', TRUST_PROXY: 'true' },
};

/**
 * The message, its issue lines sorted: several bad variables are listed area by area, so their order may
 * follow the areas; each line's text may not change.
 */
function errorOf(env: Record<string, string>): string {
  try {
    loadConfig(env);
  } catch (error) {
    const [title = '', ...issues] = (error as Error).message.split('\n');
    return [title, ...issues.sort()].join('\n');
  }
  throw new Error('expected loadConfig to throw');
}

describe('loadConfig by areas', () => {
  test('[DEV-01] one schema per area gives the same config as the single schema did, for representative environments', () => {
    for (const [name, env] of Object.entries(environments)) {
      expect(loadConfig(env), name).toMatchSnapshot(name);
    }
  });

  test('[DEV-01] a bad value stops the start with the same message as before', () => {
    for (const [name, env] of Object.entries(badEnvironments)) {
      expect(errorOf(env), name).toMatchSnapshot(name);
    }
  });
});
