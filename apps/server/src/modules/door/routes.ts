import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { messageResponse } from '@toque/contracts/auth';
import { photoMsg } from '@toque/contracts/messages';
import { PHOTO_MAX_BYTES } from '@toque/contracts/products';
import {
  createDeliveryBody,
  createDeliveryResponse,
  createPassBody,
  createPassResponse,
  delivery,
  deliveryList,
  deliveryParams,
  doorMsg,
  passList,
  passLookupBody,
  passLookupResponse,
  plateDeliveryList,
  plateParams,
  unitParams,
} from '@toque/contracts/door';
import { errorResponse } from '@toque/contracts/errors';
import { currentUser } from '../../plugins/auth';
import { clientAddress } from '../../plugins/rate-limit';
import type { DoorService } from './service';

const errors = {
  400: errorResponse,
  401: errorResponse,
  403: errorResponse,
  404: errorResponse,
  409: errorResponse,
  429: errorResponse,
};
/** SEC-09: the photo workers' queue may be full (503). */
const photoErrors = { ...errors, 413: errorResponse, 503: errorResponse };

/** CONDO-15 deliveries and CONDO-16 expected visitors (docs/decisions/0045). */
export const doorRoutes: FastifyPluginAsyncZod<{ service: DoorService }> = async (app, { service }) => {
  const open = { tags: ['door'] };
  const secured = { tags: ['door'], security: [{ bearer: [] }] };
  // Authentication on onRequest, before the body is validated: a stranger learns nothing from a 400.
  const user = { onRequest: app.authenticate };

  app.post(
    '/public/tags/:code/deliveries',
    {
      schema: {
        ...open,
        description: "CONDO-15: a courier's notice at a plate; the unit's residents are told, nothing rings.",
        params: plateParams,
        body: createDeliveryBody,
        response: { 201: createDeliveryResponse, ...errors },
      },
    },
    async (request, reply) => {
      const { delivery, photoToken } = await service.deliver(request.params.code, request.ip, request.body);
      return reply.status(201).send({ message: doorMsg.deliverySent, id: delivery.id, photoToken });
    },
  );

  // The package's photo: its body is the file itself (any content type; the server reads the bytes),
  // at most 10 MB. The notice's one-time token is checked on onRequest, before a byte is read.
  const bearer = (header: string | undefined) => (header?.startsWith('Bearer ') ? header.slice(7).trim() : undefined);
  const photoUpload: FastifyPluginAsyncZod = async (photos) => {
    photos.removeAllContentTypeParsers();
    photos.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: PHOTO_MAX_BYTES }, (_request, body, done) =>
      done(null, body),
    );
    photos.addHook('onRequest', async (request) => {
      const { id } = request.params as { id?: string };
      await service.checkPhotoToken(Number(id), bearer(request.headers.authorization));
      // SEC-09: each upload is a decode; counted per address (owners' and couriers' alike) before a byte is read.
      await app.limits.consume('photoPerAddress', clientAddress(request), photoMsg.tooManyUploads);
    });
    photos.setErrorHandler((error, _request, reply) => {
      if ((error as { statusCode?: number }).statusCode === 413)
        return reply.status(413).send({ message: photoMsg.tooLarge });
      throw error;
    });
    photos.put(
      '/public/deliveries/:id/photo',
      {
        bodyLimit: PHOTO_MAX_BYTES,
        schema: {
          ...open,
          description:
            "CONDO-15: the courier's photo of the package (once, within minutes, with the notice's token as the bearer).",
          params: deliveryParams,
          consumes: ['image/jpeg', 'image/png', 'image/webp', 'image/heic'],
          response: { 200: messageResponse, ...photoErrors },
        },
      },
      async (request) => {
        const body = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
        await service.attachPhoto(request.params.id, bearer(request.headers.authorization), body);
        return { message: doorMsg.photoSaved };
      },
    );
  };
  await app.register(photoUpload);

  app.get(
    '/door/deliveries/:id/photo',
    {
      ...user,
      schema: {
        ...secured,
        description: "CONDO-15: the package's photo, for the unit's residents only (WebP).",
        params: deliveryParams,
        produces: ['image/webp'],
        response: { 200: z.unknown().describe('image/webp'), ...errors },
      },
    },
    async (request, reply) => {
      const webp = await service.photo(request.params.id, currentUser(request).id);
      return reply.type('image/webp').header('Cache-Control', 'private, max-age=86400').send(webp);
    },
  );

  app.post(
    '/public/tags/:code/pass',
    {
      schema: {
        ...open,
        description:
          "CONDO-16: the plate's page opened through a pass link (the token travels in the body, never in a logged path).",
        params: plateParams,
        body: passLookupBody,
        response: { 200: passLookupResponse, ...errors },
      },
    },
    async (request) => service.lookupPass(request.params.code, request.ip, request.body.token),
  );

  app.get(
    '/door/units/:unitId/deliveries',
    { ...user, schema: { ...secured, params: unitParams, response: { 200: deliveryList, ...errors } } },
    async (request) => service.unitDeliveries(request.params.unitId, currentUser(request).id),
  );

  app.post(
    '/door/deliveries/:id/collect',
    { ...user, schema: { ...secured, params: deliveryParams, response: { 200: delivery, ...errors } } },
    async (request) => service.collect(request.params.id, currentUser(request).id),
  );

  app.get(
    '/door/plates/:code/deliveries/today',
    { ...user, schema: { ...secured, params: plateParams, response: { 200: plateDeliveryList, ...errors } } },
    async (request) => service.plateToday(request.params.code, currentUser(request)),
  );

  app.get(
    '/door/units/:unitId/passes',
    { ...user, schema: { ...secured, params: unitParams, response: { 200: passList, ...errors } } },
    async (request) => service.listPasses(request.params.unitId, currentUser(request).id),
  );

  app.post(
    '/door/units/:unitId/passes',
    {
      ...user,
      schema: {
        ...secured,
        params: unitParams,
        body: createPassBody,
        response: { 201: createPassResponse, ...errors },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await service.createPass(request.params.unitId, currentUser(request).id, request.body)),
  );

  app.delete(
    '/door/passes/:id',
    { ...user, schema: { ...secured, params: deliveryParams, response: { 200: messageResponse, ...errors } } },
    async (request) => {
      await service.revokePass(request.params.id, currentUser(request).id);
      return { message: doorMsg.passRevokedOk };
    },
  );
};
