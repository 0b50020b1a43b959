import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  createCondominiumBody,
  createCondominiumResponse,
  createUnitBody,
  createUnitResponse,
  deleteMemberBody,
  leaveBody,
  myUnitList,
  qrCodeBody,
  regenerateCodeBody,
  regenerateCodeResponse,
  unitList,
  updateUnitNameBody,
} from '@toque/contracts/condominium';
import { messageResponse } from '@toque/contracts/auth';
import { errorResponse } from '@toque/contracts/errors';
import { condoMsg } from '@toque/contracts/messages';
import { condoApi } from '@toque/contracts/routes';
import { currentUser } from '../../plugins/auth';
import { condominiumService } from './service';
import { geofenceMsg, platePositionBody, platePositionQuery, platePositionResponse } from '@toque/contracts/geofence';
import {
  bulkMsg,
  bulkUnitsBody,
  bulkUnitsResponse,
  inviteResidentBody,
  inviteResidentResponse,
  unitInvitationParams,
} from '@toque/contracts/units-bulk';

const errors = { 400: errorResponse, 401: errorResponse, 403: errorResponse, 404: errorResponse, 409: errorResponse };
/** A 1 MB CSV travels as base64 in JSON (~1.34 MB): room for it, and nothing near 5 MB. */
const BULK_BODY_LIMIT = 1_500_000;

/** Condominiums and units (CONDO-01…09, ADM-02): the specification's section 7 paths. */
export const condominiumRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = condominiumService(app);
  const secured = { tags: ['condominium'], security: [{ bearer: [] }] };
  // Authentication runs on onRequest, before the body is validated: a stranger learns nothing from a 400.
  const admin = { onRequest: app.requireAdmin };
  const user = { onRequest: app.authenticate };

  app.post(
    '/condominium/createCondominium',
    {
      ...admin,
      schema: { ...secured, body: createCondominiumBody, response: { 201: createCondominiumResponse, ...errors } },
    },
    async (request, reply) => {
      const id = await service.createCondominium(request.body.nameCondominium, currentUser(request));
      return reply.status(201).send({ id, message: condoMsg.condominiumCreated });
    },
  );

  app.post(
    '/condominium/createUnitOfCondominium',
    { ...admin, schema: { ...secured, body: createUnitBody, response: { 201: createUnitResponse, ...errors } } },
    async (request, reply) => {
      const unitId = await service.createUnit(request.body, currentUser(request));
      return reply.status(201).send({ unit_id: unitId, message: condoMsg.unitCreated });
    },
  );

  // CONDO-11: a resident's own units, whoever the plate's síndico is.
  app.get(
    condoApi.myUnits,
    { ...user, schema: { ...secured, response: { 200: myUnitList, ...errors } } },
    async (request) => service.myUnits(currentUser(request).id),
  );

  app.post(
    '/connects/ownerQrCode',
    { ...user, schema: { ...secured, body: qrCodeBody, response: { 200: unitList, ...errors } } },
    async (request) => service.units(request.body.qrCode, currentUser(request)),
  );

  app.post(
    '/connects/listUnits',
    { ...user, schema: { ...secured, body: qrCodeBody, response: { 200: unitList, ...errors } } },
    async (request) => service.units(request.body.qrCode, currentUser(request)),
  );

  app.put(
    '/condominium/updateUnitName',
    { ...user, schema: { ...secured, body: updateUnitNameBody, response: { 200: messageResponse, ...errors } } },
    async (request) => {
      await service.renameUnit(request.body.unitId, request.body.nameOfUnit, currentUser(request));
      return { message: condoMsg.unitRenamed };
    },
  );

  app.delete(
    '/condominium/deleteMemberFromUnit',
    { ...user, schema: { ...secured, body: deleteMemberBody, response: { 200: messageResponse, ...errors } } },
    async (request) => {
      await service.removeResident(request.body.memberId, request.body.unit_number, currentUser(request));
      return { message: condoMsg.memberRemoved };
    },
  );

  app.post(
    '/condominium/regenerateUnitCode',
    { ...user, schema: { ...secured, body: regenerateCodeBody, response: { 200: regenerateCodeResponse, ...errors } } },
    async (request) => ({
      unit_number: await service.regenerateCode(request.body.unitId, currentUser(request)),
      message: condoMsg.codeRegenerated,
    }),
  );

  // CONDO-12: preview (confirm false) or create (confirm true), all or nothing.
  app.post(
    condoApi.bulkUnits,
    {
      ...user,
      bodyLimit: BULK_BODY_LIMIT,
      schema: {
        ...secured,
        body: bulkUnitsBody,
        response: { 200: bulkUnitsResponse, 413: errorResponse, 429: errorResponse, ...errors },
      },
    },
    async (request) => service.bulkUnits(request.body, currentUser(request)),
  );

  // CONDO-14: a resident by e-mail; an invitation when there is no account yet.
  app.post(
    condoApi.inviteResident,
    {
      ...user,
      schema: {
        ...secured,
        body: inviteResidentBody,
        response: { 201: inviteResidentResponse, 429: errorResponse, ...errors },
      },
    },
    async (request, reply) => {
      const result = await service.inviteResident(request.body.unitId, request.body.email, currentUser(request));
      return reply
        .status(201)
        .send({ result, message: result === 'resident' ? bulkMsg.residentAdded : bulkMsg.invited });
    },
  );

  app.delete(
    '/condominium/invitations/:id',
    { ...user, schema: { ...secured, params: unitInvitationParams, response: { 200: messageResponse, ...errors } } },
    async (request) => {
      await service.cancelInvitation(request.params.id, currentUser(request));
      return { message: bulkMsg.invitationCancelled };
    },
  );

  // CONDO-17: the plate's position and fence, the síndico's (or an administrator's) only.
  app.get(
    condoApi.platePosition,
    { ...user, schema: { ...secured, querystring: platePositionQuery, response: { 200: platePositionResponse, ...errors } } },
    async (request) => service.platePosition(request.query.qrCode, currentUser(request)),
  );

  app.put(
    condoApi.platePosition,
    { ...user, schema: { ...secured, body: platePositionBody, response: { 200: platePositionResponse, ...errors } } },
    async (request) => ({
      ...(await service.setPlatePosition(request.body, currentUser(request))),
      message: geofenceMsg.saved,
    }),
  );

  app.delete(
    '/products/leave',
    { ...user, schema: { ...secured, body: leaveBody, response: { 200: messageResponse, ...errors } } },
    async (request) => {
      await service.leave(request.body.code, currentUser(request).id);
      return { message: condoMsg.left };
    },
  );
};
