import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { reverseGeocodeQuery, reverseGeocodeResponse } from '@toque/contracts/calls';
import { errorResponse } from '@toque/contracts/errors';
import { clientAddress } from '../../plugins/rate-limit';
import { geocodeService } from './service';

/** GET /api/geocode/reverse?lat&lng (CALL-09): anonymous (the finder's page may ask too), limited per address. */
export const geocodeRoutes: FastifyPluginAsyncZod = async (app) => {
  const { geocoder, publicUrl } = app.config;
  const service = geocodeService(geocoder, `Toque/1.0 (+${publicUrl})`);

  app.get(
    '/geocode/reverse',
    {
      schema: {
        tags: ['geocode'],
        querystring: reverseGeocodeQuery,
        response: { 200: reverseGeocodeResponse, 400: errorResponse, 429: errorResponse, 502: errorResponse },
      },
    },
    async (request) => {
      await app.limits.consume('geocodePerAddress', clientAddress(request));
      return service.reverse(request.query.lat, request.query.lng);
    },
  );
};
