import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Server } from 'socket.io';
import { io } from 'socket.io-client';
import { afterEach, describe, expect, test } from 'vitest';
import { SOCKET_PATH, SOCKET_RECONNECTION } from '@toque/contracts/calls';
import { apiMsg, callMsg } from '@toque/contracts/messages';
import { retryRefusedHandshakes, type CallSocket } from './call-socket';

const closers: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const close of closers.splice(0)) await close();
});

/**
 * A real Socket.IO server whose handshake middleware refuses the first `refusals` handshakes with
 * `message` (as apps/server/src/plugins/realtime.ts does when the database did not answer in time),
 * then accepts.
 */
async function refusingServer(refusals: number, message: string) {
  const http = createServer();
  const server = new Server(http, { path: SOCKET_PATH });
  const state = { handshakes: 0 };
  server.use((_socket, next) => {
    state.handshakes += 1;
    next(state.handshakes <= refusals ? new Error(message) : undefined);
  });
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
  closers.push(() => new Promise((resolve) => void server.close(() => resolve())));
  return { url: `http://127.0.0.1:${(http.address() as AddressInfo).port}`, state };
}

/** The app's call socket options (createCallSocket's), to `url`. */
function appSocket(url: string): CallSocket {
  const socket: CallSocket = io(url, { path: SOCKET_PATH, transports: ['websocket'], autoConnect: false, ...SOCKET_RECONNECTION });
  closers.push(async () => void socket.disconnect());
  return socket;
}

/** Resolves with what became of `socket` after `ms`: connected, or how many refusals it heard. */
async function after(socket: CallSocket, ms: number) {
  let refused = 0;
  socket.on('connect_error', () => (refused += 1));
  await new Promise((resolve) => setTimeout(resolve, ms));
  return { connected: socket.connected, refused };
}

describe('a call socket whose handshake was refused for want of the database tries again (REL-04, REL-06)', () => {
  test('[REL-04] [REL-06] refused twice with databaseUnavailable, then accepted: the socket is connected (without retryRefusedHandshakes it stays down)', async () => {
    // The control: Socket.IO's own reconnection stops at a middleware refusal.
    const control = await refusingServer(2, apiMsg.databaseUnavailable);
    const plain = appSocket(control.url);
    plain.connect();
    expect(await after(plain, 4_000)).toEqual({ connected: false, refused: 1 });
    expect(control.state.handshakes).toBe(1);

    const { url, state } = await refusingServer(2, apiMsg.databaseUnavailable);
    const socket = appSocket(url);
    retryRefusedHandshakes(socket, () => true);
    socket.connect();
    // 0.1–1.9 s, then 0.2–3.8 s: connected within 6 s.
    await expect.poll(() => socket.connected, { timeout: 8_000, interval: 50 }).toBe(true);
    expect(state.handshakes).toBe(3);
  });

  test('[REL-04] a refusal of the session (not the database) stays final, and a socket the page no longer wants is not reconnected', async () => {
    const unauthorized = await refusingServer(1, callMsg.socketUnauthorized);
    const ended = appSocket(unauthorized.url);
    retryRefusedHandshakes(ended, () => true);
    ended.connect();
    expect(await after(ended, 3_000)).toEqual({ connected: false, refused: 1 });
    expect(unauthorized.state.handshakes).toBe(1);

    const away = await refusingServer(1, apiMsg.databaseUnavailable);
    const dropped = appSocket(away.url);
    retryRefusedHandshakes(dropped, () => false);
    dropped.connect();
    expect(await after(dropped, 3_000)).toEqual({ connected: false, refused: 1 });
    expect(away.state.handshakes).toBe(1);
  });
});
