import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { publicConfigPath, publicConfigResponse } from '@toque/contracts/google-sign-in';

/**
 * What the web app learns about this installation at run time (one build serves every deployment):
 * whether Google sign-in is configured (AUTH-16) and the maps' tile server (docs/decisions/0049).
 */
export const publicConfigRoutes: FastifyPluginAsyncZod = async (app) => {
  const body = { googleSignIn: app.config.google !== null, map: app.config.map };
  app.get(
    publicConfigPath,
    { schema: { tags: ['config'], response: { 200: publicConfigResponse } } },
    async () => body,
  );
};
