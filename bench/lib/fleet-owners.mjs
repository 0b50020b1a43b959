// PERF-07: one child process of `npm run bench:fleet` holding owner sockets (socket.io-client, the web
// app's options: websocket only). Forked by bench/fleet.mjs; talks to it over IPC only:
//   ← { type: 'connect', url, accounts: [{ userId, token }], addresses: [ip], concurrency, reconnect }
//        reconnect (--faults): the web app's reconnection options (SOCKET_RECONNECTION); without it a
//        dropped socket stays down, as PERF-07 measures; retryRefused (--faults): the server's
//        databaseUnavailable refusal, after which the socket tries again by itself as the web app's
//        owner socket does (apps/web/src/lib/call-socket.ts retryRefusedHandshakes)
//   → { type: 'connected', ok, failed, errors: { message: count }, times: [ms from asking to connected], ids: [userId connected] }
//   → { type: 'ring', roomId, userId, at }        at: epoch milliseconds (sub-millisecond precision)
//   → { type: 'dropped', reason, at }              an owner's socket closed while the bench held it
//   → { type: 'back', ms, at }                     (reconnect) that socket connected again, `ms` after it dropped
//   → { type: 'refused', reason, at }              (reconnect) a handshake of a dropped socket was refused
//   ← { type: 'close' }                            disconnects everything, answers { type: 'closed' }, exits
import { performance } from 'node:perf_hooks';
import { io } from 'socket.io-client';

const now = () => performance.timeOrigin + performance.now();
const sockets = [];
let closing = false;

/** Connects one owner: resolves true once connected, false (and why) when the handshake fails. */
function connectOwner(url, account, localAddress, errors, times, ids, reconnect, retryRefused) {
  const started = performance.now();
  return new Promise((resolve) => {
    const socket = io(url, {
      path: '/socket.io',
      transports: ['websocket'],
      auth: { token: account.token },
      ...(reconnect ? { reconnection: true, ...reconnect } : { reconnection: false }),
      forceNew: true,
      // The bench's nginx has a certificate of its own; every owner comes from one of the bench's
      // loopback addresses, which nginx's `hash $remote_addr` spreads over the replicas.
      rejectUnauthorized: false,
      localAddress,
      timeout: 30_000,
    });
    socket.on('incoming-call', (call) =>
      process.send?.({ type: 'ring', roomId: call.roomId, userId: account.userId, at: now() }),
    );
    socket.once('connect', () => {
      times.push(performance.now() - started);
      ids.push(account.userId);
      sockets.push(socket);
      let droppedAt = null;
      socket.on('disconnect', (reason) => {
        if (closing) return;
        droppedAt = performance.now();
        process.send?.({ type: 'dropped', reason, at: now() });
      });
      let attempt = 0;
      socket.on('connect_error', (error) => {
        if (closing || droppedAt === null) return;
        process.send?.({ type: 'refused', reason: String(error?.message ?? error).slice(0, 80), at: now() });
        if (!reconnect || socket.active || error?.message !== retryRefused) return;
        // The web app's owner socket: a refusal for want of the database is tried again, jittered and doubling.
        const base = Math.min(reconnect.reconnectionDelayMax, reconnect.reconnectionDelay * 2 ** attempt);
        attempt += 1;
        const factor = reconnect.randomizationFactor;
        setTimeout(() => {
          if (!closing && !socket.connected && !socket.active) socket.connect();
        }, base * (1 - factor + 2 * factor * Math.random()));
      });
      socket.on('connect', () => {
        attempt = 0;
        if (droppedAt === null) return;
        process.send?.({ type: 'back', ms: performance.now() - droppedAt, at: now() });
        droppedAt = null;
      });
      resolve(true);
    });
    socket.once('connect_error', (error) => {
      const message = String(error?.message ?? error).slice(0, 120);
      if (socket.connected || ids.includes(account.userId)) return;
      errors[message] = (errors[message] ?? 0) + 1;
      socket.close();
      resolve(false);
    });
  });
}

async function connectAll({ url, accounts, addresses, concurrency, reconnect, retryRefused }) {
  const errors = {};
  const times = [];
  const ids = [];
  let ok = 0;
  let failed = 0;
  let next = 0;
  async function worker() {
    while (next < accounts.length) {
      const i = next++;
      if (await connectOwner(url, accounts[i], addresses[i % addresses.length], errors, times, ids, reconnect, retryRefused)) ok += 1;
      else failed += 1;
    }
  }
  await Promise.all(Array.from({ length: Math.min(concurrency, accounts.length) }, worker));
  process.send?.({ type: 'connected', ok, failed, errors, times, ids });
}

process.on('message', (message) => {
  if (message.type === 'connect') void connectAll(message);
  if (message.type === 'close') {
    closing = true;
    for (const socket of sockets) socket.disconnect();
    process.send?.({ type: 'closed' }, () => process.exit(0));
  }
});
process.on('disconnect', () => process.exit(0));
