import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponse } from '@toque/contracts/errors';
import { TEST_CALL_PATH, testCallBody, testCallResponse } from '@toque/contracts/ringing';
import { currentUser } from '../../plugins/auth';
import type { TestCallService } from './service';

/** CALL-16: the owner rings their own devices to see that they would be reached. */
export const testCallRoutes: FastifyPluginAsyncZod<{ service: TestCallService }> = async (app, { service }) => {
  app.post(
    TEST_CALL_PATH,
    {
      // Before any body is read: a stranger gets 401 whatever they send (SEC-02).
      onRequest: app.authenticate,
      schema: {
        tags: ['calls'],
        security: [{ bearer: [] }],
        description: 'A test ring to every open session and push subscription of the caller; records nothing.',
        body: testCallBody,
        response: { 200: testCallResponse, 401: errorResponse, 429: errorResponse },
      },
    },
    async (request) => service.ring(currentUser(request).id),
  );
};
