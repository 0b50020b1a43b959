import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiMsg } from '@toque/contracts/messages';
import { errorResponse } from '@toque/contracts/errors';
import { Forbidden } from '../../errors';
import { fromLoopback } from '../../lib/loopback-or-token';
import { sameSecret } from '../../lib/same-secret';
import { operatorCommand, runOperatorCommand } from './commands';

/**
 * The CLI's way in while this process holds the embedded database (PGlite is single-process):
 * loopback only, and a secret the server wrote into its lock file, readable only by the operator.
 */
export const operatorRoutes: FastifyPluginAsyncZod<{ token: string }> = async (app, { token }) => {
  app.post(
    '/operator',
    {
      schema: {
        hide: true,
        body: operatorCommand,
        // What each command returns is its own (rows, counts, the demo's accounts): passed through as is.
        response: { 200: z.object({ result: z.unknown().optional(), error: z.string().optional() }), 403: errorResponse },
      },
      preHandler: async (request) => {
        const given = request.headers['x-operator-token'];
        // Loopback AND the lock file's secret (unlike metrics' loopback OR token): 403 otherwise.
        if (!fromLoopback(request) || typeof given !== 'string' || !sameSecret(given, token)) {
          throw new Forbidden(apiMsg.operatorOnly);
        }
      },
    },
    async (request) => {
      try {
        const result = await runOperatorCommand(app.db, request.body);
        // An existing account made admin: the processes drop the row that says it is not (PERF-01).
        // The CLI on PostgreSQL writes directly; the running servers see the grant within the
        // session cache's TTL (docs/decisions/0018).
        if (request.body.command === 'create-admin') {
          await app.sessions.invalidate((result as { id: string }).id, { closeSockets: false });
        }
        return { result };
      } catch (error) {
        return { error: (error as Error).message };
      }
    },
  );
};
