import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { messageResponse } from '@toque/contracts/auth';
import { errorResponse } from '@toque/contracts/errors';
import { callMsg } from '@toque/contracts/messages';
import { scanHistory, shareLocationBody } from '@toque/contracts/scans';
import { currentUser } from '../../plugins/auth';
import { clientAddress } from '../../plugins/rate-limit';
import type { ScansService } from './service';

const errors = { 400: errorResponse, 401: errorResponse, 404: errorResponse, 409: errorResponse, 429: errorResponse };
const codeParams = z.object({ code: z.string().max(64) });

/** Scan alerts over HTTP (FIND-01, FIND-02). */
export const scansRoutes: FastifyPluginAsyncZod<{ service: ScansService }> = async (app, { service }) => {
  const tags = ['scans'];

  app.post(
    '/public/tags/:code/scan',
    {
      schema: {
        tags,
        description: "The finder's page, once loaded in a browser: may alert the owner (throttled silently).",
        params: codeParams,
        response: { 204: z.null(), ...errors },
      },
      // A view of the tag like GET /public/tags/:code: the same per-address budget (SEC-05).
      preHandler: async (request) => {
        await app.limits.consume('tagViewPerAddress', clientAddress(request));
      },
    },
    async (request, reply) => {
      const viewer = await app.resolveUser(request);
      await service.scanned(request.params.code, request.ip, viewer?.id ?? null);
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/public/tags/:code/location',
    { schema: { tags, params: codeParams, body: shareLocationBody, response: { 201: messageResponse, ...errors } } },
    async (request, reply) => {
      await service.shareLocation(request.params.code, request.ip, request.body);
      return reply.status(201).send({ message: callMsg.locationShared });
    },
  );

  app.get(
    '/scans/history',
    { preHandler: app.authenticate, schema: { tags, security: [{ bearer: [] }], response: { 200: scanHistory, ...errors } } },
    async (request) => service.history(currentUser(request).id),
  );
};
