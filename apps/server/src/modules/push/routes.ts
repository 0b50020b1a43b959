import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { messageResponse } from '@toque/contracts/auth';
import { errorResponse } from '@toque/contracts/errors';
import { replyMsg } from '@toque/contracts/messages';
import { pushSubscribeBody, vapidPublicKeyResponse } from '@toque/contracts/push';
import { currentUser } from '../../plugins/auth';

const errors = { 400: errorResponse, 401: errorResponse };

/** Web Push subscriptions of the owner's browsers (CALL-03). */
export const pushRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/push/vapid-public-key',
    { schema: { tags: ['push'], response: { 200: vapidPublicKeyResponse } } },
    async () => ({ publicKey: app.push.publicKey }),
  );

  app.post(
    '/push/subscribe',
    {
      // Before the body is read: a stranger gets 401 whatever they send, never a schema's 400 (SEC-02).
      onRequest: app.authenticate,
      schema: { tags: ['push'], security: [{ bearer: [] }], body: pushSubscribeBody, response: { 201: messageResponse, ...errors } },
    },
    async (request, reply) => {
      await app.push.subscribe(currentUser(request).id, request.body);
      return reply.status(201).send({ message: replyMsg.pushEnabled });
    },
  );
};
