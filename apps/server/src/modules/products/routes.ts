import { z } from 'zod';
import { dashboardUi } from '@toque/contracts/dashboard-ui';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  addMemberBody,
  associateResponse,
  cancelInvitationBody,
  codeBody,
  invitationList,
  memberList,
  productList,
  removeMemberBody,
  shareResponse,
  updateNameBody,
  PHOTO_MAX_BYTES,
  tagPhoto,
} from '@toque/contracts/products';
import { photoMsg } from '@toque/contracts/messages';
import { PDF_MIME } from '@toque/contracts/admin';
import { posterFilename, posterMsg } from '@toque/contracts/poster';
import { messageResponse } from '@toque/contracts/auth';
import { errorResponse } from '@toque/contracts/errors';
import { currentUser } from '../../plugins/auth';
import { clientAddress } from '../../plugins/rate-limit';
import { productsService } from './service';

const toasts = dashboardUi.toasts;
const errors = { 400: errorResponse, 401: errorResponse, 403: errorResponse, 404: errorResponse, 409: errorResponse };
/** SEC-09: a photo upload may also be rate-limited (429) or find the photo workers' queue full (503). */
const photoErrors = { ...errors, 413: errorResponse, 429: errorResponse, 503: errorResponse };

export const productsRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = productsService(app);
  const secured = { tags: ['products'], security: [{ bearer: [] }] };
  app.addHook('preHandler', app.authenticate);

  app.get(
    '/products/listProducts',
    { schema: { ...secured, response: { 200: productList, ...errors } } },
    async (request) => service.list(currentUser(request).id),
  );

  app.put(
    '/products/associateQrCode',
    {
      schema: { ...secured, body: codeBody, response: { 200: associateResponse, ...errors, 429: errorResponse } },
      // SEC-05: claiming is guessing printed codes; limited per address (after authentication).
      preHandler: async (request) => {
        await app.limits.consume('claimPerAddress', clientAddress(request));
      },
    },
    async (request) => {
      const kind = await service.associate(request.body.code, currentUser(request).id);
      return { kind, message: kind === 'tag' ? toasts.addedTag : toasts.joinedUnit };
    },
  );

  app.delete(
    '/products/disableQrCode',
    { schema: { ...secured, body: codeBody, response: { 200: messageResponse, ...errors } } },
    async (request) => {
      await service.disable(request.body.code, currentUser(request).id);
      return { message: toasts.deleted };
    },
  );

  // The specification writes `PUT /products/updateName{product}`: a template the client filled
  // with a suffix. `updateName` is the route; any suffix after it reaches the same handler, so
  // clients that append one keep working (docs/decisions/0007).
  const updateName = {
    schema: { ...secured, body: updateNameBody, response: { 200: messageResponse, ...errors } },
  };
  const handleUpdateName = async (
    request: { body: z.infer<typeof updateNameBody> } & Parameters<typeof currentUser>[0],
  ) => {
    await service.updateDetails(currentUser(request).id, request.body);
    return { message: toasts.updated };
  };
  app.put('/products/updateName', updateName, handleUpdateName);
  app.put(
    '/products/updateName:suffix',
    { ...updateName, schema: { ...updateName.schema, hide: true } },
    handleUpdateName,
  );

  // FIND-09: the photo. Its body is the file itself (any content type: the server reads the bytes),
  // at most 10 MB — Fastify answers 413 as soon as Content-Length or the bytes read pass it.
  const photoRoutes: FastifyPluginAsyncZod = async (photos) => {
    photos.removeAllContentTypeParsers();
    photos.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: PHOTO_MAX_BYTES }, (_request, body, done) =>
      done(null, body),
    );
    // Who may upload is known before 10 MB are read.
    photos.addHook('onRequest', app.authenticate);
    photos.setErrorHandler((error, _request, reply) => {
      if ((error as { statusCode?: number }).statusCode === 413)
        return reply.status(413).send({ message: photoMsg.tooLarge });
      throw error;
    });
    const photoResponse = z.object({ message: z.string(), photo: tagPhoto });
    photos.put(
      '/products/:code/photo',
      {
        bodyLimit: PHOTO_MAX_BYTES,
        // SEC-09: each upload is a decode; counted per address and per account before a byte is read.
        onRequest: async (request) => {
          await app.limits.consume('photoPerAddress', clientAddress(request), photoMsg.tooManyUploads);
          await app.limits.consume('photoPerAccount', currentUser(request).id, photoMsg.tooManyUploads);
        },
        schema: {
          ...secured,
          params: codeBody,
          consumes: ['image/jpeg', 'image/png', 'image/webp', 'image/heic'],
          response: { 200: photoResponse, ...photoErrors },
        },
      },
      async (request) => {
        const body = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
        const photo = await service.putPhoto(request.params.code, currentUser(request).id, body);
        return { message: photoMsg.saved, photo };
      },
    );
    photos.delete(
      '/products/:code/photo',
      { schema: { ...secured, params: codeBody, response: { 200: messageResponse, ...errors } } },
      async (request) => {
        await service.removePhoto(request.params.code, currentUser(request).id);
        return { message: photoMsg.removed };
      },
    );
  };
  await app.register(photoRoutes);

  // FIND-10: the lost poster (A4 PDF), the tag's owner's only, in lost mode.
  app.get(
    '/products/:code/poster',
    {
      // Each poster is a photo decode and a PDF: counted per account before anything is read.
      preHandler: async (request) => {
        await app.limits.consume('posterPerAccount', currentUser(request).id, posterMsg.tooMany);
      },
      schema: {
        ...secured,
        params: codeBody,
        produces: [PDF_MIME],
        response: { 200: z.unknown().describe('PDF'), ...errors, 429: errorResponse, 503: errorResponse },
      },
    },
    async (request, reply) => {
      const pdf = await service.poster(request.params.code, currentUser(request).id);
      void reply
        .header('content-type', PDF_MIME)
        .header('cache-control', 'no-store')
        .header('content-disposition', `attachment; filename="${posterFilename(request.params.code)}"`);
      return reply.send(Buffer.from(pdf));
    },
  );

  app.get(
    '/products/:code/members',
    { schema: { ...secured, params: codeBody, response: { 200: memberList, ...errors } } },
    async (request) => service.members(request.params.code, currentUser(request).id),
  );

  app.post(
    '/products/members',
    { schema: { ...secured, body: addMemberBody, response: { 201: shareResponse, ...errors, 429: errorResponse } } },
    async (request, reply) => {
      const kind = await service.addMember(request.body.code, currentUser(request).id, request.body.email);
      return reply.status(201).send({ kind, message: kind === 'member' ? toasts.shared : toasts.invited });
    },
  );

  // TAG-11: the owner sees and cancels the invitations sent to e-mails with no account yet.
  app.get(
    '/products/:code/invitations',
    { schema: { ...secured, params: codeBody, response: { 200: invitationList, ...errors } } },
    async (request) => service.invitations(request.params.code, currentUser(request).id),
  );

  app.delete(
    '/products/invitations',
    { schema: { ...secured, body: cancelInvitationBody, response: { 200: messageResponse, ...errors } } },
    async (request) => {
      await service.cancelInvitation(request.body.code, currentUser(request).id, request.body.id);
      return { message: toasts.invitationCancelled };
    },
  );

  app.delete(
    '/products/members',
    { schema: { ...secured, body: removeMemberBody, response: { 200: messageResponse, ...errors } } },
    async (request) => {
      await service.removeMember(request.body.code, currentUser(request).id, request.body.userId);
      return { message: toasts.memberRemoved };
    },
  );
};
