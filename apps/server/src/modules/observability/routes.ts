import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import { errorResponse } from '@toque/contracts/errors';
import { ping } from '../../db/client';
import { requireLoopbackOrToken } from '../../lib/loopback-or-token';
import { createRedis, failFast } from '../../lib/redis';

/** A dependency that does not answer within this long counts as down: an orchestrator must not wait. */
const CHECK_TIMEOUT_MS = 1_000;

/** Liveness (the process answers: never restart it for a database outage, REL-06) and the database as last heard, without asking it. */
const health = z.object({ status: z.literal('ok'), database: z.enum(['ok', 'down']) });
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

/**
 * REL-03 and what an operator watches: liveness, readiness and Prometheus metrics. Health and
 * readiness are public (they say nothing but up or down); metrics only to a scraper on this host
 * or one holding a token.
 */
export const observabilityRoutes: FastifyPluginAsyncZod<{ operatorToken: string; metricsToken: string | undefined }> = async (
  app,
  opts,
) => {
  // A client of its own, failing fast: a command to a Redis that is down fails at once instead of
  // waiting for a reconnection.
  const redis = app.config.redisUrl
    ? createRedis(app.config.redisUrl, { ...failFast, connectTimeout: CHECK_TIMEOUT_MS }, (err) =>
        app.log.debug({ err }, 'readiness redis error'),
      )
    : undefined;
  app.addHook('onClose', async () => {
    redis?.disconnect();
  });

  app.get('/health', { schema: { tags: ['operations'], response: { 200: health } } }, async () => ({
    status: 'ok' as const,
    database: app.dbReachable() ? ('ok' as const) : ('down' as const),
  }));

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
        probe('database', () => ping(app.db)),
        ...(redis ? [probe('redis', () => redis.ping())] : []),
      ]);
      // A process that is shutting down takes no new work (OPS-04).
      if (app.draining()) checks.process = 'down';
      const ok = Object.values(checks).every((c) => c === 'ok');
      return reply.status(ok ? 200 : 503).send({ status: ok ? 'ok' : 'unavailable', checks });
    },
  );

  /** A scrape from this host itself, or one carrying the operator token or METRICS_TOKEN. */
  const allowMetrics = (request: FastifyRequest) => requireLoopbackOrToken(request, [opts.operatorToken, opts.metricsToken]);

  app.get('/metrics', { schema: { hide: true, response: { 200: z.string(), 401: errorResponse, 403: errorResponse } }, preHandler: async (request) => allowMetrics(request) }, async (_request, reply) => {
    const body = await app.metrics.registry.metrics();
    return reply.header('cache-control', 'no-store').type(app.metrics.registry.contentType).send(body);
  });
};
