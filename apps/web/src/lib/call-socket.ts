import { io, type Socket } from 'socket.io-client';
import {
  SOCKET_PATH,
  SOCKET_RECONNECTION,
  type JoinAck,
} from '@toque/contracts/calls';
import { apiMsg } from '@toque/contracts/messages';
import { ApiError } from './api-client';
import type { ClientToServerEvents, ServerToClientEvents } from '@toque/contracts/socket-events';

export type CallSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

/**
 * A Socket.IO client for the call (CALL-05): websocket transport only, so no replica needs sticky
 * sessions for it (docs/decisions/0008; the server also serves long-polling clients, 0026), authenticated by a session token (the owner) or a caller token (the
 * finder). Not connected until the caller says so (the specification's "manual connect").
 */
export function createCallSocket(token: string): CallSocket {
  return io({ path: SOCKET_PATH, transports: ['websocket'], auth: { token }, autoConnect: false, ...SOCKET_RECONNECTION });
}

/** FIND-06: the finder's socket of one conversation, authenticated by its token, connected at once (the same transport rules). */
export function createConversationSocket(conversationToken: string): CallSocket {
  return io({ path: SOCKET_PATH, transports: ['websocket'], auth: { conversation: conversationToken }, ...SOCKET_RECONNECTION });
}

/** Resolves once the socket is connected; rejects with the server's refusal. */
export function connected(socket: CallSocket): Promise<void> {
  if (socket.connected) return Promise.resolve();
  return new Promise((resolve, reject) => {
    const onConnect = () => {
      socket.off('connect_error', onError);
      resolve();
    };
    const onError = (error: Error) => {
      socket.off('connect', onConnect);
      reject(error);
    };
    socket.once('connect', onConnect);
    socket.once('connect_error', onError);
    socket.connect();
  });
}

/** `join(roomId)` with its acknowledgement. */
export function joinRoom(socket: CallSocket, roomId: string): Promise<JoinAck> {
  return new Promise((resolve) => socket.emit('join', roomId, resolve));
}

/**
 * REL-06: a join's acknowledgement saying the database did not answer in time, as the 503 that
 * `whileUnavailable` asks again (with "trying again" on screen); any other answer as it came.
 */
export async function untilDatabaseAnswers(ack: Promise<JoinAck>): Promise<JoinAck> {
  const answer = await ack;
  if (!answer.ok && answer.message === apiMsg.databaseUnavailable) throw new ApiError(503, answer.message);
  return answer;
}

/**
 * After a reconnection (a server restart moved this socket, OPS-04): `resume` when this side's
 * media link still stands — the other side keeps its peer connection — or a plain `join`.
 */
export function rejoinRoom(socket: CallSocket, roomId: string, linkUp: boolean): Promise<JoinAck> {
  return new Promise((resolve) => socket.emit(linkUp ? 'resume' : 'join', roomId, resolve));
}

/**
 * REL-04 / REL-06 (docs/decisions/0052): a handshake the server refused because its database did not
 * answer in time — an outage, or a replica taking a burst of reconnections after another one died —
 * ends Socket.IO's own reconnection (a middleware refusal does). The socket tries again by itself,
 * with SOCKET_RECONNECTION's jittered, doubling delays, while `wanted()` says the page still wants it;
 * otherwise an owner's tab would never ring again until reloaded. Any other refusal (a session that
 * ended) stays final.
 */
export function retryRefusedHandshakes(socket: CallSocket, wanted: () => boolean): void {
  const { reconnectionDelay, reconnectionDelayMax, randomizationFactor } = SOCKET_RECONNECTION;
  let attempt = 0;
  socket.on('connect', () => {
    attempt = 0;
  });
  socket.on('connect_error', (error) => {
    if (socket.active || error.message !== apiMsg.databaseUnavailable) return;
    const base = Math.min(reconnectionDelayMax, reconnectionDelay * 2 ** attempt);
    attempt += 1;
    const wait = base * (1 - randomizationFactor + 2 * randomizationFactor * Math.random());
    setTimeout(() => {
      if (wanted() && !socket.connected && !socket.active) socket.connect();
    }, wait);
  });
}
