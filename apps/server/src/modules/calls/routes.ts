import { quietConflict } from '@toque/contracts/quiet-hours';
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  callHistory,
  createCallBody,
  callStatusResponse,
  createCallResponse,
  iceServersResponse,
  callbackBody,
  callLocationBody,
  publicTag,
  tagMessageBody,
} from '@toque/contracts/calls';
import { messageResponse } from '@toque/contracts/auth';
import { callConversationKey, callConversationResponse, callMessageBody, callMessageResponse } from '@toque/contracts/conversations';
import { errorResponse } from '@toque/contracts/errors';
import { callMsg, replyMsg } from '@toque/contracts/messages';
import { RECORDING_CONVERSATION_HEADER, RECORDING_MAX_BYTES, recordingMsg } from '@toque/contracts/recordings';
import { bearerToken, currentUser } from '../../plugins/auth';
import { clientAddress } from '../../plugins/rate-limit';
import type { CallsService } from './service';

const errors = { 400: errorResponse, 401: errorResponse, 403: errorResponse, 404: errorResponse, 409: errorResponse, 429: errorResponse };
const codeParams = z.object({ code: z.string().max(64) });
const roomParams = z.object({ roomId: z.string().min(1).max(64) });

/** The call over HTTP (CALL-01…11); the live part is in signalling.ts. */
export const callsRoutes: FastifyPluginAsyncZod<{ service: CallsService }> = async (app, { service }) => {
  const tags = ['calls'];

  app.get(
    '/public/tags/:code',
    {
      schema: { tags, params: codeParams, response: { 200: publicTag, ...errors } },
      // SEC-05: the printed codes cannot be swept from one place.
      preHandler: async (request) => {
        await app.limits.consume('tagViewPerAddress', clientAddress(request));
      },
    },
    async (request) => service.publicTag(request.params.code),
  );

  // FIND-09: the photo, under a name that changes with it: cached for a year by browsers and proxies.
  app.get(
    '/public/tags/:code/photo/:file',
    {
      schema: {
        tags,
        params: z.object({ code: z.string().max(64), file: z.string().max(64) }),
        produces: ['image/webp'],
        response: { 200: z.unknown().describe('WebP'), ...errors },
      },
    },
    async (request, reply) => {
      const webp = await service.publicPhoto(request.params.code, request.params.file);
      void reply.header('content-type', 'image/webp').header('cache-control', 'public, max-age=31536000, immutable');
      return reply.send(webp);
    },
  );

  // FIND-10: a lost tag's link preview (Open Graph), while the page shows the photo and the lost notice.
  // An hour in caches: when the tag is found, or the photo switched off, it is gone from here at once.
  app.get(
    '/public/tags/:code/preview/:file',
    {
      schema: {
        tags,
        params: z.object({ code: z.string().max(64), file: z.string().max(64) }),
        produces: ['image/jpeg'],
        response: { 200: z.unknown().describe('JPEG'), ...errors, 503: errorResponse },
      },
    },
    async (request, reply) => {
      const jpeg = await service.previewImage(request.params.code, request.params.file);
      void reply.header('content-type', 'image/jpeg').header('cache-control', 'public, max-age=3600');
      return reply.send(jpeg);
    },
  );

  app.post(
    '/calls',
    { schema: { tags, body: createCallBody, response: { 201: createCallResponse, ...errors, 409: quietConflict } } },
    async (request, reply) => reply.status(201).send(await service.create(request.body, request.ip)),
  );

  app.post(
    '/calls/:roomId/message',
    {
      schema: {
        tags,
        description:
          "The finder, with `Authorization: Bearer <callerToken>`. FIND-13: the message opens the finder's conversation (or joins the one whose token `conversation` is); the answer holds its token and thread.",
        params: roomParams,
        body: callMessageBody,
        response: { 201: callMessageResponse, ...errors },
      },
    },
    async (request, reply) => {
      const opened = await service.leaveMessage(request.params.roomId, bearerToken(request.headers.authorization), request.ip, request.body);
      return reply.status(201).send({ message: replyMsg.messageSent, ...opened });
    },
  );

  // FIND-12: the finder's recording after a missed call. Its body is the file itself (any content
  // type: the bytes decide), at most 6 MB — Fastify answers 413 before buffering more. The caller
  // token and the limits are checked on onRequest, before a byte of the body is read.
  const recordingUpload: FastifyPluginAsyncZod = async (uploads) => {
    uploads.removeAllContentTypeParsers();
    uploads.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: RECORDING_MAX_BYTES }, (_request, body, done) => done(null, body));
    uploads.addHook('onRequest', async (request) => {
      const { roomId } = request.params as { roomId?: string };
      service.checkCaller(String(roomId), bearerToken(request.headers.authorization));
      await app.limits.consume('recordingsPerAddress', clientAddress(request), recordingMsg.tooMany);
      await app.limits.consume('recordingsPerCall', String(roomId), recordingMsg.tooMany);
    });
    uploads.setErrorHandler((error, _request, reply) => {
      if ((error as { statusCode?: number }).statusCode === 413) return reply.status(413).send({ message: recordingMsg.tooLarge });
      throw error;
    });
    uploads.post(
      '/calls/:roomId/recording',
      {
        bodyLimit: RECORDING_MAX_BYTES,
        schema: {
          tags,
          description: `FIND-12: the finder's voice or video recording (WebM or MP4, at most 30 s and 6 MB, read from the file) after a call nobody answered, with \`Authorization: Bearer <callerToken>\`; \`${RECORDING_CONVERSATION_HEADER}\` names the conversation this browser holds (joined when it is this tag's). The answer holds the thread and its token.`,
          params: roomParams,
          consumes: ['video/webm', 'audio/webm', 'video/mp4', 'audio/mp4'],
          response: { 201: callMessageResponse, ...errors, 413: errorResponse },
        },
      },
      async (request, reply) => {
        const bytes = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
        const held = request.headers[RECORDING_CONVERSATION_HEADER];
        const opened = await service.leaveRecording(
          request.params.roomId,
          bearerToken(request.headers.authorization),
          request.ip,
          typeof held === 'string' ? held : null,
          bytes,
        );
        return reply.status(201).send({ message: replyMsg.messageSent, ...opened });
      },
    );
  };
  await app.register(recordingUpload);

  app.post(
    '/calls/:roomId/conversation',
    {
      preHandler: app.authenticate,
      schema: {
        tags,
        security: [{ bearer: [] }],
        description: "CALL-17: one of the call's recipients opens (or finds) the answered call's conversation with its finder.",
        params: roomParams,
        response: { 200: callConversationResponse, ...errors },
      },
    },
    async (request) => service.openConversation(request.params.roomId, currentUser(request).id),
  );

  app.get(
    '/calls/:roomId/conversation',
    {
      schema: {
        tags,
        description:
          "CALL-17: the finder, with `Authorization: Bearer <callerToken>`: the token of the conversation the owner opened after the call (null until then).",
        params: roomParams,
        response: { 200: callConversationKey, ...errors },
      },
    },
    async (request) => service.finderConversation(request.params.roomId, bearerToken(request.headers.authorization)),
  );

  app.post(
    '/calls/:roomId/callback',
    {
      schema: {
        tags,
        description: 'CALL-15: the finder, with `Authorization: Bearer <callerToken>`, after nobody answered.',
        params: roomParams,
        body: callbackBody,
        response: { 201: messageResponse, ...errors },
      },
    },
    async (request, reply) => {
      await service.leaveCallback(request.params.roomId, bearerToken(request.headers.authorization), request.body.contact);
      return reply.status(201).send({ message: callMsg.callbackSaved });
    },
  );

  app.post(
    '/calls/:roomId/location',
    {
      schema: {
        tags,
        description: "CALL-15: the finder's position when it arrives after the call started (`Authorization: Bearer <callerToken>`).",
        params: roomParams,
        body: callLocationBody,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      await service.shareCallLocation(request.params.roomId, bearerToken(request.headers.authorization), request.body);
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/public/tags/:code/message',
    {
      schema: {
        tags,
        description: "CALL-15: a message for the owner of a switched-off tag (it cannot ring).",
        params: codeParams,
        body: tagMessageBody,
        response: { 201: messageResponse, ...errors },
      },
    },
    async (request, reply) => {
      await service.tagMessage(request.params.code, request.ip, request.body);
      return reply.status(201).send({ message: replyMsg.messageSent });
    },
  );

  app.get(
    '/calls/:roomId/ice-servers',
    {
      schema: {
        tags,
        description: "A recipient's session or the finder's caller token.",
        params: roomParams,
        response: { 200: iceServersResponse, ...errors },
      },
    },
    async (request) => {
      const user = await app.resolveUser(request);
      const who = user ? { userId: user.id } : { callerToken: bearerToken(request.headers.authorization) };
      return service.iceServersFor(request.params.roomId, who);
    },
  );

  app.get(
    '/calls/:roomId/status',
    {
      preHandler: app.authenticate,
      schema: { tags, security: [{ bearer: [] }], params: roomParams, response: { 200: callStatusResponse, ...errors } },
    },
    async (request) => service.statusFor(request.params.roomId, currentUser(request).id),
  );

  app.get(
    '/calls/history',
    { preHandler: app.authenticate, schema: { tags, security: [{ bearer: [] }], response: { 200: callHistory, ...errors } } },
    async (request) => service.history(currentUser(request).id),
  );
};
