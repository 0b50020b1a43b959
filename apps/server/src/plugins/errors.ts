import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { apiMsg } from '@toque/contracts/messages';
import { HttpError } from '../errors';

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
