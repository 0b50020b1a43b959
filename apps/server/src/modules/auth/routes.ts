import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import {
  generateCodeBody,
  loginBody,
  messageResponse,
  onboardingBody,
  registerBody,
  resetPasswordBody,
  tokenResponse,
  validateTokenResponse,
} from '@toque/contracts/auth';
import { errorResponse } from '@toque/contracts/errors';
import { msg, replyMsg } from '@toque/contracts/messages';
import { Unauthorized } from '../../errors';
import { accountKey, clientAddress } from '../../plugins/rate-limit';
import { authService } from './service';
import { googleSignInRoutes } from './google-routes';

const errors = {
  400: errorResponse,
  401: errorResponse,
  403: errorResponse,
  404: errorResponse,
  409: errorResponse,
  429: errorResponse,
  503: errorResponse,
};

/** The e-mail of a validated body, as an account key. */
const emailOf = (request: FastifyRequest) => accountKey((request.body as { email: string }).email);

export const authRoutes: FastifyPluginAsyncZod<{ secret: string; logCodes: boolean }> = async (app, opts) => {
  const service = authService(app, opts);
  await app.register(googleSignInRoutes, { service });
  const { limits } = app;
  /** Failed logins count per account *and* address: a stranger elsewhere cannot lock the owner out (SEC-05). */
  const failuresKey = (request: FastifyRequest) => `${emailOf(request)}|${clientAddress(request)}`;

  app.post(
    '/auth/login',
    {
      schema: { tags: ['auth'], body: loginBody, response: { 200: tokenResponse, ...errors } },
      preHandler: async (request) => {
        // SEC-01 / SEC-05: every attempt per address; failures per e-mail and address, checked here, counted below.
        await limits.consume('loginPerAddress', clientAddress(request));
        await limits.check('loginFailures', failuresKey(request));
      },
    },
    async (request) => {
      const key = failuresKey(request);
      try {
        const token = await service.login(request.body);
        await limits.reset('loginFailures', key);
        return { data: { token } };
      } catch (error) {
        if (error instanceof Unauthorized) await limits.penalty('loginFailures', key);
        throw error;
      }
    },
  );

  app.post(
    '/auth/register',
    {
      schema: { tags: ['auth'], body: registerBody, response: { 201: messageResponse, ...errors } },
      preHandler: async (request) => {
        await limits.consume('registerPerAddress', clientAddress(request));
      },
    },
    async (request, reply) => {
      await service.register(request.body);
      return reply.status(201).send({ message: msg.registerSuccess });
    },
  );

  app.post(
    '/auth/web-onboarding',
    {
      schema: { tags: ['auth'], body: onboardingBody, response: { 201: tokenResponse, ...errors } },
      preHandler: async (request) => {
        // An account and a claim at once: both budgets of the address (SEC-05).
        await limits.consume('registerPerAddress', clientAddress(request));
        await limits.consume('claimPerAddress', clientAddress(request));
      },
    },
    async (request, reply) => reply.status(201).send({ data: { token: await service.onboard(request.body) } }),
  );

  app.post(
    '/auth/generate-code',
    {
      schema: { tags: ['auth'], body: generateCodeBody, response: { 200: messageResponse, ...errors } },
      preHandler: async (request) => {
        // SEC-05: per address, then per account whatever the address (no mail-bombing one victim).
        await limits.consume('codePerAddress', clientAddress(request));
        await limits.consume('codePerAccount', emailOf(request));
      },
    },
    async (request) => {
      await service.generateCode(request.body.email);
      return { message: replyMsg.codeSent };
    },
  );

  app.post(
    '/auth/reset-password',
    {
      schema: { tags: ['auth'], body: resetPasswordBody, response: { 200: messageResponse, ...errors } },
      preHandler: async (request) => {
        await limits.consume('resetPerAddress', clientAddress(request));
        await limits.consume('resetPerAccount', emailOf(request));
      },
    },
    async (request) => {
      await service.resetPassword(request.body);
      return { message: msg.resetSuccess };
    },
  );

  app.get(
    '/auth/validateToken',
    { schema: { tags: ['auth'], security: [{ bearer: [] }], response: { 200: validateTokenResponse } } },
    async (request) => ({ valid: (await app.resolveUser(request)) !== null }),
  );
};
