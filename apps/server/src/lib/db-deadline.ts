import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * REL-06 (docs/decisions/0051): the database statements made for someone waiting — an HTTP request,
 * a socket's handshake or event — have a deadline (db/client.ts); work nobody waits on (a retention
 * sweep, a reminder run, a migration, a script) takes the time it needs.
 */
const waiting = new AsyncLocalStorage<true>();

/** Runs `work` (and everything it starts) as work someone waits on. */
export function forSomeoneWaiting<T>(work: () => T): T {
  return waiting.run(true, work);
}

/** True inside `forSomeoneWaiting`. */
export function someoneWaits(): boolean {
  return waiting.getStore() === true;
}
