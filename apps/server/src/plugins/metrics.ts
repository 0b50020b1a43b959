import fp from 'fastify-plugin';
import { Counter, Histogram, Registry, collectDefaultMetrics } from 'prom-client';

type CallEvent = 'ringing' | 'answered' | 'missed';

/** What the app counts for Prometheus (GET /api/metrics). Every helper is cheap and never throws. */
interface Metrics {
  registry: Registry;
  /** A call started ringing, was answered, or rang out (CALL-03, CALL-07). */
  call(event: CallEvent): void;
  /** A rate limit refused a request; `rule` names the limit (e.g. 'login-ip'). */
  limiterHit(rule: string): void;
  /** A mail entered the queue, went out, or failed for good. */
  mail(outcome: 'queued' | 'sent' | 'failed'): void;
  /** Anything else worth a counter: `toque_events_total{event}`. */
  count(event: string): void;
}

declare module 'fastify' {
  interface FastifyInstance {
    metrics: Metrics;
  }
}

/**
 * prom-client on a registry of this app's own (tests build several apps in one process, and the
 * global registry refuses a metric registered twice): Node's default metrics, every HTTP answer
 * counted and timed by route pattern (never the raw URL: codes and ids would explode the labels).
 */
export const metricsPlugin = fp(async (app) => {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const labelNames = ['method', 'route', 'status'] as const;
  const requests = new Counter({ name: 'toque_http_requests_total', help: 'HTTP answers', labelNames, registers: [registry] });
  const latency = new Histogram({
    name: 'toque_http_request_duration_seconds',
    help: 'Time to answer an HTTP request',
    labelNames,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });
  const calls = new Counter({ name: 'toque_calls_total', help: 'Call transitions', labelNames: ['event'], registers: [registry] });
  const limiter = new Counter({ name: 'toque_rate_limit_hits_total', help: 'Requests refused by a rate limit', labelNames: ['rule'], registers: [registry] });
  const mails = new Counter({ name: 'toque_mails_total', help: 'Mails by outcome', labelNames: ['outcome'], registers: [registry] });
  const events = new Counter({ name: 'toque_events_total', help: 'Other counted events', labelNames: ['event'], registers: [registry] });
  // Zero series from the start, so a dashboard's rate() has a baseline before the first call.
  for (const event of ['ringing', 'answered', 'missed']) calls.inc({ event }, 0);
  for (const outcome of ['queued', 'sent', 'failed']) mails.inc({ outcome }, 0);

  app.decorate('metrics', {
    registry,
    call: (event) => calls.inc({ event }),
    limiterHit: (rule) => limiter.inc({ rule }),
    mail: (outcome) => mails.inc({ outcome }),
    count: (event) => events.inc({ event }),
  } satisfies Metrics);

  app.addHook('onResponse', async (request, reply) => {
    const labels = {
      method: request.method,
      // Unmatched URLs (scanners, typos) share one label.
      route: request.routeOptions.url ?? 'unmatched',
      status: String(reply.statusCode),
    };
    requests.inc(labels);
    latency.observe(labels, reply.elapsedTime / 1000);
  });
});
