import { io, type Socket } from 'socket.io-client';
import {
  SOCKET_PATH,
  SOCKET_RECONNECTION,
  type JoinAck,
} from '@toque/contracts/calls';
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
 * After a reconnection (a server restart moved this socket, OPS-04): `resume` when this side's
 * media link still stands — the other side keeps its peer connection — or a plain `join`.
 */
export function rejoinRoom(socket: CallSocket, roomId: string, linkUp: boolean): Promise<JoinAck> {
  return new Promise((resolve) => socket.emit(linkUp ? 'resume' : 'join', roomId, resolve));
}
