import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { codeBody } from '@toque/contracts/products';
import { errorResponse } from '@toque/contracts/errors';
import { medicalCard, medicalCardBody } from '@toque/contracts/medical-card';
import { currentUser } from '../../plugins/auth';
import { medicalCardService } from './service';

const errors = { 400: errorResponse, 401: errorResponse, 403: errorResponse, 404: errorResponse };

/** FIND-11: a wristband's medical card, its owner's (docs/decisions/0055). */
export const medicalCardRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = medicalCardService(app);
  const secured = { tags: ['medical-card'], security: [{ bearer: [] }] };
  app.addHook('preHandler', app.authenticate);

  app.get(
    '/products/:code/medical-card',
    { schema: { ...secured, params: codeBody, response: { 200: medicalCard, ...errors } } },
    async (request) => service.read(request.params.code, currentUser(request).id),
  );
  app.put(
    '/products/:code/medical-card',
    {
      schema: { ...secured, params: codeBody, body: medicalCardBody, response: { 200: medicalCard, ...errors } },
    },
    async (request) => service.save(request.params.code, currentUser(request).id, request.body),
  );
};
