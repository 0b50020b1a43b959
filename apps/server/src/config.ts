import { z } from 'zod';

const DEV_JWT_SECRET = 'toque-development-secret-change-me';

const envSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
    HOST: z.string().default('0.0.0.0'),
    PORT: z.coerce.number().int().min(0).max(65535).default(3000),
    DATA_DIR: z.string().default('./data'),
    DATABASE_URL: z.string().url().optional(),
    REDIS_URL: z.string().url().optional(),
    JWT_SECRET: z.string().min(16).optional(),
    JWT_TTL: z.string().default('30d'),
    SMTP_URL: z.string().optional(),
    MAIL_FROM: z.string().default('Toque <nao-responda@toque.app.br>'),
    PUBLIC_URL: z.string().url().default('http://localhost:3000'),
    WEB_DIST: z.string().optional(),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).optional(),
    /** Rate limits: requests per window. Tests and load runs may raise them. */
    RATE_LOGIN_PER_IP: z.coerce.number().int().positive().default(30),
    RATE_LOGIN_PER_EMAIL: z.coerce.number().int().positive().default(10),
    RATE_CODE_PER_IP: z.coerce.number().int().positive().default(10),
    RATE_WINDOW_MS: z.coerce.number().int().positive().default(15 * 60 * 1000),
  })
  .superRefine((env, ctx) => {
    if (env.NODE_ENV === 'production' && !env.JWT_SECRET) {
      ctx.addIssue({ code: 'custom', path: ['JWT_SECRET'], message: 'JWT_SECRET is required when NODE_ENV=production' });
    }
  });

export type Env = z.input<typeof envSchema>;

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
  rateLimits: { loginPerIp: number; loginPerEmail: number; codePerIp: number; windowMs: number };
}

/** The only reader of process.env: validates once and returns a typed config. */
export function loadConfig(source: Record<string, string | undefined> = process.env): Config {
  const parsed = envSchema.safeParse(source);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`).join('\n');
    throw new Error(`Invalid configuration:\n${lines}`);
  }
  const e = parsed.data;
  return {
    env: e.NODE_ENV,
    host: e.HOST,
    port: e.PORT,
    dataDir: e.DATA_DIR,
    databaseUrl: e.DATABASE_URL,
    redisUrl: e.REDIS_URL,
    jwtSecret: e.JWT_SECRET ?? DEV_JWT_SECRET,
    jwtTtl: e.JWT_TTL,
    smtpUrl: e.SMTP_URL || undefined,
    mailFrom: e.MAIL_FROM,
    publicUrl: e.PUBLIC_URL.replace(/\/$/, ''),
    webDist: e.WEB_DIST,
    logLevel: e.LOG_LEVEL ?? (e.NODE_ENV === 'test' ? 'silent' : 'info'),
    rateLimits: {
      loginPerIp: e.RATE_LOGIN_PER_IP,
      loginPerEmail: e.RATE_LOGIN_PER_EMAIL,
      codePerIp: e.RATE_CODE_PER_IP,
      windowMs: e.RATE_WINDOW_MS,
    },
  };
}
