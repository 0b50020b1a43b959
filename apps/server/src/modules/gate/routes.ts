import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponse } from '@toque/contracts/errors';
import {
  gateAvailability,
  gateLog,
  gateMsg,
  gatePlateParams,
  gateResult,
  gateRoomParams,
  gateSettingsBody,
  gateSettingsResponse,
  passGateBody,
} from '@toque/contracts/gate';
import { currentUser } from '../../plugins/auth';
import type { GateService } from './service';

const errors = {
  400: errorResponse,
  401: errorResponse,
  403: errorResponse,
  404: errorResponse,
  409: errorResponse,
  429: errorResponse,
};

/** CONDO-18: the building's gate, opened from a plate's call or by a pass (docs/decisions/0053). */
export const gateRoutes: FastifyPluginAsyncZod<{ service: GateService }> = async (app, { service }) => {
  const open = { tags: ['gate'] };
  const secured = { tags: ['gate'], security: [{ bearer: [] }] };
  // Authentication on onRequest, before the body is validated: a stranger learns nothing from a 400.
  const user = { onRequest: app.authenticate };

  app.get(
    '/gate/plates/:code',
    {
      ...user,
      schema: {
        ...secured,
        description: "CONDO-18: the plate's gate controller, for its síndico (the secret never leaves the server).",
        params: gatePlateParams,
        response: { 200: gateSettingsResponse, ...errors },
      },
    },
    async (request) => ({ settings: await service.settings(request.params.code, currentUser(request)) }),
  );

  app.put(
    '/gate/plates/:code',
    {
      ...user,
      schema: {
        ...secured,
        description: "CONDO-18: the síndico links the plate to the building's gate (a Shelly relay or a signed webhook).",
        params: gatePlateParams,
        body: gateSettingsBody,
        response: { 200: gateSettingsResponse, ...errors },
      },
    },
    async (request) => ({
      settings: await service.save(request.params.code, currentUser(request), request.body),
      message: gateMsg.saved,
    }),
  );

  app.post(
    '/gate/plates/:code/test',
    {
      ...user,
      schema: {
        ...secured,
        description: "CONDO-18: the síndico's 'Testar' — opens the gate once (logged).",
        params: gatePlateParams,
        response: { 200: gateResult, ...errors },
      },
    },
    async (request) => service.test(request.params.code, currentUser(request)),
  );

  app.get(
    '/gate/plates/:code/log',
    {
      ...user,
      schema: {
        ...secured,
        description: "CONDO-18: the building's log of gate openings (who, unit, when, result), for the síndico.",
        params: gatePlateParams,
        response: { 200: gateLog, ...errors },
      },
    },
    async (request) => service.log(request.params.code, currentUser(request)),
  );

  app.get(
    '/calls/:roomId/gate',
    {
      ...user,
      schema: {
        ...secured,
        description: "CONDO-18: whether the resident's call screen may offer 'Abrir o portão' now.",
        params: gateRoomParams,
        response: { 200: gateAvailability, ...errors },
      },
    },
    async (request) => service.availability(request.params.roomId, currentUser(request).id),
  );

  app.post(
    '/calls/:roomId/gate',
    {
      ...user,
      schema: {
        ...secured,
        description:
          'CONDO-18: a resident of the called unit, in the connected call from the plate, opens the gate; the finder learns it (`gate`).',
        params: gateRoomParams,
        response: { 200: gateResult, ...errors },
      },
    },
    async (request) => service.openFromCall(request.params.roomId, currentUser(request).id),
  );

  app.post(
    '/public/tags/:code/gate',
    {
      schema: {
        ...open,
        description: "CONDO-18: a visitor's pass opens the gate by itself, within its window, if its resident allowed it.",
        params: gatePlateParams,
        body: passGateBody,
        response: { 200: gateResult, ...errors },
      },
    },
    async (request) => service.openFromPass(request.params.code, request.ip, request.body.token),
  );
};
