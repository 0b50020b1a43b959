import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { messageResponse } from '@toque/contracts/auth';
import { errorResponse } from '@toque/contracts/errors';
import { callMsg } from '@toque/contracts/messages';
import { pushSubscribeBody, vapidPublicKeyResponse } from '@toque/contracts/push';
import { pushSubscriptionsRepository as subscriptions } from '../../db/repositories/push-subscriptions';
import { BadRequest } from '../../errors';
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
      preHandler: app.authenticate,
      schema: { tags: ['push'], security: [{ bearer: [] }], body: pushSubscribeBody, response: { 201: messageResponse, ...errors } },
    },
    async (request, reply) => {
      // The server will POST to this URL: outside development and tests only real (https) push services.
      if (app.config.env === 'production' && new URL(request.body.endpoint).protocol !== 'https:') {
        throw new BadRequest(callMsg.pushEndpointInsecure);
      }
      await subscriptions.upsert(app.db, currentUser(request).id, request.body.endpoint, request.body.keys);
      return reply.status(201).send({ message: 'Notificações ativadas.' });
    },
  );
};
