import { timingSafeEqual } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { Redis } from 'ioredis';
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import { apiMsg } from '@toque/contracts/messages';
import { errorResponse } from '@toque/contracts/errors';
import { Forbidden, Unauthorized } from '../../errors';
import { bearerToken } from '../../plugins/auth';

/** A dependency that does not answer within this long counts as down: an orchestrator must not wait. */
const CHECK_TIMEOUT_MS = 1_000;

const health = z.object({ status: z.literal('ok') });
const readiness = z.object({
  status: z.enum(['ok', 'unavailable']),
  checks: z.record(z.string(), z.enum(['ok', 'down'])),
});

function withTimeout<T>(work: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error('timed out')), CHECK_TIMEOUT_MS);
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}

const LOOPBACK = new Set(['127.0.0.1', '::1', '::ffff:127.0.0.1']);

function sameSecret(a: string, b: string) {
  const ab = Buffer.from(a);
  const bb = Buffer.from(b);
  return ab.length === bb.length && timingSafeEqual(ab, bb);
}

/**
 * REL-03 and what an operator watches: liveness, readiness and Prometheus metrics. Health and
 * readiness are public (they say nothing but up or down); metrics only to a scraper on this host
 * or one holding a token.
 */
export const observabilityRoutes: FastifyPluginAsyncZod<{ operatorToken: string; metricsToken: string | undefined }> = async (
  app,
  opts,
) => {
  // A client of its own, failing fast: no offline queue, so a command to a Redis that is down
  // fails at once instead of waiting for a reconnection.
  const redis = app.config.redisUrl
    ? new Redis(app.config.redisUrl, {
        enableOfflineQueue: false,
        maxRetriesPerRequest: 0,
        connectTimeout: CHECK_TIMEOUT_MS,
        retryStrategy: (attempt) => Math.min(attempt * 200, 2_000),
      })
    : undefined;
  redis?.on('error', (err) => app.log.debug({ err }, 'readiness redis error'));
  app.addHook('onClose', async () => {
    redis?.disconnect();
  });

  app.get('/health', { schema: { tags: ['operations'], response: { 200: health } } }, async () => ({ status: 'ok' as const }));

  app.get(
    '/ready',
    { schema: { tags: ['operations'], response: { 200: readiness, 503: readiness } } },
    async (_request, reply) => {
      const checks: Record<string, 'ok' | 'down'> = {};
      const probe = async (name: string, work: () => Promise<unknown>) => {
        checks[name] = await withTimeout(work()).then(
          () => 'ok' as const,
          () => 'down' as const,
        );
      };
      await Promise.all([
        probe('database', () => app.db.execute(sql`select 1`)),
        ...(redis ? [probe('redis', () => redis.ping())] : []),
      ]);
      // A process that is shutting down takes no new work (OPS-04).
      if (app.draining()) checks.process = 'down';
      const ok = Object.values(checks).every((c) => c === 'ok');
      return reply.status(ok ? 200 : 503).send({ status: ok ? 'ok' : 'unavailable', checks });
    },
  );

  /**
   * A scrape from this host itself (not relayed by a proxy, which would add X-Forwarded-For), or
   * one carrying the operator token or METRICS_TOKEN as a bearer token or X-Operator-Token.
   */
  function allowMetrics(request: FastifyRequest) {
    const relayed = request.headers['x-forwarded-for'] !== undefined || request.headers.forwarded !== undefined;
    if (LOOPBACK.has(request.socket.remoteAddress ?? '') && !relayed) return;
    const header = request.headers['x-operator-token'];
    const given = bearerToken(request.headers.authorization) ?? (typeof header === 'string' ? header : null);
    if (!given) throw new Unauthorized(apiMsg.unauthorized);
    const tokens = [opts.operatorToken, opts.metricsToken].filter((t): t is string => !!t);
    if (!tokens.some((t) => sameSecret(given, t))) throw new Forbidden(apiMsg.forbidden);
  }

  app.get('/metrics', { schema: { hide: true, response: { 200: z.string(), 401: errorResponse, 403: errorResponse } }, preHandler: async (request) => allowMetrics(request) }, async (_request, reply) => {
    const body = await app.metrics.registry.metrics();
    return reply.header('cache-control', 'no-store').type(app.metrics.registry.contentType).send(body);
  });
};
