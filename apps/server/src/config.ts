import { z } from 'zod';
import { RING_TIMEOUT_MS } from '@toque/contracts/calls';

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

const envSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
    /** Loopback by default while the development secret is in use (SEC-06); every interface once JWT_SECRET is set. */
    HOST: z.string().optional(),
    PORT: z.coerce.number().int().min(0).max(65535).default(3000),
    DATA_DIR: z.string().default('./data'),
    DATABASE_URL: z.string().url().optional(),
    REDIS_URL: z.string().url().optional(),
    JWT_SECRET: z.string().min(16).optional(),
    JWT_TTL: z.string().default('30d'),
    SMTP_URL: z.string().optional(),
    MAIL_FROM: z.string().default('Toque <nao-responda@toque.app.br>'),
    PUBLIC_URL: z.string().url().optional(),
    WEB_DIST: z.string().optional(),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).optional(),
    /** Rate limits: requests per window. Tests and load runs may raise them. */
    RATE_LOGIN_PER_IP: z.coerce.number().int().positive().default(30),
    RATE_LOGIN_PER_EMAIL: z.coerce.number().int().positive().default(10),
    RATE_CODE_PER_IP: z.coerce.number().int().positive().default(10),
    RATE_WINDOW_MS: z.coerce.number().int().positive().default(15 * 60 * 1000),
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
    RATE_CALL_PER_TAG: z.coerce.number().int().positive().default(5),
    RATE_CALL_PER_IP: z.coerce.number().int().positive().default(10),
    RATE_CALL_WINDOW_MS: z.coerce.number().int().positive().default(10 * 60 * 1000),
    /** ICE (CALL-10): comma-separated URL lists; TURN credentials from coturn's shared secret. */
    STUN_URLS: z.string().default('stun:stun.l.google.com:19302'),
    TURN_URLS: z.string().optional(),
    TURN_SECRET: z.string().min(8).optional(),
    TURN_TTL_S: z.coerce.number().int().positive().default(3600),
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
    /** Reverse geocoding (CALL-09). */
    GEOCODER: z.enum(['nominatim', 'google']).default('nominatim'),
    GEOCODER_URL: z.string().url().optional(),
    GOOGLE_MAPS_KEY: z.string().optional(),
    RATE_GEOCODE_PER_IP: z.coerce.number().int().positive().default(30),
    RATE_GEOCODE_WINDOW_MS: z.coerce.number().int().positive().default(60 * 1000),
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
  jwtSecret: string;
  jwtTtl: string;
  smtpUrl: string | undefined;
  mailFrom: string;
  publicUrl: string;
  webDist: string | undefined;
  logLevel: string;
  trustProxy: boolean | string;
  rateLimits: { loginPerIp: number; loginPerEmail: number; codePerIp: number; windowMs: number };
  calls: {
    ringTimeoutMs: number;
    sweepIntervalMs: number;
    callerTokenTtlS: number;
    perTag: number;
    perIp: number;
    windowMs: number;
  };
  ice: { stunUrls: string[]; turnUrls: string[]; turnSecret: string | undefined; turnTtlS: number };
  push: {
    publicKey: string | undefined;
    privateKey: string | undefined;
    subject: string;
    /** Allowed endpoint hosts (`*.` = any subdomain) or exact origins (tests' own push service). */
    hosts: string[];
    maxPerUser: number;
  };
  socketsPerUser: number;
  metricsToken: string | undefined;
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
  return {
    env: e.NODE_ENV,
    host: e.HOST ?? (e.JWT_SECRET && e.JWT_SECRET !== DEV_JWT_SECRET ? '0.0.0.0' : '127.0.0.1'),
    port: e.PORT,
    dataDir: e.DATA_DIR,
    databaseUrl: e.DATABASE_URL,
    redisUrl: e.REDIS_URL,
    jwtSecret: e.JWT_SECRET ?? DEV_JWT_SECRET,
    jwtTtl: e.JWT_TTL,
    smtpUrl: e.SMTP_URL || undefined,
    mailFrom: e.MAIL_FROM,
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, ''),
    webDist: e.WEB_DIST,
    logLevel: e.LOG_LEVEL ?? (e.NODE_ENV === 'test' ? 'silent' : 'info'),
    trustProxy: parseTrustProxy(e.TRUST_PROXY),
    rateLimits: {
      loginPerIp: e.RATE_LOGIN_PER_IP,
      loginPerEmail: e.RATE_LOGIN_PER_EMAIL,
      codePerIp: e.RATE_CODE_PER_IP,
      windowMs: e.RATE_WINDOW_MS,
    },
    calls: {
      ringTimeoutMs: e.CALL_RING_TIMEOUT_MS,
      sweepIntervalMs: e.CALL_SWEEP_INTERVAL_MS,
      callerTokenTtlS: e.CALLER_TOKEN_TTL_S,
      perTag: e.RATE_CALL_PER_TAG,
      perIp: e.RATE_CALL_PER_IP,
      windowMs: e.RATE_CALL_WINDOW_MS,
    },
    ice: { stunUrls: list(e.STUN_URLS), turnUrls: list(e.TURN_URLS), turnSecret: e.TURN_SECRET, turnTtlS: e.TURN_TTL_S },
    push: {
      publicKey: e.VAPID_PUBLIC_KEY,
      privateKey: e.VAPID_PRIVATE_KEY,
      subject: e.VAPID_SUBJECT,
      hosts: list(e.PUSH_HOSTS).map((h) => h.toLowerCase()),
      maxPerUser: e.PUSH_MAX_PER_USER,
    },
    socketsPerUser: e.SOCKETS_PER_USER,
    metricsToken: e.METRICS_TOKEN,
    geocoder: {
      provider: e.GEOCODER,
      url: (e.GEOCODER_URL ?? (e.GEOCODER === 'google' ? 'https://maps.googleapis.com' : 'https://nominatim.openstreetmap.org')).replace(/\/$/, ''),
      googleKey: e.GOOGLE_MAPS_KEY,
      perIp: e.RATE_GEOCODE_PER_IP,
      windowMs: e.RATE_GEOCODE_WINDOW_MS,
    },
  };
}
