import { z } from 'zod';
import { RING_TIMEOUT_MS } from '@toque/contracts/calls';
import type { Values } from './area';
import { positive } from './area';

/** The call (CALL-03, CALL-07, CALL-08) and the sockets it rings through. */
export const callsVariables = {
  /** Ring timeout, finder limits, caller token lifetime. */
  CALL_RING_TIMEOUT_MS: positive(RING_TIMEOUT_MS),
  CALL_SWEEP_INTERVAL_MS: positive(30_000),
  /**
   * REL-04: how long a finder whose socket dropped while the call rang (a phone between networks, a
   * tunnel) has to come back before the call ends as left; the owner's phone keeps ringing meanwhile.
   */
  CALL_CALLER_GRACE_MS: positive(10_000),
  CALLER_TOKEN_TTL_S: positive(15 * 60),
  /** Calls to one tag from one address (SEC-05: per tag *and* address, so a flood never silences a tag). */
  RATE_CALL_PER_TAG: positive(5),
  /** Calls from one address, whatever the tags. */
  RATE_CALL_PER_IP: positive(10),
  /** Calls ringing at once on one tag. Keep it above RATE_CALL_PER_TAG, so one address cannot fill it. */
  RATE_CALL_RINGING_PER_TAG: positive(10),
  RATE_CALL_WINDOW_MS: positive(10 * 60 * 1000),
  /** Open sockets one user may hold (tabs, phones); the oldest goes when a new one passes it. */
  SOCKETS_PER_USER: z.coerce.number().int().positive().max(1000).default(10),
  /** Events one socket may send in 10 s (SEC-05); a call's signalling needs a few dozen. */
  SOCKET_EVENTS_PER_10S: positive(200),
};

export function callsConfig(e: Values<typeof callsVariables>) {
  return {
    calls: {
      ringTimeoutMs: e.CALL_RING_TIMEOUT_MS,
      sweepIntervalMs: e.CALL_SWEEP_INTERVAL_MS,
      callerGraceMs: e.CALL_CALLER_GRACE_MS,
      callerTokenTtlS: e.CALLER_TOKEN_TTL_S,
      /** Calls per tag and address. */
      perTag: e.RATE_CALL_PER_TAG,
      perIp: e.RATE_CALL_PER_IP,
      ringingPerTag: e.RATE_CALL_RINGING_PER_TAG,
      windowMs: e.RATE_CALL_WINDOW_MS,
    },
    socketsPerUser: e.SOCKETS_PER_USER,
    socketEventsPer10s: e.SOCKET_EVENTS_PER_10S,
  };
}
