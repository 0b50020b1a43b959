import { z } from 'zod';
import type { Values } from './area';
import { urlOf } from './area';

/** Where data lives: the database, and Redis when several processes share state. */
export const databaseVariables = {
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: urlOf(
    ['postgres:', 'postgresql:'],
    'a PostgreSQL URL: postgres://user:password@host:5432/database',
  ).optional(),
  REDIS_URL: urlOf(['redis:', 'rediss:'], 'a Redis URL: redis://host:6379').optional(),
  /** The rate limits' Redis when it is not REDIS_URL's (a Redis of their own, or tests). */
  RATE_REDIS_URL: z.string().url().optional(),
};

export function databaseConfig(e: Values<typeof databaseVariables>) {
  return {
    /** PGlite data directory; `memory://` for an in-memory database. Ignored when databaseUrl is set. */
    dataDir: e.DATA_DIR,
    databaseUrl: e.DATABASE_URL,
    redisUrl: e.REDIS_URL,
    /** Where the rate limits count: RATE_REDIS_URL, else REDIS_URL, else this process's memory. */
    rateLimitRedisUrl: e.RATE_REDIS_URL ?? e.REDIS_URL,
  };
}
