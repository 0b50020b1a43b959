import { Server as NetServer, type Socket } from 'node:net';
import fp from 'fastify-plugin';

declare module 'fastify' {
  interface FastifyInstance {
    /** OPS-04: true once the process is stopping: /api/ready answers 503 and answers close their connection. */
    draining(): boolean;
    /** Resolves once this process no longer listens and its last HTTP connection has ended. */
    drained(): Promise<void>;
  }
}

/** How long a connection that has not sent a whole request yet may take once the process is stopping. */
const FRESH_CONNECTION_GRACE_MS = 2_000;
/** At most this long is spent accepting the connections already waiting before the listener closes. */
const ACCEPT_PENDING_MS = 500;

/** One whole turn of the event loop, its poll phase (where connections are accepted) included. */
const loopTurn = () => new Promise<void>((resolve) => setTimeout(() => setImmediate(resolve), 0));

/**
 * OPS-04, the first step of a graceful stop (docs/decisions/0024): the listening socket closes at
 * once, so a proxy's next connection goes to another replica (refused before anything was sent,
 * nginx retries it there, even a POST). Every request already on an accepted connection is answered
 * — also one this process has not read yet (Fastify's return503OnClosing is off, app.ts) — and every
 * answer from now on closes its connection. A keep-alive connection waiting between two requests is
 * closed; one that has not finished its first request gets FRESH_CONNECTION_GRACE_MS. Node's own
 * `server.close()` is not used: it also destroys connections whose request it has not parsed yet,
 * which their clients see as a reset. The realtime plugin's preClose then closes the sockets'
 * connections (their clients reconnect elsewhere), and the app's last preClose waits for
 * `drained()` before anything (database, Redis) is closed.
 */
export const shutdownPlugin = fp(async (app) => {
  let draining = false;
  let drained: Promise<void> = Promise.resolve();
  app.decorate('draining', () => draining);
  app.decorate('drained', () => drained);

  // Connections that have had an answer, and whether one is being answered now.
  const answered = new WeakSet<Socket>();
  const busy = new WeakSet<Socket>();
  const open = new Set<Socket>();
  let accepted = 0;
  app.server.on('connection', (socket: Socket) => {
    accepted += 1;
    open.add(socket);
    socket.once('close', () => open.delete(socket));
  });
  app.addHook('onRequest', async (request) => {
    busy.add(request.raw.socket);
  });
  app.addHook('onSend', async (_request, reply) => {
    if (draining) void reply.header('connection', 'close');
  });
  app.addHook('onResponse', async (request) => {
    busy.delete(request.raw.socket);
    answered.add(request.raw.socket);
  });

  app.addHook('preClose', async () => {
    draining = true;
    const server = app.server;
    if (!server.listening) return;
    // Connections the kernel has completed but this process has not accepted yet (a busy event
    // loop leaves them queued) would be reset by closing the listener: accept them first, until a
    // turn of the event loop brings no new one (they are answered normally).
    const started = Date.now();
    for (let before = -1; before !== accepted && Date.now() - started < ACCEPT_PENDING_MS;) {
      before = accepted;
      await loopTurn();
    }
    // Connections cut before any request of theirs reached the app: logged, so a client that saw a
    // reset during a deploy can be told apart from one whose answer was lost.
    let cutFresh = 0;
    let cutFreshUnread = 0;
    const reap = () => {
      for (const socket of open) {
        // Websockets are closed by the realtime plugin (and are past the grace if still open).
        if (busy.has(socket)) continue;
        if (answered.has(socket)) socket.destroy();
        else if (Date.now() - started > FRESH_CONNECTION_GRACE_MS) {
          cutFresh += 1;
          if (socket.bytesRead === 0) cutFreshUnread += 1;
          socket.destroy();
        }
      }
    };
    reap();
    const reaper = setInterval(reap, 100);
    drained = new Promise<void>((resolve) =>
      // The listener only: http.Server#close would also drop connections it has not read yet.
      NetServer.prototype.close.call(server, () => {
        clearInterval(reaper);
        if (cutFresh > 0)
          app.log.warn(
            { connections: cutFresh, nothingRead: cutFreshUnread, graceMs: FRESH_CONNECTION_GRACE_MS },
            'shutdown: connections without a whole request were cut after the grace',
          );
        resolve();
      }),
    );
  });
});
