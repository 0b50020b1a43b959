import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { isToqueAdminResponse, updateUserBody, updateUserResponse, userNameResponse } from '@toque/contracts/profile';
import { errorResponse } from '@toque/contracts/errors';
import { msg } from '@toque/contracts/messages';
import { currentUser } from '../../plugins/auth';
import { profileService } from './service';

const errors = { 400: errorResponse, 401: errorResponse, 404: errorResponse };

export const profileRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = profileService(app);
  const secured = { tags: ['profile'], security: [{ bearer: [] }] };
  app.addHook('preHandler', app.authenticate);

  app.get('/profile/userName', { schema: { ...secured, response: { 200: userNameResponse, ...errors } } }, async (request) => {
    const user = await service.user(currentUser(request).id);
    return { userName: user.name };
  });

  app.get(
    '/profile/isToqueAdmin',
    { schema: { ...secured, response: { 200: isToqueAdminResponse, ...errors } } },
    async (request) => ({ toqueAdmin: (await service.user(currentUser(request).id)).isToqueAdmin }),
  );

  app.put(
    '/profile/updateUser',
    { schema: { ...secured, body: updateUserBody, response: { 200: updateUserResponse, ...errors } } },
    async (request) => {
      const token = await service.updateUser(currentUser(request).id, request.body);
      return { message: msg.profileSuccess, ...(token ? { token } : {}) };
    },
  );
};
