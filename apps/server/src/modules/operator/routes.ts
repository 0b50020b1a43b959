import { timingSafeEqual } from 'node:crypto';
import { isAbsolute } from 'node:path';
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiMsg } from '@toque/contracts/messages';
import { errorResponse } from '@toque/contracts/errors';
import { Forbidden } from '../../errors';
import { operatorService } from './service';

const command = z.discriminatedUnion('command', [
  z.object({
    command: z.literal('create-admin'),
    email: z.string().email(),
    password: z.string().min(6),
    name: z.string().min(1),
  }),
  z.object({ command: z.literal('mint'), productId: z.number().int(), count: z.number().int() }),
  z.object({ command: z.literal('outbox'), limit: z.number().int().positive().max(1000).optional() }),
  z.object({ command: z.literal('seed-demo') }),
  z.object({ command: z.literal('set-active'), code: z.string().min(1).max(64), active: z.boolean() }),
  // OPS-07: the embedded database is copied by the process that holds it; the CLI names a new file.
  z.object({ command: z.literal('backup'), file: z.string().min(1).max(4096).refine(isAbsolute) }),
]);
export type OperatorCommand = z.infer<typeof command>;

export function runOperatorCommand(db: Parameters<typeof operatorService.mint>[0], body: OperatorCommand) {
  switch (body.command) {
    case 'create-admin':
      return operatorService.createAdmin(db, body);
    case 'mint':
      return operatorService.mint(db, body);
    case 'outbox':
      return operatorService.listOutbox(db, body.limit);
    case 'seed-demo':
      return operatorService.seedDemo(db);
    case 'set-active':
      return operatorService.setActive(db, body);
    case 'backup':
      return operatorService.backupEmbedded(db, body.file);
  }
}

function sameSecret(a: string, b: string) {
  const ab = Buffer.from(a);
  const bb = Buffer.from(b);
  return ab.length === bb.length && timingSafeEqual(ab, bb);
}

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
        body: command,
        // What each command returns is its own (rows, counts, the demo's accounts): passed through as is.
        response: { 200: z.object({ result: z.unknown().optional(), error: z.string().optional() }), 403: errorResponse },
      },
      preHandler: async (request) => {
        const given = request.headers['x-operator-token'];
        const loopback =
          request.socket.remoteAddress === '127.0.0.1' ||
          request.socket.remoteAddress === '::1' ||
          request.socket.remoteAddress === '::ffff:127.0.0.1';
        if (!loopback || typeof given !== 'string' || !sameSecret(given, token)) {
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
