import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  accountApi,
  accountExport,
  accountMsg,
  accountResponse,
  confirmPasswordBody,
  deletePreview,
  updateContactBody,
} from '@toque/contracts/account';
import { messageResponse } from '@toque/contracts/auth';
import { errorResponse } from '@toque/contracts/errors';
import { currentUser } from '../../plugins/auth';
import { accountService } from './service';

const errors = { 400: errorResponse, 401: errorResponse, 404: errorResponse, 409: errorResponse, 429: errorResponse };

/** ACC-03: the LGPD self-service of my account. */
export const accountRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = accountService(app);
  const secured = { tags: ['account'], security: [{ bearer: [] }] };
  app.addHook('preHandler', app.authenticate);

  app.get(
    accountApi.account,
    { schema: { ...secured, response: { 200: accountResponse, ...errors } } },
    async (request) => service.account(currentUser(request).id),
  );

  app.put(
    accountApi.contact,
    { schema: { ...secured, body: updateContactBody, response: { 200: messageResponse, ...errors } } },
    async (request) => {
      await service.updateContact(currentUser(request).id, request.body);
      return { message: accountMsg.contactSaved };
    },
  );

  app.post(
    accountApi.export,
    {
      schema: { ...secured, body: confirmPasswordBody, response: { 200: accountExport, ...errors } },
      // The export reads every table about the user: a few per window, per account.
      preHandler: async (request) => {
        await app.limits.consume('exportPerAccount', currentUser(request).id);
      },
    },
    async (request, reply) => {
      const data = await service.export(currentUser(request).id, request.body.password);
      return reply.header('content-disposition', 'attachment; filename="meus-dados-toque.json"').send(data);
    },
  );

  // ACC-08: what a deletion would take, named, before the password is asked (reads only).
  app.get(
    accountApi.deletePreview,
    { schema: { ...secured, response: { 200: deletePreview, ...errors } } },
    async (request) => service.deletionPreview(currentUser(request).id),
  );

  app.post(
    accountApi.delete,
    { schema: { ...secured, body: confirmPasswordBody, response: { 200: messageResponse, ...errors } } },
    async (request) => {
      await service.delete(currentUser(request).id, request.body.password);
      return { message: accountMsg.deleted };
    },
  );
};
