import fp from 'fastify-plugin';
import type { FastifyRequest } from 'fastify';
import type { Redis } from 'ioredis';
import jwt from 'jsonwebtoken';
import { Server, type Socket } from 'socket.io';
import { createAdapter } from '@socket.io/redis-adapter';
import { SOCKET_PATH } from '@toque/contracts/calls';
import type { ClientToServerEvents, ServerToClientEvents } from '@toque/contracts/socket-events';
import { apiMsg, callMsg } from '@toque/contracts/messages';
import { RateLimiterMemory } from 'rate-limiter-flexible';
import pLimit from 'p-limit';
import { verifyCallerToken } from '../lib/caller-token';
import { createRedis } from '../lib/redis';
import { atMostEvery, WARN_INTERVAL_MS } from '../lib/throttle';
import { holdsNul } from './security';
import { isDatabaseUnavailable } from '../lib/pg-errors';
import { forSomeoneWaiting } from '../lib/db-deadline';

/** Who a socket is, settled once at the handshake. */
type SocketData =
  | { kind: 'user'; userId: string; tokenVersion: number }
  | { kind: 'caller'; roomId: string }
  /** FIND-06: a finder's conversation, opened with its private token (no call, no user). */
  | { kind: 'finder'; conversationId: string };
/** The two parties of a call: a finder's conversation socket is neither. */
export type CallParty = Exclude<SocketData, { kind: 'finder' }>;

/** Messages between the server processes (through the Redis adapter). */
interface InterServerEvents {
  /** PERF-01: drop your copy of this user's row (plugins/sessions.ts); acknowledge once done. */
  'sessions:forget': (userId: string, done: (ok: true) => void) => void;
  /** REL-05: the sender's link to Redis came back; what it published meanwhile was lost (ring again). */
  'link:restored': () => void;
}

export type Io = Server<ClientToServerEvents, ServerToClientEvents, InterServerEvents, SocketData>;
export type IoSocket = Socket<ClientToServerEvents, ServerToClientEvents, InterServerEvents, SocketData>;

/** A user's every open session joins this room, so one emit reaches all of them (CALL-03). */
export const userRoom = (userId: string) => `user:${userId}`;
export const callRoom = (roomId: string) => `call:${roomId}`;
/** FIND-06: the finder's socket(s) of one conversation. */
export const conversationRoom = (conversationId: string) => `conversation:${conversationId}`;

/** FIND-06: the conversation a finder's token opens (null: none, or blocked); set by the conversations module. */
type ConversationResolver = (token: string) => Promise<string | null>;
const conversationResolvers = new WeakMap<Io, ConversationResolver>();
export const setConversationResolver = (io: Io, resolve: ConversationResolver) => void conversationResolvers.set(io, resolve);
/** The sockets of one user opened with one token version: those a revocation keeps (ACC-02). */
const versionRoom = (userId: string, tokenVersion: number) => `user:${userId}:v${tokenVersion}`;

const stopping = new WeakSet<Io>();
/** True once this process is closing: its sockets drop because it stops, not because their users left. */
export const isStopping = (io: Io) => stopping.has(io);

declare module 'fastify' {
  interface FastifyInstance {
    io: Io;
    /**
     * ACC-02: closes at once, on every process (through the adapter), the user's sockets opened
     * with a token older than `keepVersion` — or all of them when it is not given (block, deletion).
     * Call it after the token version moved on, once that change is committed.
     */
    revokeSockets(userId: string, keepVersion?: number): void;
    /**
     * REL-05: runs `fn` when the broadcasts between processes may have lost something and work
     * again — this process's Redis subscriber came back, or another process says its link did.
     */
    onLinkRestored(fn: () => void): void;
  }
}

/**
 * REL-04: a replica taking the owners of a dead one gets thousands of handshakes at once. Their
 * session checks (a statement each) run a few at a time, below the database pool's 10 connections so
 * an API request still finds one and no check waits for a connection past REL-06's deadline; the
 * others wait their turn in order. Until session 9 the bound was 200 checks at once and every
 * handshake past it was refused: each refusal cost the owner a new TLS handshake through nginx and a
 * backoff of up to 5 s, and at 10,000 owners 3,000–8,300 attempts failed on the way back
 * (docs/decisions/0052, addendum 2).
 */
const SESSION_CHECKS_AT_ONCE = 6;
/**
 * Handshakes waiting for their session check, at most; past it a new connection is refused at once
 * (HTTP 403 from engine.io's allowRequest) and the client retries after its jittered backoff
 * (lib/call-socket.ts). 2,000 checks take a few seconds, well inside the client's 20 s handshake
 * timeout; a flood beyond it costs the flooder a refusal, not this process a queue as long as the burst.
 */
const HANDSHAKES_WAITING = 2000;

/**
 * Socket.IO on Fastify's HTTP server. The web app connects by websocket only, so its sockets need no
 * sticky sessions and any process behind a load balancer can take any of them (docs/decisions/0008);
 * long-polling is accepted too, for clients with Socket.IO's default options (0026). The Redis
 * adapter (when REDIS_URL is set) carries room emits between processes (CALL-12).
 */
export const realtimePlugin = fp<{
  redisUrl?: string | undefined;
  /** The signing secret, then those still accepted (OPS-06): the finders' caller tokens verify with any. */
  secrets: string[];
  socketsPerUser: number;
  eventsPerWindow: number;
}>(async (app, opts) => {
  const io: Io = new Server(app.server, {
    path: SOCKET_PATH,
    // The web app connects by websocket only (no sticky sessions needed, docs/decisions/0008); a
    // client with Socket.IO's default options (polling first, then the upgrade) is served too —
    // behind several replicas it needs the proxy's stickiness for /socket.io/ (deploy/nginx, 0026).
    transports: ['polling', 'websocket'],
    serveClient: false,
    // An SDP offer is a few kilobytes; nothing legitimate comes near this.
    maxHttpBufferSize: 100_000,
    allowRequest: (_req, answer) => answer(null, sessionChecks.activeCount + sessionChecks.pendingCount < HANDSHAKES_WAITING),
  });
  /** The handshakes' session checks, in arrival order (REL-04 above). */
  const sessionChecks = pLimit(SESSION_CHECKS_AT_ONCE);
  const restoredHandlers: (() => void)[] = [];
  const linkRestored = () => {
    for (const fn of restoredHandlers) fn();
  };

  let redis: Redis[] = [];
  if (opts.redisUrl) {
    // REL-03: Redis away must cost other processes' broadcasts, never this process. A command gives
    // up after one reconnection attempt or a second, and a failed publish (the adapter does not
    // catch its own) is logged instead of becoming an unhandled rejection that ends the process.
    const warn = atMostEvery(WARN_INTERVAL_MS, (err: unknown, what: string) => app.log.warn({ err }, `socket.io redis: ${what}`));
    // REL-05: both links try again every half second at most (ioredis's default waits up to 2 s), so
    // a Redis that is back carries broadcasts within ~0.5 s; a publish issued in that gap waits in
    // the offline queue (up to its 1 s timeout) instead of being lost.
    const retryStrategy = (attempt: number) => Math.min(attempt * 100, 500);
    const pub = createRedis(opts.redisUrl, { maxRetriesPerRequest: 1, commandTimeout: 1000, retryStrategy }, (err) => warn(err, 'unavailable'));
    // The subscriber's commands wait for Redis however long it is away (the adapter does not catch
    // its SUBSCRIBE promises), and ioredis subscribes again on every reconnection.
    const sub = createRedis(opts.redisUrl, { maxRetriesPerRequest: null, retryStrategy }, (err) => warn(err, 'unavailable'));
    redis = [pub, sub];
    const publish = pub.publish.bind(pub);
    pub.publish = (channel: string, message: string) =>
      publish(channel, message).catch((err: unknown) => {
        warn(err, 'a broadcast to the other processes was lost');
        return 0;
      });
    // Requests to the other processes (fetchSockets) wait at most this long for their answers.
    io.adapter(createAdapter(pub, sub, { requestsTimeout: 2000 }));
    // REL-05: whatever was broadcast while a link was down is lost. When this process hears again
    // (its subscriber is back) it rings its own sockets again; when it can speak again (its
    // publisher is back) it tells the others to, as they may have come back before it.
    const afterLoss = (client: Redis, then: () => void) => {
      let lost = false;
      client.on('close', () => (lost = true));
      client.on('ready', () => {
        if (!lost) return;
        lost = false;
        then();
      });
    };
    afterLoss(sub, () => setTimeout(linkRestored, 500).unref());
    afterLoss(pub, () => io.serverSideEmit('link:restored'));
    io.on('link:restored', linkRestored);
  }

  /** The same resolution as an HTTP request, token version included (ACC-02): only the header is read. */
  const sessionOf = (token: string) => app.resolveUser({ headers: { authorization: `Bearer ${token}` } } as FastifyRequest);

  /** A handshake whose check failed: REL-06, a database that does not answer is said as such (the client may try again). */
  const refuseFailed = (err: unknown, next: (err?: Error) => void) => {
    if (isDatabaseUnavailable(err)) return next(new Error(apiMsg.databaseUnavailable));
    app.log.error({ err }, 'socket handshake failed');
    next(new Error(callMsg.socketUnauthorized));
  };

  // REL-06: a handshake and a socket's events are waited on: their statements have the database deadline.
  io.use((_socket, next) => forSomeoneWaiting(() => next()));
  // The handshake's auth.token is a user's session token or a finder's caller token; nothing else.
  io.use((socket, next) => {
    // FIND-06: a finder's conversation socket carries `auth.conversation` (its private token) instead.
    const conversation: unknown = (socket.handshake.auth as Record<string, unknown>).conversation;
    if (typeof conversation === 'string') {
      const resolve = conversationResolvers.get(io);
      if (!resolve || conversation.length > 64) return next(new Error(callMsg.socketUnauthorized));
      resolve(conversation).then(
        (conversationId) => {
          if (!conversationId) return next(new Error(callMsg.socketUnauthorized));
          socket.data = { kind: 'finder', conversationId };
          next();
        },
        (err: unknown) => refuseFailed(err, next),
      );
      return;
    }
    const token: unknown = (socket.handshake.auth as Record<string, unknown>).token;
    if (typeof token !== 'string' || token.length === 0) return next(new Error(callMsg.socketUnauthorized));
    const roomId = verifyCallerToken(opts.secrets, token);
    if (roomId) {
      socket.data = { kind: 'caller', roomId };
      return next();
    }
    sessionChecks(() => sessionOf(token)).then(
      (user) => {
        if (!user) return next(new Error(callMsg.socketUnauthorized));
        // resolveUser checked the signature and that this version is the current one.
        const { tv } = jwt.decode(token) as { tv: number };
        socket.data = { kind: 'user', userId: user.id, tokenVersion: tv };
        next();
      },
      (err: unknown) => refuseFailed(err, next),
    );
  });

  // SEC-05: a socket's events are counted per connection; a flood is refused before any handler (a
  // call's signalling needs a few dozen: its offer, answer and ICE candidates).
  const eventBudget = new RateLimiterMemory({ points: opts.eventsPerWindow, duration: 10 });

  /**
   * Before any handler: SEC-03, a NUL in an event's payload never reaches one (nor PostgreSQL);
   * SEC-05, nor does an event past the socket's budget. An ack says why.
   */
  function guardEvents(socket: IoSocket) {
    socket.use((packet, next) => {
      const ack: unknown = packet[packet.length - 1];
      const refuse = (message: string) => {
        if (typeof ack === 'function') (ack as (reply: unknown) => void)({ ok: false, message });
      };
      if (holdsNul(packet)) return refuse(callMsg.badSocketPayload);
      eventBudget.consume(socket.id).then(
        () => next(),
        () => {
          app.metrics.limiterHit('socketEvents');
          refuse(apiMsg.tooManyRequests);
        },
      );
    });
  }

  /**
   * Beyond `socketsPerUser` open sockets of a user on this process, the oldest ones are closed.
   * PERF-07: counted in this process's own room, never by asking every process through Redis — that
   * was a request and an answer from each process per connection (10,000 owners reconnecting after a
   * restart: 10,000 of them), to guard against one user's sockets piling up in one process's memory,
   * which the local count bounds as well (docs/decisions/0036-fleet.md).
   */
  function capSockets(userId: string) {
    const ids = io.of('/').adapter.rooms.get(userRoom(userId));
    if (!ids || ids.size <= opts.socketsPerUser) return;
    const open = [...ids].flatMap((id) => io.of('/').sockets.get(id) ?? []);
    const oldest = open.sort((a, b) => a.handshake.issued - b.handshake.issued);
    for (const old of oldest.slice(0, open.length - opts.socketsPerUser)) old.disconnect(true);
  }

  io.on('connection', (socket) => {
    guardEvents(socket);
    socket.use((_packet, next) => forSomeoneWaiting(() => next()));
    const who = socket.data;
    if (who.kind === 'finder') return void socket.join(conversationRoom(who.conversationId));
    if (who.kind !== 'user') return;
    void socket.join([userRoom(who.userId), versionRoom(who.userId, who.tokenVersion)]);
    // A password change committed while this handshake was between its check and joining the
    // rooms would have missed this socket: look once more, now that it is in them. PERF-07: through
    // the session cache, which holds the row the handshake just read — every invalidation empties it
    // on every process before any socket is closed (plugins/sessions.ts), so a change that closed the
    // rooms before this socket joined them is seen here; no second query per connection.
    void (async () => {
      if (!(await sessionOf((socket.handshake.auth as { token: string }).token))) return void socket.disconnect(true);
      capSockets(who.userId);
    })().catch((err: unknown) => app.log.warn({ err }, 'socket admission check failed'));
  });

  app.decorate('io', io);
  app.decorate('onLinkRestored', (fn: () => void) => void restoredHandlers.push(fn));
  app.decorate('revokeSockets', (userId: string, keepVersion?: number) => {
    const keep = keepVersion === undefined ? [] : [versionRoom(userId, keepVersion)];
    // This process's sockets first, directly: the adapter's broadcast is only a Redis publish, which
    // would leave even the local ones open while Redis is down.
    io.local.in(userRoom(userId)).except(keep).disconnectSockets(true);
    io.in(userRoom(userId)).except(keep).disconnectSockets(true);
  });

  /**
   * OPS-04: a stopping process (its listener already closed, plugins/shutdown.ts) closes its
   * sockets' underlying connections instead of disconnecting them: a client sees a transport close,
   * not `io server disconnect`, so any Socket.IO client with default options reconnects by itself —
   * through the proxy, to another replica, where the handshake checks its token again (a revoked
   * session stays out) and the app joins its call again (`resume`). Its calls are not ended here.
   */
  app.addHook('preClose', async () => {
    stopping.add(io);
    for (const socket of io.of('/').sockets.values()) socket.conn.close();
  });
  app.addHook('onClose', async () => {
    await io.close();
    // A client still waiting for Redis would wait on QUIT too: cut it instead.
    await Promise.all(
      redis.map(async (client) => {
        if (client.status === 'ready') await client.quit().catch(() => client.disconnect());
        else client.disconnect();
      }),
    );
  });
});
