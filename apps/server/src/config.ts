import { availableParallelism } from 'node:os';
import { z } from 'zod';
import { RING_TIMEOUT_MS } from '@toque/contracts/calls';
import { FINDER_IP_RETENTION_DAYS, FINDER_LOCATION_RETENTION_DAYS } from '@toque/contracts/constants';

const DEV_JWT_SECRET = 'toque-development-secret-change-me';

/** The push services browsers subscribe to (SEC-06): `*.` matches any subdomain. */
const DEFAULT_PUSH_HOSTS = [
  'fcm.googleapis.com',
  '*.push.services.mozilla.com',
  '*.notify.windows.com',
  'web.push.apple.com',
  '*.push.apple.com',
].join(',');

/** An interface only this machine reaches: the published development secret is harmless there. */
export function isLoopbackHost(host: string): boolean {
  const h = host.replace(/^\[|\]$/g, '').toLowerCase();
  return h === 'localhost' || h === '::1' || /^(::ffff:)?127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(h);
}

/** OPS-02: the shortest JWT secret production accepts, and what makes one guessable. */
const PRODUCTION_SECRET_MIN = 32;
function isWeakSecret(secret: string): boolean {
  return secret === DEV_JWT_SECRET || secret.length < PRODUCTION_SECRET_MIN || new Set(secret).size < 10;
}

/** A URL of one of these schemes (OPS-02: a typo stops the start, naming the variable). */
function urlOf(protocols: string[], expected: string) {
  return z.string().refine((value) => {
    try {
      return protocols.includes(new URL(value).protocol);
    } catch {
      return false;
    }
  }, `must be ${expected}`);
}

const envSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
    /** Loopback by default while the development secret is in use (SEC-06); every interface once JWT_SECRET is set. */
    HOST: z.string().optional(),
    PORT: z.coerce.number().int().min(0).max(65535).default(3000),
    DATA_DIR: z.string().default('./data'),
    DATABASE_URL: urlOf(['postgres:', 'postgresql:'], 'a PostgreSQL URL: postgres://user:password@host:5432/database').optional(),
    REDIS_URL: urlOf(['redis:', 'rediss:'], 'a Redis URL: redis://host:6379').optional(),
    /** The rate limits' Redis when it is not REDIS_URL's (a Redis of their own, or tests). */
    RATE_REDIS_URL: z.string().url().optional(),
    JWT_SECRET: z.string().min(16).optional(),
    /**
     * OPS-06: secrets still accepted for tokens but never used to sign, comma-separated — a rotation
     * without signing everybody out (docs/operations.md, 'Rotating secrets').
     */
    JWT_ACCEPTED_SECRETS: z.string().optional(),
    JWT_TTL: z.string().default('30d'),
    SMTP_URL: urlOf(['smtp:', 'smtps:'], 'an SMTP URL: smtp://user:password@host:587').optional(),
    MAIL_FROM: z.string().default('Toque <nao-responda@toque.app.br>'),
    /** The SMTP mail queue (REL-03): poll interval, backoff, tries, and how long a claimed mail stays taken. */
    MAIL_POLL_MS: z.coerce.number().int().positive().default(5_000),
    MAIL_RETRY_BASE_MS: z.coerce.number().int().positive().default(30_000),
    MAIL_RETRY_MAX_MS: z.coerce.number().int().positive().default(60 * 60 * 1000),
    MAIL_MAX_ATTEMPTS: z.coerce.number().int().positive().default(12),
    MAIL_LEASE_MS: z.coerce.number().int().positive().default(5 * 60 * 1000),
    PUBLIC_URL: z.string().url().optional(),
    WEB_DIST: z.string().optional(),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).optional(),
    /**
     * Rate limits (SEC-01, SEC-05): requests per window, counted per client address (an IPv4
     * address or an IPv6 /64) and, where it says so, per account. Tests and load runs may raise them.
     */
    /** Login attempts per address. */
    RATE_LOGIN_PER_IP: z.coerce.number().int().positive().default(30),
    /** Failed logins per e-mail *from one address*: a stranger elsewhere cannot lock the owner out. */
    RATE_LOGIN_PER_EMAIL: z.coerce.number().int().positive().default(10),
    /** Reset codes asked per address (generate-code); reset-password takes three times as many. */
    RATE_CODE_PER_IP: z.coerce.number().int().positive().default(10),
    /** Reset codes asked per account, whatever the address; reset-password takes three times as many. */
    RATE_CODE_PER_ACCOUNT: z.coerce.number().int().positive().default(5),
    /** Accounts created (registration, onboarding) per address. */
    RATE_REGISTER_PER_IP: z.coerce.number().int().positive().default(10),
    /** Code claims (associate, onboarding) per address: the printed codes cannot be swept. */
    RATE_CLAIM_PER_IP: z.coerce.number().int().positive().default(30),
    /** ACC-03: data exports per account. */
    RATE_EXPORT_PER_ACCOUNT: z.coerce.number().int().positive().default(5),
    RATE_WINDOW_MS: z.coerce.number().int().positive().default(15 * 60 * 1000),
    /** The finder's public view of a tag, per address. */
    RATE_TAG_VIEW_PER_IP: z.coerce.number().int().positive().default(60),
    RATE_TAG_VIEW_WINDOW_MS: z.coerce.number().int().positive().default(60 * 1000),
    /** Argon2 work (SEC-05): hashes at once (default: the CPU count) and jobs allowed to wait for one. */
    ARGON2_CONCURRENCY: z.coerce.number().int().positive().optional(),
    ARGON2_QUEUE: z.coerce.number().int().nonnegative().optional(),
    /**
     * Peers whose X-Forwarded-For is believed (it becomes the address the rate limits count):
     * `true`, or addresses and ranges (`loopback`, `uniquelocal`, `10.0.0.0/8`…).
     * Only a proxy on this host by default: trusting every peer lets any client forge its address.
     */
    TRUST_PROXY: z.string().default('loopback'),
    /** The call (CALL-03, CALL-07, CALL-08): ring timeout, finder limits, caller token lifetime. */
    CALL_RING_TIMEOUT_MS: z.coerce.number().int().positive().default(RING_TIMEOUT_MS),
    CALL_SWEEP_INTERVAL_MS: z.coerce.number().int().positive().default(30_000),
    CALLER_TOKEN_TTL_S: z.coerce.number().int().positive().default(15 * 60),
    /** Calls to one tag from one address (SEC-05: per tag *and* address, so a flood never silences a tag). */
    RATE_CALL_PER_TAG: z.coerce.number().int().positive().default(5),
    /** Calls from one address, whatever the tags. */
    RATE_CALL_PER_IP: z.coerce.number().int().positive().default(10),
    /** Calls ringing at once on one tag. Keep it above RATE_CALL_PER_TAG, so one address cannot fill it. */
    RATE_CALL_RINGING_PER_TAG: z.coerce.number().int().positive().default(10),
    RATE_CALL_WINDOW_MS: z.coerce.number().int().positive().default(10 * 60 * 1000),
    /** ICE (CALL-10): comma-separated URL lists; TURN credentials from coturn's shared secret. */
    STUN_URLS: z.string().default('stun:stun.l.google.com:19302'),
    TURN_URLS: z.string().optional(),
    TURN_SECRET: z.string().min(8).optional(),
    TURN_TTL_S: z.coerce.number().int().positive().default(3600),
    /**
     * SEC-07: days a call keeps the finder's location, and the finder's IP address; then a periodic
     * job clears them. The privacy policy states the defaults: change it together with these.
     */
    FINDER_DATA_RETENTION_DAYS: z.coerce.number().int().positive().default(FINDER_LOCATION_RETENTION_DAYS),
    FINDER_IP_RETENTION_DAYS: z.coerce.number().int().positive().default(FINDER_IP_RETENTION_DAYS),
    FINDER_DATA_PURGE_INTERVAL_MS: z.coerce.number().int().positive().default(60 * 60 * 1000),
    /** Web Push (CALL-03): generated once and stored in `settings` when not given. */
    VAPID_PUBLIC_KEY: z.string().optional(),
    VAPID_PRIVATE_KEY: z.string().optional(),
    VAPID_SUBJECT: z.string().default('mailto:suporte@toque.app.br'),
    /**
     * SEC-06: hosts a push endpoint may point at (https only), comma-separated, `*.` for subdomains.
     * An entry written as an origin (`http://127.0.0.1:8080`) allows exactly that origin: tests only.
     */
    PUSH_HOSTS: z.string().default(DEFAULT_PUSH_HOSTS),
    PUSH_MAX_PER_USER: z.coerce.number().int().positive().max(100).default(5),
    /** Open sockets one user may hold (tabs, phones); the oldest goes when a new one passes it. */
    /** A bearer token a remote Prometheus may scrape /api/metrics with (this host needs none). */
    METRICS_TOKEN: z.string().min(16).optional(),
    SOCKETS_PER_USER: z.coerce.number().int().positive().max(1000).default(10),
    /** Events one socket may send in 10 s (SEC-05); a call's signalling needs a few dozen. */
    SOCKET_EVENTS_PER_10S: z.coerce.number().int().positive().default(200),
    SHUTDOWN_TIMEOUT_MS: z.coerce.number().int().positive().default(10_000),
    /** Reverse geocoding (CALL-09). */
    GEOCODER: z.enum(['nominatim', 'google']).default('nominatim'),
    GEOCODER_URL: z.string().url().optional(),
    GOOGLE_MAPS_KEY: z.string().optional(),
    RATE_GEOCODE_PER_IP: z.coerce.number().int().positive().default(30),
    RATE_GEOCODE_WINDOW_MS: z.coerce.number().int().positive().default(60 * 1000),
    /**
     * Scan alerts (FIND-01): one alert per tag and address per window; at most RATE_SCAN_ALERTS_PER_TAG
     * per tag per window from all addresses (a lost tag's are never capped); positions shared per tag and address.
     */
    SCAN_ALERT_WINDOW_MS: z.coerce.number().int().positive().default(5 * 60 * 1000),
    RATE_SCAN_ALERTS_PER_TAG: z.coerce.number().int().positive().default(20),
    RATE_SCAN_LOCATIONS_PER_TAG: z.coerce.number().int().positive().default(5),
  })
  .superRefine((env, ctx) => {
    if (list(env.TURN_URLS).length > 0 && !env.TURN_SECRET) {
      ctx.addIssue({ code: 'custom', path: ['TURN_SECRET'], message: 'TURN_SECRET is required when TURN_URLS is set' });
    }
    if (!!env.VAPID_PUBLIC_KEY !== !!env.VAPID_PRIVATE_KEY) {
      ctx.addIssue({ code: 'custom', path: ['VAPID_PRIVATE_KEY'], message: 'set both VAPID keys or neither' });
    }
    if (env.GEOCODER === 'google' && !env.GOOGLE_MAPS_KEY) {
      ctx.addIssue({ code: 'custom', path: ['GOOGLE_MAPS_KEY'], message: 'GOOGLE_MAPS_KEY is required when GEOCODER=google' });
    }
    if (env.NODE_ENV === 'production' && !env.JWT_SECRET) {
      ctx.addIssue({ code: 'custom', path: ['JWT_SECRET'], message: 'JWT_SECRET is required when NODE_ENV=production' });
    } else if (env.NODE_ENV === 'production' && env.JWT_SECRET && isWeakSecret(env.JWT_SECRET)) {
      // OPS-02: a token signed with a guessable secret is anyone's session.
      ctx.addIssue({
        code: 'custom',
        path: ['JWT_SECRET'],
        message: `JWT_SECRET is weak: use at least ${PRODUCTION_SECRET_MIN} random characters (openssl rand -base64 48)`,
      });
    }
    for (const accepted of list(env.JWT_ACCEPTED_SECRETS)) {
      if (env.NODE_ENV === 'production' && isWeakSecret(accepted)) {
        ctx.addIssue({
          code: 'custom',
          path: ['JWT_ACCEPTED_SECRETS'],
          message: `JWT_ACCEPTED_SECRETS holds a weak secret: each needs at least ${PRODUCTION_SECRET_MIN} random characters`,
        });
      }
    }
    // SEC-06: the development secret is published in this repository; anyone could sign tokens with it.
    const publishedSecret = !env.JWT_SECRET || env.JWT_SECRET === DEV_JWT_SECRET;
    if (publishedSecret && env.HOST !== undefined && !isLoopbackHost(env.HOST)) {
      ctx.addIssue({
        code: 'custom',
        path: ['JWT_SECRET'],
        message: `JWT_SECRET must be set to a secret of your own to listen on ${env.HOST} (the development secret is public)`,
      });
    }
    if (env.NODE_ENV === 'production' && list(env.PUSH_HOSTS).some((h) => h.includes('://'))) {
      ctx.addIssue({ code: 'custom', path: ['PUSH_HOSTS'], message: 'PUSH_HOSTS takes host names only in production (https)' });
    }
  });

export type Env = z.input<typeof envSchema>;

/** Every variable the server reads (`.env.example` documents each one: test/config-example). */
export const configVariables = Object.keys(envSchema.shape);

function list(value: string | undefined): string[] {
  return (value ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
}

export interface Config {
  env: 'development' | 'production' | 'test';
  host: string;
  port: number;
  /** PGlite data directory; `memory://` for an in-memory database. Ignored when databaseUrl is set. */
  dataDir: string;
  databaseUrl: string | undefined;
  redisUrl: string | undefined;
  /** Where the rate limits count: RATE_REDIS_URL, else REDIS_URL, else this process's memory. */
  rateLimitRedisUrl: string | undefined;
  jwtSecret: string;
  /** Secrets that still verify tokens (a rotation in progress); jwtSecret signs. */
  jwtAcceptedSecrets: string[];
  jwtTtl: string;
  smtpUrl: string | undefined;
  mailFrom: string;
  mailQueue: { pollMs: number; retryBaseMs: number; retryMaxMs: number; maxAttempts: number; leaseMs: number };
  publicUrl: string;
  webDist: string | undefined;
  logLevel: string;
  trustProxy: boolean | string;
  rateLimits: {
    loginPerIp: number;
    /** Failed logins per e-mail and address. */
    loginPerEmail: number;
    codePerIp: number;
    codePerAccount: number;
    registerPerIp: number;
    claimPerIp: number;
    exportPerAccount: number;
    windowMs: number;
    tagViewPerIp: number;
    tagViewWindowMs: number;
  };
  argon2: { concurrency: number; queue: number };
  calls: {
    ringTimeoutMs: number;
    sweepIntervalMs: number;
    callerTokenTtlS: number;
    /** Calls per tag and address. */
    perTag: number;
    perIp: number;
    ringingPerTag: number;
    windowMs: number;
  };
  ice: { stunUrls: string[]; turnUrls: string[]; turnSecret: string | undefined; turnTtlS: number };
  retention: { locationDays: number; ipDays: number; purgeIntervalMs: number };
  push: {
    publicKey: string | undefined;
    privateKey: string | undefined;
    subject: string;
    /** Allowed endpoint hosts (`*.` = any subdomain) or exact origins (tests' own push service). */
    hosts: string[];
    maxPerUser: number;
  };
  socketsPerUser: number;
  socketEventsPer10s: number;
  /** OPS-04: how long a stopping process waits for requests in flight before it exits anyway. */
  shutdownTimeoutMs: number;
  metricsToken: string | undefined;
  scans: { windowMs: number; alertsPerTag: number; locationsPerTagAddress: number };
  geocoder: {
    provider: 'nominatim' | 'google';
    url: string;
    googleKey: string | undefined;
    perIp: number;
    windowMs: number;
  };
}

function parseTrustProxy(value: string): boolean | string {
  return value === 'true' || value === 'false' ? value === 'true' : value;
}

/** The only reader of process.env: validates once and returns a typed config. */
export function loadConfig(source: Record<string, string | undefined> = process.env): Config {
  // An empty variable counts as unset, as most tools treat it (`DATABASE_URL=` means PGlite).
  const present = Object.fromEntries(Object.entries(source).filter(([, value]) => value !== undefined && value.trim() !== ''));
  const parsed = envSchema.safeParse(present);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`).join('\n');
    throw new Error(`Invalid configuration:\n${lines}`);
  }
  const e = parsed.data;
  const concurrency = e.ARGON2_CONCURRENCY ?? availableParallelism();
  return {
    env: e.NODE_ENV,
    host: e.HOST ?? (e.JWT_SECRET && e.JWT_SECRET !== DEV_JWT_SECRET ? '0.0.0.0' : '127.0.0.1'),
    port: e.PORT,
    dataDir: e.DATA_DIR,
    databaseUrl: e.DATABASE_URL,
    redisUrl: e.REDIS_URL,
    rateLimitRedisUrl: e.RATE_REDIS_URL ?? e.REDIS_URL,
    jwtSecret: e.JWT_SECRET ?? DEV_JWT_SECRET,
    jwtAcceptedSecrets: list(e.JWT_ACCEPTED_SECRETS).filter((s) => s !== e.JWT_SECRET),
    jwtTtl: e.JWT_TTL,
    smtpUrl: e.SMTP_URL || undefined,
    mailFrom: e.MAIL_FROM,
    mailQueue: {
      pollMs: e.MAIL_POLL_MS,
      retryBaseMs: e.MAIL_RETRY_BASE_MS,
      retryMaxMs: e.MAIL_RETRY_MAX_MS,
      maxAttempts: e.MAIL_MAX_ATTEMPTS,
      leaseMs: e.MAIL_LEASE_MS,
    },
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, ''),
    webDist: e.WEB_DIST,
    logLevel: e.LOG_LEVEL ?? (e.NODE_ENV === 'test' ? 'silent' : 'info'),
    trustProxy: parseTrustProxy(e.TRUST_PROXY),
    rateLimits: {
      loginPerIp: e.RATE_LOGIN_PER_IP,
      loginPerEmail: e.RATE_LOGIN_PER_EMAIL,
      codePerIp: e.RATE_CODE_PER_IP,
      codePerAccount: e.RATE_CODE_PER_ACCOUNT,
      registerPerIp: e.RATE_REGISTER_PER_IP,
      claimPerIp: e.RATE_CLAIM_PER_IP,
      exportPerAccount: e.RATE_EXPORT_PER_ACCOUNT,
      windowMs: e.RATE_WINDOW_MS,
      tagViewPerIp: e.RATE_TAG_VIEW_PER_IP,
      tagViewWindowMs: e.RATE_TAG_VIEW_WINDOW_MS,
    },
    argon2: { concurrency, queue: e.ARGON2_QUEUE ?? 4 * concurrency },
    calls: {
      ringTimeoutMs: e.CALL_RING_TIMEOUT_MS,
      sweepIntervalMs: e.CALL_SWEEP_INTERVAL_MS,
      callerTokenTtlS: e.CALLER_TOKEN_TTL_S,
      perTag: e.RATE_CALL_PER_TAG,
      perIp: e.RATE_CALL_PER_IP,
      ringingPerTag: e.RATE_CALL_RINGING_PER_TAG,
      windowMs: e.RATE_CALL_WINDOW_MS,
    },
    ice: { stunUrls: list(e.STUN_URLS), turnUrls: list(e.TURN_URLS), turnSecret: e.TURN_SECRET, turnTtlS: e.TURN_TTL_S },
    retention: {
      locationDays: e.FINDER_DATA_RETENTION_DAYS,
      ipDays: e.FINDER_IP_RETENTION_DAYS,
      purgeIntervalMs: e.FINDER_DATA_PURGE_INTERVAL_MS,
    },
    push: {
      publicKey: e.VAPID_PUBLIC_KEY,
      privateKey: e.VAPID_PRIVATE_KEY,
      subject: e.VAPID_SUBJECT,
      hosts: list(e.PUSH_HOSTS).map((h) => h.toLowerCase()),
      maxPerUser: e.PUSH_MAX_PER_USER,
    },
    socketsPerUser: e.SOCKETS_PER_USER,
    socketEventsPer10s: e.SOCKET_EVENTS_PER_10S,
    shutdownTimeoutMs: e.SHUTDOWN_TIMEOUT_MS,
    metricsToken: e.METRICS_TOKEN,
    scans: {
      windowMs: e.SCAN_ALERT_WINDOW_MS,
      alertsPerTag: e.RATE_SCAN_ALERTS_PER_TAG,
      locationsPerTagAddress: e.RATE_SCAN_LOCATIONS_PER_TAG,
    },
    geocoder: {
      provider: e.GEOCODER,
      url: (e.GEOCODER_URL ?? (e.GEOCODER === 'google' ? 'https://maps.googleapis.com' : 'https://nominatim.openstreetmap.org')).replace(/\/$/, ''),
      googleKey: e.GOOGLE_MAPS_KEY,
      perIp: e.RATE_GEOCODE_PER_IP,
      windowMs: e.RATE_GEOCODE_WINDOW_MS,
    },
  };
}
