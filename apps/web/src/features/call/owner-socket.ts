import { createCallSocket, retryRefusedHandshakes, type CallSocket } from '../../lib/call-socket';

/** How long an unused socket stays open: moving from a dashboard page to /call reuses it. */
const LINGER_MS = 1000;

let current: {
  token: string;
  socket: CallSocket;
  users: number;
  timer: ReturnType<typeof setTimeout> | undefined;
} | null = null;
const listeners = new Set<() => void>();
const changed = () => listeners.forEach((listener) => listener());

/** For useSyncExternalStore: the tab's socket, or null when none is open. */
export const ownerSocketStore = {
  current: (): CallSocket | null => current?.socket ?? null,
  subscribe(listener: () => void): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
};

/**
 * The owner's one socket per tab (CALL-03/05): connected with the session token while a logged-in
 * page uses it; its `user:{id}` room brings `incoming-call`, and /call joins the call's room on it.
 */
export function acquireOwnerSocket(token: string): CallSocket {
  if (current && current.token !== token) dropOwnerSocket();
  if (!current) {
    const socket = createCallSocket(token);
    current = { token, socket, users: 0, timer: undefined };
    // REL-04 / REL-06: a handshake refused for want of the database is tried again while this is the tab's socket.
    retryRefusedHandshakes(socket, () => current?.socket === socket);
    socket.connect();
    changed();
  }
  clearTimeout(current.timer);
  current.users += 1;
  return current.socket;
}

export function releaseOwnerSocket(socket: CallSocket): void {
  const held = current;
  if (!held || held.socket !== socket) return;
  held.users -= 1;
  if (held.users > 0) return;
  held.timer = setTimeout(() => {
    if (current === held && held.users === 0) dropOwnerSocket();
  }, LINGER_MS);
}

/** Logout: the socket closes at once. */
export function dropOwnerSocket(): void {
  if (!current) return;
  clearTimeout(current.timer);
  current.socket.disconnect();
  current = null;
  changed();
}

/** CALL-06: after `closeCall` the socket disconnects; the tab reconnects to keep ringing for new calls. */
export function restartOwnerSocket(socket: CallSocket): void {
  socket.disconnect();
  if (current?.socket === socket) socket.connect();
}

/** True while this tab is in a call: a new `incoming-call` does not take the page away from it. */
export const callActivity = { busy: false };
