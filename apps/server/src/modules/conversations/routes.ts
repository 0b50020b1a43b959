import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  conversationList,
  conversationMessageBody,
  conversationUnread,
  finderMessage,
  finderThread,
  ownerMessage,
  ownerThread,
  startConversationBody,
  startConversationResponse,
} from '@toque/contracts/conversations';
import { errorResponse } from '@toque/contracts/errors';
import { bearerToken, currentUser } from '../../plugins/auth';
import type { ConversationsService } from './service';

const errors = { 400: errorResponse, 401: errorResponse, 403: errorResponse, 404: errorResponse, 409: errorResponse, 429: errorResponse };
const codeParams = z.object({ code: z.string().max(64) });
const idParams = z.object({ id: z.uuid() });

/** FIND-06: the conversation — the finder's side (a private token) and the recipients' (a session). */
export const conversationsRoutes: FastifyPluginAsyncZod<{ service: ConversationsService }> = async (app, { service }) => {
  const tags = ['conversations'];
  const finder = 'The finder, with `Authorization: Bearer <conversation token>` (returned once when the conversation opened).';

  app.post(
    '/public/tags/:code/conversations',
    {
      schema: {
        tags,
        description: "The finder's first message opens a conversation; the answer holds its private token (shown once).",
        params: codeParams,
        body: startConversationBody,
        response: { 201: startConversationResponse, ...errors },
      },
    },
    async (request, reply) => reply.status(201).send(await service.start(request.params.code, request.ip, request.body)),
  );

  app.get(
    '/public/conversation',
    { schema: { tags, description: finder, response: { 200: finderThread, ...errors } } },
    async (request) => service.finderThread(bearerToken(request.headers.authorization)),
  );

  app.post(
    '/public/conversation/messages',
    { schema: { tags, description: finder, body: conversationMessageBody, response: { 201: finderMessage, ...errors } } },
    async (request, reply) =>
      reply.status(201).send(await service.finderWrite(bearerToken(request.headers.authorization), request.ip, request.body)),
  );

  const session = { preHandler: app.authenticate };
  const security = [{ bearer: [] }];

  app.get(
    '/conversations',
    { ...session, schema: { tags, security, response: { 200: conversationList, ...errors } } },
    async (request) => service.list(currentUser(request).id),
  );

  app.get(
    '/conversations/unread',
    { ...session, schema: { tags, security, response: { 200: conversationUnread, ...errors } } },
    async (request) => ({ unread: (await service.list(currentUser(request).id)).unread }),
  );

  app.get(
    '/conversations/:id',
    { ...session, schema: { tags, security, params: idParams, response: { 200: ownerThread, ...errors } } },
    async (request) => service.thread(request.params.id, currentUser(request).id),
  );

  app.post(
    '/conversations/:id/messages',
    { ...session, schema: { tags, security, params: idParams, body: conversationMessageBody, response: { 201: ownerMessage, ...errors } } },
    async (request, reply) => reply.status(201).send(await service.answer(request.params.id, currentUser(request).id, request.body)),
  );

  app.get(
    '/conversations/:id/messages/:messageId/recording',
    {
      ...session,
      schema: {
        tags,
        security,
        description: "FIND-12: a finder's voice or video recording, for the conversation's recipients only (its type read from the file).",
        params: idParams.extend({ messageId: z.coerce.number().int().positive().max(2_147_483_647) }),
        produces: ['video/webm', 'audio/webm', 'video/mp4', 'audio/mp4'],
        response: { 200: z.unknown().describe('the recording'), ...errors },
      },
    },
    async (request, reply) => {
      const found = await service.recording(request.params.id, request.params.messageId, currentUser(request).id);
      return reply.type(found.mime).header('cache-control', 'private, no-store').send(found.bytes);
    },
  );

  app.post(
    '/conversations/:id/close',
    { ...session, schema: { tags, security, params: idParams, response: { 204: z.null(), ...errors } } },
    async (request, reply) => {
      await service.close(request.params.id, currentUser(request).id);
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/conversations/:id/block',
    { ...session, schema: { tags, security, params: idParams, response: { 204: z.null(), ...errors } } },
    async (request, reply) => {
      await service.block(request.params.id, currentUser(request).id);
      return reply.status(204).send(null);
    },
  );
};
