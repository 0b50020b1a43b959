import { PassThrough } from 'node:stream';
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  batchCodes,
  batchIdParams,
  batchPdfFilename,
  batchPdfQuery,
  PDF_MIME,
  batchList,
  mintBody,
  auditList,
  auditQuery,
  blockBody,
  clientList,
  listClientsQuery,
  memberIdParams,
  qrStatusBody,
  qrStatusParams,
  EXPORT_FILENAME,
  TOTAL_COUNT_HEADER,
  XLSX_MIME,
  transferBody,
  userIdParams,
} from '@toque/contracts/admin';
import { messageResponse } from '@toque/contracts/auth';
import { errorResponse } from '@toque/contracts/errors';
import { adminMsg } from '@toque/contracts/messages';
import { currentUser } from '../../plugins/auth';
import { adminService } from './service';

const errors = { 400: errorResponse, 401: errorResponse, 403: errorResponse, 404: errorResponse, 409: errorResponse };

/**
 * The platform administrator (ADM-01, ADM-03, ADM-07, ADM-08). Every route is admin-only, checked
 * on onRequest — before the body is read — so anyone else gets 401/403 whatever they send.
 */
export const adminRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = adminService(app);
  app.addHook('onRequest', app.requireAdmin);
  const secured = { tags: ['admin'], security: [{ bearer: [] }] };

  app.get(
    '/products/listQrcodes',
    { schema: { ...secured, querystring: listClientsQuery, response: { 200: clientList, ...errors } } },
    async (request, reply) => {
      const { total, clients } = await service.listClients(request.query);
      void reply.header(TOTAL_COUNT_HEADER, String(total));
      return clients;
    },
  );

  app.patch(
    '/products/qrcode/:code/status',
    {
      schema: { ...secured, params: qrStatusParams, body: qrStatusBody, response: { 200: messageResponse, ...errors } },
    },
    async (request) => {
      await service.setStatus(request.params.code, request.body.is_active, currentUser(request), request.body.reason);
      return { message: adminMsg.statusChanged };
    },
  );

  app.post(
    '/admin/tags/:code/release',
    { schema: { ...secured, params: qrStatusParams, response: { 200: messageResponse, ...errors } } },
    async (request) => {
      await service.release(request.params.code, currentUser(request));
      return { message: adminMsg.released };
    },
  );

  app.post(
    '/admin/tags/:code/transfer',
    {
      schema: { ...secured, params: qrStatusParams, body: transferBody, response: { 200: messageResponse, ...errors } },
    },
    async (request) => {
      await service.transfer(request.params.code, request.body.email, currentUser(request));
      return { message: adminMsg.transferred };
    },
  );

  app.post(
    '/admin/users/:userId/block',
    { schema: { ...secured, params: userIdParams, body: blockBody, response: { 200: messageResponse, ...errors } } },
    async (request) => {
      await service.block(request.params.userId, request.body.blocked, currentUser(request));
      return { message: request.body.blocked ? adminMsg.blocked : adminMsg.unblocked };
    },
  );

  app.delete(
    '/admin/residents/:memberId',
    { schema: { ...secured, params: memberIdParams, response: { 200: messageResponse, ...errors } } },
    async (request) => {
      await service.removeResident(request.params.memberId, currentUser(request));
      return { message: adminMsg.residentRemoved };
    },
  );

  app.get(
    '/admin/audit',
    { schema: { ...secured, querystring: auditQuery, response: { 200: auditList, ...errors } } },
    async (request, reply) => {
      const { total, entries } = await service.audit(request.query);
      void reply.header(TOTAL_COUNT_HEADER, String(total));
      return entries;
    },
  );

  app.post(
    '/admin/batches',
    { schema: { ...secured, body: mintBody, response: { 201: batchCodes, ...errors } } },
    async (request, reply) =>
      reply.status(201).send(await service.mint(request.body.productId, request.body.count, currentUser(request))),
  );

  app.get(
    '/admin/batches/:batchId/pdf',
    {
      schema: {
        ...secured,
        params: batchIdParams,
        querystring: batchPdfQuery,
        produces: [PDF_MIME],
        response: { 200: z.unknown().describe('PDF'), ...errors },
      },
    },
    async (request, reply) => {
      const pdf = await service.batchPdf(request.params.batchId, request.query.layout);
      void reply
        .header('content-type', PDF_MIME)
        .header('content-disposition', `attachment; filename="${batchPdfFilename(request.params.batchId, request.query.layout)}"`);
      return reply.send(Buffer.from(pdf));
    },
  );

  app.get('/admin/batches', { schema: { ...secured, response: { 200: batchList, ...errors } } }, async () =>
    service.batches(),
  );

  app.get(
    '/admin/batches/:batchId',
    { schema: { ...secured, params: batchIdParams, response: { 200: batchCodes, ...errors } } },
    async (request) => service.batch(request.params.batchId),
  );

  // ADM-04: the spreadsheet report, streamed. A failure half-way breaks the download (the client
  // sees an incomplete file) rather than sending a corrupt one as complete.
  app.get(
    '/export/excel',
    {
      schema: {
        ...secured,
        produces: [XLSX_MIME],
        response: { 200: z.unknown().describe(EXPORT_FILENAME), 401: errorResponse, 403: errorResponse },
      },
    },
    async (request, reply) => {
      const out = new PassThrough();
      await service.exportClients(currentUser(request), out, (err) => {
        request.log.error({ err }, 'spreadsheet export failed');
        out.destroy(err instanceof Error ? err : new Error(String(err)));
      });
      return reply
        .header('content-type', XLSX_MIME)
        .header('content-disposition', `attachment; filename="${EXPORT_FILENAME}"`)
        .header('cache-control', 'no-store')
        .send(out);
    },
  );
};
