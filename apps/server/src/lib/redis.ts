import { Redis, type RedisOptions } from 'ioredis';

/**
 * REL-03: a client that fails fast. Nothing is queued while disconnected and a failed command is not
 * retried, so no request waits on a dead Redis; it keeps trying to come back, at most every 2 s.
 */
export const failFast = {
  enableOfflineQueue: false,
  maxRetriesPerRequest: 0,
  retryStrategy: (attempt: number) => Math.min(attempt * 200, 2_000),
} satisfies RedisOptions;

/**
 * Every Redis client of the server: ioredis with `options`, its errors handed to `onError` (an
 * unhandled 'error' event would only print ioredis's own warning). Throttle a warning with
 * lib/throttle.ts: a Redis that is down errs on every reconnection attempt.
 */
export function createRedis(url: string, options: RedisOptions, onError: (err: Error) => void): Redis {
  const client = new Redis(url, options);
  client.on('error', onError);
  return client;
}
