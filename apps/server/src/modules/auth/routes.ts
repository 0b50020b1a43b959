import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
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
import { authService } from './service';

const errors = { 400: errorResponse, 401: errorResponse, 403: errorResponse, 404: errorResponse, 409: errorResponse, 429: errorResponse };

export const authRoutes: FastifyPluginAsyncZod<{ secret: string; logCodes: boolean }> = async (app, opts) => {
  const service = authService(app, opts);
  const rl = app.rateLimits;

  app.post(
    '/auth/login',
    {
      schema: { tags: ['auth'], body: loginBody, response: { 200: tokenResponse, ...errors } },
      preHandler: async (request) => {
        // SEC-01: per address and per e-mail, so neither one client nor one target can be hammered.
        await app.limiter.hit(`login:ip:${request.ip}`, rl.loginPerIp, rl.windowMs);
        const email = (request.body as { email?: string }).email?.trim().toLowerCase() ?? '';
        await app.limiter.hit(`login:email:${email}`, rl.loginPerEmail, rl.windowMs);
      },
    },
    async (request) => ({ data: { token: await service.login(request.body) } }),
  );

  app.post(
    '/auth/register',
    { schema: { tags: ['auth'], body: registerBody, response: { 201: messageResponse, ...errors } } },
    async (request, reply) => {
      await service.register(request.body);
      return reply.status(201).send({ message: 'Cadastro realizado com sucesso!' });
    },
  );

  app.post(
    '/auth/web-onboarding',
    { schema: { tags: ['auth'], body: onboardingBody, response: { 201: tokenResponse, ...errors } } },
    async (request, reply) => reply.status(201).send({ data: { token: await service.onboard(request.body) } }),
  );

  app.post(
    '/auth/generate-code',
    {
      schema: { tags: ['auth'], body: generateCodeBody, response: { 200: messageResponse, ...errors } },
      preHandler: async (request) => {
        await app.limiter.hit(`code:ip:${request.ip}`, rl.codePerIp, rl.windowMs);
      },
    },
    async (request) => {
      await service.generateCode(request.body.email);
      return { message: 'Código enviado para o seu e-mail.' };
    },
  );

  app.post(
    '/auth/reset-password',
    {
      schema: { tags: ['auth'], body: resetPasswordBody, response: { 200: messageResponse, ...errors } },
      preHandler: async (request) => {
        await app.limiter.hit(`reset:ip:${request.ip}`, rl.codePerIp * 3, rl.windowMs);
      },
    },
    async (request) => {
      await service.resetPassword(request.body);
      return { message: 'Senha alterada com sucesso!' };
    },
  );

  app.get(
    '/auth/validateToken',
    { schema: { tags: ['auth'], security: [{ bearer: [] }], response: { 200: validateTokenResponse } } },
    async (request) => ({ valid: (await app.resolveUser(request)) !== null }),
  );
};
