import { z } from 'zod';
import { isLoopbackHost, ownSecret } from './secrets';
import type { Values } from './area';
import { positive } from './area';

/** The process, its HTTP listener and what an operator reaches it with. */
export const httpVariables = {
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  /** Loopback by default while the development secret is in use (SEC-06); every interface once JWT_SECRET is set. */
  HOST: z.string().optional(),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  PUBLIC_URL: z.string().url().optional(),
  WEB_DIST: z.string().optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).optional(),
  /**
   * Peers whose X-Forwarded-For is believed (it becomes the address the rate limits count):
   * `true`, or addresses and ranges (`loopback`, `uniquelocal`, `10.0.0.0/8`…).
   * Only a proxy on this host by default: trusting every peer lets any client forge its address.
   */
  TRUST_PROXY: z.string().default('loopback'),
  /** A bearer token a remote Prometheus may scrape /api/metrics with (this host needs none). */
  METRICS_TOKEN: z.string().min(16).optional(),
  SHUTDOWN_TIMEOUT_MS: positive(10_000),
};

/** The HTTP area reads JWT_SECRET (auth's) only to choose the default interface. */
type HttpValues = Values<typeof httpVariables> & { JWT_SECRET?: string | undefined };

function parseTrustProxy(value: string): boolean | string {
  return value === 'true' || value === 'false' ? value === 'true' : value;
}

export function httpConfig(e: HttpValues) {
  const logLevel: string = e.LOG_LEVEL ?? (e.NODE_ENV === 'test' ? 'silent' : 'info');
  return {
    env: e.NODE_ENV,
    host: e.HOST ?? (ownSecret(e.JWT_SECRET) ? '0.0.0.0' : '127.0.0.1'),
    port: e.PORT,
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, ''),
    webDist: e.WEB_DIST,
    logLevel,
    trustProxy: parseTrustProxy(e.TRUST_PROXY),
    metricsToken: e.METRICS_TOKEN,
    /** OPS-04: how long a stopping process waits for requests in flight before it exits anyway. */
    shutdownTimeoutMs: e.SHUTDOWN_TIMEOUT_MS,
  };
}

/** SEC-06: the development secret is published in this repository; anyone could sign tokens with it. */
export function checkHttp(e: HttpValues, ctx: z.RefinementCtx) {
  if (!ownSecret(e.JWT_SECRET) && e.HOST !== undefined && !isLoopbackHost(e.HOST)) {
    ctx.addIssue({
      code: 'custom',
      path: ['JWT_SECRET'],
      message: `JWT_SECRET must be set to a secret of your own to listen on ${e.HOST} (the development secret is public)`,
    });
  }
}
