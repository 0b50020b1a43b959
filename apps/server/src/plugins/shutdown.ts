import fp from 'fastify-plugin';

declare module 'fastify' {
  interface FastifyInstance {
    /** OPS-04: true once the process is stopping: /api/ready answers 503 and answers close their connection. */
    draining(): boolean;
    /** Resolves once this process no longer listens and its last HTTP connection has ended. */
    drained(): Promise<void>;
  }
}

/**
 * OPS-04, the first step of a graceful stop (docs/decisions/0024): the listening socket closes at
 * once, so a proxy's next connection goes to another replica (refused before anything was sent,
 * nginx retries it there, even a POST); requests in flight finish, and every answer from now on
 * closes its connection, so no keep-alive connection carries a new request here. The realtime
 * plugin's preClose then closes the sockets' connections (their clients reconnect elsewhere), and
 * the app's last preClose waits for `drained()` before anything (database, Redis) is closed.
 */
export const shutdownPlugin = fp(async (app) => {
  let draining = false;
  let drained: Promise<void> = Promise.resolve();
  app.decorate('draining', () => draining);
  app.decorate('drained', () => drained);

  app.addHook('onSend', async (_request, reply) => {
    if (draining) void reply.header('connection', 'close');
  });

  app.addHook('preClose', async () => {
    draining = true;
    const server = app.server;
    if (!server.listening) return;
    // Connections that sit idle between requests end now, and again while draining: a busy one
    // ends after its answer (Connection: close), and any that went idle anyway end here.
    server.closeIdleConnections();
    const reaper = setInterval(() => server.closeIdleConnections(), 100);
    drained = new Promise<void>((resolve) =>
      server.close(() => {
        clearInterval(reaper);
        resolve();
      }),
    );
  });
});
