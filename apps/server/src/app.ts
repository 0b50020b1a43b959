import { randomBytes } from 'node:crypto';
import Fastify, { type FastifyError, type FastifyInstance, type FastifyReply } from 'fastify';
import { validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { createSerializerCompiler } from './lib/serializer';
import type { Config } from './config';
import type { Database } from './db/client';
import { dbPlugin } from './plugins/db';
import { errorsPlugin } from './plugins/errors';
import { apiMsg } from '@toque/contracts/messages';
import { securityPlugin } from './plugins/security';
import { BadRequest } from './errors';
import { JSON_MAX_DEPTH, JSON_MAX_VALUES, jsonBeyond } from './lib/json-bounds';
import { metricsPlugin } from './plugins/metrics';
import { rateLimitPlugin } from './plugins/rate-limit';
import { argon2Queue } from './lib/passwords';
import { photoPool, type PhotoPool } from './lib/photo';
import { mailerPlugin } from './plugins/mailer';
import { authPlugin } from './plugins/auth';
import { docsPlugin } from './plugins/docs';
import { webPlugin } from './plugins/web';
import { authRoutes } from './modules/auth/routes';
import { publicConfigRoutes } from './modules/public-config/routes';
import { profileRoutes } from './modules/profile/routes';
import { accountRoutes } from './modules/account/routes';
import { operatorRoutes } from './modules/operator/routes';
import { productsRoutes } from './modules/products/routes';
import { callSettingsRoutes } from './modules/call-settings/routes';
import { medicalCardRoutes } from './modules/medical-card/routes';
import { realtimePlugin } from './plugins/realtime';
import { shutdownPlugin } from './plugins/shutdown';
import { sessionsPlugin } from './plugins/sessions';
import { pushPlugin } from './plugins/push';
import { callLifecycle } from './modules/calls/lifecycle';
import { finderDataRetention } from './modules/calls/retention';
import { planRemindersJob } from './modules/finance/reminders';
import { callsService } from './modules/calls/service';
import { callsSignalling } from './modules/calls/signalling';
import { callsRoutes } from './modules/calls/routes';
import { pushRoutes } from './modules/push/routes';
import { scansRoutes } from './modules/scans/routes';
import { scansService } from './modules/scans/service';
import { conversationsRoutes } from './modules/conversations/routes';
import { conversationsService } from './modules/conversations/service';
import { conversationsRetention } from './modules/conversations/retention';
import { doorRetention } from './modules/door/retention';
import { setConversationResolver } from './plugins/realtime';
import { testCallRoutes } from './modules/test-call/routes';
import { testCallService } from './modules/test-call/service';
import { geocodeRoutes } from './modules/geocode/routes';
import { condominiumRoutes } from './modules/condominium/routes';
import { doorRoutes } from './modules/door/routes';
import { doorService } from './modules/door/service';
import { gateController } from './modules/gate/controller';
import { gateRoutes } from './modules/gate/routes';
import { gateService } from './modules/gate/service';
import { adminRoutes } from './modules/admin/routes';
import { financeRoutes } from './modules/finance/routes';
import { observabilityRoutes } from './modules/observability/routes';
import { errorLog, REDACTED, redactPaths, requestLog } from './lib/log-safety';

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    operatorToken: string;
    /** SEC-09: photos are decoded here, in worker threads, never on the event loop (lib/photo.ts). */
    photos: PhotoPool;
  }
}

/** Builds the whole app on a database the caller opened (and closes). Tests use it as-is. */
export async function buildApp(config: Config, database: Database): Promise<FastifyInstance> {
  const app = Fastify({
    // OPS-05: JSON lines with a request id, and nothing secret in them (lib/log-safety.ts).
    logger: {
      level: config.logLevel,
      redact: { paths: redactPaths, censor: REDACTED },
      serializers: { req: requestLog, err: errorLog },
    },
    // SEC-01: only the configured proxies may say who the client is (the rate limits count it).
    trustProxy: config.trustProxy,
    // OPS-04: a stopping process answers every request it accepted (plugins/shutdown.ts), not 503.
    return503OnClosing: false,
    bodyLimit: 64 * 1024,
    // SEC-03: a URL the router refuses (a path parameter over 100 characters, a broken %-escape)
    // is the client's fault like any bad input: `{ message }`, not Fastify's English body.
    frameworkErrors: (error: FastifyError, _request: unknown, reply: FastifyReply) => {
      void reply.status(error.statusCode ?? 400).send({ message: apiMsg.validation });
    },
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  // SEC-09: a JSON body's nesting and values are counted before JSON.parse builds them (lib/json-bounds.ts);
  // Fastify's own parser (empty bodies, __proto__ refused) does the rest.
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    if (jsonBeyond(body as string, JSON_MAX_DEPTH, JSON_MAX_VALUES)) return done(new BadRequest(), undefined);
    void parseJson(request, body as string, done);
  });
  // PERF-01: compiled serialisers; the tests also hold every answer to its zod schema.
  app.setSerializerCompiler(createSerializerCompiler({ checkContracts: config.env === 'test' }));

  // SEC-05: Argon2 work is bounded per process; this process's configuration sizes the queue.
  argon2Queue.configure(config.argon2.concurrency, config.argon2.queue);

  app.decorate('config', config);
  const photos = photoPool(config.photos, (err) => app.log.error({ err }, 'photo worker failed'));
  app.decorate('photos', photos);
  app.addHook('onClose', () => photos.close());
  app.decorate('operatorToken', randomBytes(24).toString('base64url'));

  // External and cross-cutting plugins, then decorators of our own, then routes.
  // OPS-04: first to register, so its preClose (stop listening) runs before the others'.
  await app.register(shutdownPlugin);
  await app.register(errorsPlugin);
  await app.register(securityPlugin);
  await app.register(metricsPlugin);
  await app.register(docsPlugin);
  await app.register(dbPlugin, { database });
  await app.register(rateLimitPlugin, { config });
  await app.register(mailerPlugin, { smtpUrl: config.smtpUrl, from: config.mailFrom, queue: config.mailQueue });
  await app.register(authPlugin, { secret: config.jwtSecret, accepted: config.jwtAcceptedSecrets, ttl: config.jwtTtl });
  await app.register(realtimePlugin, {
    redisUrl: config.redisUrl,
    secrets: [config.jwtSecret, ...config.jwtAcceptedSecrets],
    socketsPerUser: config.socketsPerUser,
    eventsPerWindow: config.socketEventsPer10s,
  });
  await app.register(sessionsPlugin);
  await app.register(pushPlugin, { config: config.push });

  // The call: one lifecycle (timers, transitions) shared by its HTTP routes and its socket events.
  const calls = callLifecycle(app);
  callsSignalling(app.io, calls);
  finderDataRetention(app);
  planRemindersJob(app);
  // FIND-06: the finder's conversation socket is admitted by its token.
  const conversationService = conversationsService(app, calls.background);
  // FIND-13: the message after a missed call is a message of the finder's conversation.
  const callService = callsService(app, calls, conversationService);
  const scanService = scansService(app, calls.background);
  setConversationResolver(app.io, (token) => conversationService.socketConversation(token));
  conversationsRetention(app, conversationService);
  doorRetention(app);
  // CONDO-18: the gate's outbound client (its own guarded connection pool), closed with the app.
  const gate = gateController(config.gate.allowedNetworks, app.log);
  app.addHook('onClose', async () => gate.close());

  await app.register(
    async (api) => {
      await api.register(authRoutes, { secret: config.jwtSecret, logCodes: config.env === 'development' });
      await api.register(publicConfigRoutes);
      await api.register(profileRoutes);
      await api.register(accountRoutes);
      await api.register(productsRoutes);
      await api.register(callSettingsRoutes);
      await api.register(medicalCardRoutes);
      await api.register(financeRoutes);
      await api.register(operatorRoutes, { token: app.operatorToken });
      await api.register(callsRoutes, { service: callService });
      await api.register(pushRoutes);
      await api.register(scansRoutes, { service: scanService });
      await api.register(conversationsRoutes, { service: conversationService });
      await api.register(testCallRoutes, { service: testCallService(app, calls.background) });
      await api.register(geocodeRoutes);
      await api.register(condominiumRoutes);
      await api.register(doorRoutes, { service: doorService(app, calls.background) });
      await api.register(gateRoutes, { service: gateService(app, gate) });
      await api.register(adminRoutes);
      await api.register(observabilityRoutes, { operatorToken: app.operatorToken, metricsToken: config.metricsToken });
    },
    { prefix: '/api' },
  );

  // The finder's page /t/{code} shows the same view of the tag as the API (PERF-05).
  await app.register(webPlugin, { distDir: config.webDist, publicTag: (code) => callService.publicTag(code) });
  // OPS-04: the last preClose: nothing closes (database, Redis) before the last request has its answer.
  app.addHook('preClose', () => app.drained());
  return app;
}
