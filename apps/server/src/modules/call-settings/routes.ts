import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { codeBody } from '@toque/contracts/products';
import { errorResponse } from '@toque/contracts/errors';
import {
  tagCallSettings,
  tagCallSettingsBody,
  unitIdParams,
  unitQuietHours,
  unitQuietHoursBody,
} from '@toque/contracts/quiet-hours';
import { currentUser } from '../../plugins/auth';
import { callSettingsService } from './service';

const errors = { 400: errorResponse, 401: errorResponse, 403: errorResponse, 404: errorResponse };

/** FIND-07 / FIND-08: quiet hours and the ring order (the tag's owner; a unit's residents). */
export const callSettingsRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = callSettingsService(app);
  const secured = { tags: ['call-settings'], security: [{ bearer: [] }] };
  app.addHook('preHandler', app.authenticate);

  app.get(
    '/products/:code/call-settings',
    { schema: { ...secured, params: codeBody, response: { 200: tagCallSettings, ...errors } } },
    async (request) => service.tag(request.params.code, currentUser(request).id),
  );
  app.put(
    '/products/:code/call-settings',
    {
      schema: {
        ...secured,
        params: codeBody,
        body: tagCallSettingsBody,
        response: { 200: tagCallSettings, ...errors },
      },
    },
    async (request) => service.setTag(request.params.code, currentUser(request).id, request.body),
  );
  app.get(
    '/condominium/units/:id/quiet-hours',
    { schema: { ...secured, params: unitIdParams, response: { 200: unitQuietHours, ...errors } } },
    async (request) => service.unit(request.params.id, currentUser(request).id),
  );
  app.put(
    '/condominium/units/:id/quiet-hours',
    {
      schema: {
        ...secured,
        params: unitIdParams,
        body: unitQuietHoursBody,
        response: { 200: unitQuietHours, ...errors },
      },
    },
    async (request) => service.setUnit(request.params.id, currentUser(request).id, request.body.quietHours),
  );
};
