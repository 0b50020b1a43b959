import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { apiMsg } from '@toque/contracts/messages';
import { DATABASE_RETRY_AFTER_S, HttpError } from '../errors';
import { isDatabaseUnavailable } from '../lib/pg-errors';
import { atMostEvery, WARN_INTERVAL_MS } from '../lib/throttle';

/** Zod's own English messages: a wrong type, a missing field, a bound the schema gave no text. */
const zodDefault = /^(Invalid\b|Too (big|small):|Unrecognized key)/;

interface FastifyishError {
  statusCode?: number;
  code?: string;
  message: string;
}

/**
 * The one path of errors (STYLE habit 4): typed service errors and validation failures become
 * `{ message }` with their status; anything else is a logged 500 whose internals never leave.
 */
export const errorsPlugin = fp(async (app) => {
  // REL-06: an outage fails every request at once; one line now and then says so, not one per request.
  const warnUnavailable = atMostEvery(WARN_INTERVAL_MS, (err: unknown) => app.log.warn({ err }, 'database unavailable: answering 503'));
  app.setErrorHandler((error, request, reply) => {
    if (error instanceof HttpError) {
      if (error.retryAfterS !== undefined) void reply.header('retry-after', String(error.retryAfterS));
      return reply.status(error.statusCode).send({ ...error.extra, message: error.message });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      // The first issue's message is the catalogue's Portuguese text when the schema gives one;
      // Zod's English defaults never reach a screen.
      const first = error.validation[0]?.message;
      return reply.status(400).send({ message: first && !zodDefault.test(first) ? first : apiMsg.validation });
    }
    if (isDatabaseUnavailable(error)) {
      // REL-06 (docs/decisions/0051): the database cannot be reached — a JSON 503 the client may retry, never a 500.
      warnUnavailable(error);
      return reply.status(503).header('retry-after', String(DATABASE_RETRY_AFTER_S)).send({ message: apiMsg.databaseUnavailable });
    }
    const e = error as FastifyishError;
    const status = e.statusCode ?? 500;
    if (status === 429) return reply.status(429).send({ message: apiMsg.tooManyRequests });
    if (status >= 400 && status < 500) {
      // Malformed JSON, wrong content type, body too large…: the client's fault, never a 5xx.
      return reply.status(status).send({ message: apiMsg.validation });
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.status(500).send({ message: apiMsg.internal });
  });
});
