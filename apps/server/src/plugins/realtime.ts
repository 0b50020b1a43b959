import fp from 'fastify-plugin';
import type { FastifyRequest } from 'fastify';
import { Redis } from 'ioredis';
import { Server, type Socket } from 'socket.io';
import { createAdapter } from '@socket.io/redis-adapter';
import { SOCKET_PATH, type ClientToServerEvents, type ServerToClientEvents } from '@toque/contracts/calls';
import { callMsg } from '@toque/contracts/messages';
import { verifyCallerToken } from '../lib/caller-token';

/** Who a socket is, settled once at the handshake. */
export type SocketData = { kind: 'user'; userId: string } | { kind: 'caller'; roomId: string };

export type Io = Server<ClientToServerEvents, ServerToClientEvents, Record<string, never>, SocketData>;
export type IoSocket = Socket<ClientToServerEvents, ServerToClientEvents, Record<string, never>, SocketData>;

/** A user's every open session joins this room, so one emit reaches all of them (CALL-03). */
export const userRoom = (userId: string) => `user:${userId}`;
export const callRoom = (roomId: string) => `call:${roomId}`;

const stopping = new WeakSet<Io>();
/** True once this process is closing: its sockets drop because it stops, not because their users left. */
export const isStopping = (io: Io) => stopping.has(io);

declare module 'fastify' {
  interface FastifyInstance {
    io: Io;
  }
}

/**
 * Socket.IO on Fastify's HTTP server, websocket transport only (docs/decisions/0008): no long-polling
 * means no sticky sessions, so any process behind a load balancer can take any socket, and the Redis
 * adapter (when REDIS_URL is set) carries room emits between processes (CALL-12).
 */
export const realtimePlugin = fp<{ redisUrl?: string | undefined; secret: string }>(async (app, opts) => {
  const io: Io = new Server(app.server, {
    path: SOCKET_PATH,
    transports: ['websocket'],
    serveClient: false,
    // An SDP offer is a few kilobytes; nothing legitimate comes near this.
    maxHttpBufferSize: 100_000,
  });

  let redis: Redis[] = [];
  if (opts.redisUrl) {
    const pub = new Redis(opts.redisUrl, { maxRetriesPerRequest: 2 });
    const sub = pub.duplicate();
    redis = [pub, sub];
    for (const client of redis) client.on('error', (err) => app.log.warn({ err }, 'socket.io redis error'));
    io.adapter(createAdapter(pub, sub));
  }

  // The handshake's auth.token is a user's session token or a finder's caller token; nothing else.
  io.use((socket, next) => {
    const token: unknown = (socket.handshake.auth as Record<string, unknown>).token;
    if (typeof token !== 'string' || token.length === 0) return next(new Error(callMsg.socketUnauthorized));
    const roomId = verifyCallerToken(opts.secret, token);
    if (roomId) {
      socket.data = { kind: 'caller', roomId };
      return next();
    }
    // The same resolution as an HTTP request, token version included (ACC-02): only the header is read.
    const request = { headers: { authorization: `Bearer ${token}` } } as FastifyRequest;
    app.resolveUser(request).then(
      (user) => {
        if (!user) return next(new Error(callMsg.socketUnauthorized));
        socket.data = { kind: 'user', userId: user.id };
        next();
      },
      (err: unknown) => {
        app.log.error({ err }, 'socket handshake failed');
        next(new Error(callMsg.socketUnauthorized));
      },
    );
  });

  io.on('connection', (socket) => {
    if (socket.data.kind === 'user') void socket.join(userRoom(socket.data.userId));
  });

  app.decorate('io', io);

  // Open websockets would keep the HTTP server from closing: drop this process's sockets first.
  app.addHook('preClose', async () => {
    stopping.add(io);
    io.local.disconnectSockets(true);
  });
  app.addHook('onClose', async () => {
    await io.close();
    await Promise.all(redis.map((client) => client.quit().catch(() => client.disconnect())));
  });
});
