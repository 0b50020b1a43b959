import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { tokenResponse } from '@toque/contracts/auth';
import { errorResponse } from '@toque/contracts/errors';
import { GOOGLE_OUTCOME_PARAM, googleMsg, googleRoutes as routes, type GoogleOutcome } from '@toque/contracts/google-sign-in';
import { paths } from '@toque/contracts/routes';
import { NotFound, Unauthorized } from '../../errors';
import { clientAddress } from '../../plugins/rate-limit';
import { googleClient, googleCookies, ProviderUnavailable } from './google';
import type { authService } from './service';

const redirect = z.null().describe('302 to the provider or to the login page');

/**
 * AUTH-16: Google sign-in's three routes (docs/decisions/0049). Every failure ends on the login page
 * with `?google=<outcome>`, which the page turns into a Portuguese message; a browser never sees an
 * error page of the API on this path.
 */
export const googleSignInRoutes: FastifyPluginAsyncZod<{ service: ReturnType<typeof authService> }> = async (app, opts) => {
  const settings = app.config.google;
  const client = settings ? googleClient(settings) : null;
  const cookies = googleCookies(app.config.jwtSecret, app.config.jwtAcceptedSecrets, app.config.publicUrl.startsWith('https:'));
  const toLogin = (reply: FastifyReply, outcome: GoogleOutcome) =>
    reply.redirect(`${paths.login}?${GOOGLE_OUTCOME_PARAM}=${outcome}`, 302);

  app.get(
    routes.start,
    {
      schema: { tags: ['auth'], response: { 302: redirect, 404: errorResponse, 429: errorResponse } },
      preHandler: async (request) => {
        if (!client) throw new NotFound(googleMsg.notConfigured);
        await app.limits.consume('loginPerAddress', clientAddress(request));
      },
    },
    async (request, reply) => {
      try {
        const { url, flow } = await client!.start();
        cookies.saveFlow(reply, flow);
        return reply.redirect(url, 302);
      } catch (error) {
        request.log.warn({ err: error }, 'Google sign-in could not start');
        return toLogin(reply, error instanceof ProviderUnavailable ? 'unavailable' : 'failed');
      }
    },
  );

  app.get(
    routes.callback,
    {
      schema: {
        tags: ['auth'],
        // What the provider sends back; the whole query is handed to openid-client as it came.
        querystring: z.looseObject({ code: z.string().optional(), state: z.string().optional(), error: z.string().optional() }),
        response: { 302: redirect, 404: errorResponse },
      },
      preHandler: async () => {
        if (!client) throw new NotFound(googleMsg.notConfigured);
      },
    },
    async (request, reply) => {
      const flow = cookies.readFlow(request);
      cookies.clearFlow(reply);
      const { state, error } = request.query;
      if (error) return toLogin(reply, error === 'access_denied' ? 'denied' : 'failed');
      // The browser that comes back must be the one that left (login CSRF): its cookie holds the state.
      if (!flow || state !== flow.state) return toLogin(reply, 'state');
      let claims;
      try {
        claims = await client!.finish(request.url.slice(request.url.indexOf('?')), flow);
      } catch (failure) {
        request.log.warn({ err: failure }, 'Google sign-in failed at the code exchange');
        return toLogin(reply, failure instanceof ProviderUnavailable ? 'unavailable' : 'failed');
      }
      if (!claims.email || !claims.emailVerified) return toLogin(reply, 'unverified');
      const result = await opts.service.googleSignIn({ email: claims.email, name: claims.name });
      if ('blocked' in result) return toLogin(reply, 'blocked');
      cookies.saveSession(reply, result.token);
      return toLogin(reply, 'ok');
    },
  );

  app.post(
    routes.session,
    // No input but this browser's cookie: an empty JSON object.
    { schema: { tags: ['auth'], body: z.strictObject({}), response: { 200: tokenResponse, 401: errorResponse } } },
    async (request, reply) => {
      const token = cookies.readSession(request);
      cookies.clearSession(reply);
      if (!token) throw new Unauthorized(googleMsg.noSession);
      return { data: { token } };
    },
  );
};
