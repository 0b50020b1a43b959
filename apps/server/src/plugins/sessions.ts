import fp from 'fastify-plugin';
import type { Redis } from 'ioredis';

declare module 'fastify' {
  interface FastifyInstance {
    sessions: {
      /**
       * ACC-02 / ADM-07 / PERF-01: the one call after anything that changes what a user's token is
       * worth — a password change or reset, a block or unblock, an admin grant, an account deletion —
       * once that change is committed. Resolves when every process has dropped its copy of the
       * user's row, so the very next request with an older token is refused wherever it lands; then
       * closes the user's sockets opened with a token older than `keepVersion` (all of them when it is
       * not given), unless `closeSockets` is false.
       */
      invalidate(userId: string, opts?: { keepVersion?: number; closeSockets?: boolean }): Promise<void>;
    };
  }
}

/** How long a change waits for the other processes to confirm; one that does not answer is logged. */
const ACK_TIMEOUT_MS = 3000;

/**
 * Keeps app.sessionCache (plugins/auth.ts) true on every process. Without Redis there is one process
 * and dropping the local copy is enough. With Redis the other processes are told through the
 * Socket.IO adapter (a server-side emit with acknowledgements), and this process suspends its own
 * cache while its Redis subscriber — the way such messages reach it — is not connected
 * (docs/decisions/0018).
 */
export const sessionsPlugin = fp(async (app) => {
  const { io, sessionCache: cache } = app;
  const sub = (io.of('/').adapter as { subClient?: Redis }).subClient;

  if (sub) {
    if (sub.status !== 'ready') cache.suspend();
    // After a reconnection ioredis subscribes again; a PING answered on the same connection comes
    // after those SUBSCRIBEs, so from then on no invalidation can be missed.
    sub.on('ready', () => {
      sub.ping().then(
        () => cache.resume(),
        () => undefined,
      );
    });
    sub.on('close', () => cache.suspend());
    sub.on('end', () => cache.suspend());
  }

  io.on('sessions:forget', (userId, done) => {
    if (typeof userId === 'string') cache.forget(userId);
    if (typeof done === 'function') done(true);
  });

  async function tellOtherProcesses(userId: string) {
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      // The adapter never answers when Redis fails before publishing: give up on our own clock.
      timer = setTimeout(() => reject(new Error(`no confirmation within ${ACK_TIMEOUT_MS} ms`)), ACK_TIMEOUT_MS);
    });
    try {
      await Promise.race([io.serverSideEmitWithAck('sessions:forget', userId), timeout]);
    } catch (err) {
      // A process that did not confirm has lost its link to Redis (its cache is then suspended) or
      // is gone; the TTL bounds what anything else could cost.
      app.log.warn({ err, userId }, 'sessions: not every process confirmed an invalidation');
    } finally {
      clearTimeout(timer);
    }
  }

  app.decorate('sessions', {
    async invalidate(userId: string, opts: { keepVersion?: number; closeSockets?: boolean } = {}) {
      cache.forget(userId);
      if (sub) await tellOtherProcesses(userId);
      if (opts.closeSockets !== false) app.revokeSockets(userId, opts.keepVersion);
    },
  });
});
