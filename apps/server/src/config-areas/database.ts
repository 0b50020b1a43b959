import { z } from 'zod';
import type { Values } from './area';
import { positive, urlOf } from './area';

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
  /**
   * REL-06 (docs/decisions/0051): how long a request waits for a PostgreSQL connection, then for each
   * statement, before it is answered 503. The defaults sum under the finder's 2 s; the browser suite's
   * shared server raises them (a 2-core machine running two browsers and the suite is not an outage:
   * docs/decisions/0050's addendum 2), and its outage tests keep these.
   */
  DB_CONNECT_TIMEOUT_MS: positive(750),
  DB_QUERY_DEADLINE_MS: positive(1_200),
};

export function databaseConfig(e: Values<typeof databaseVariables>) {
  return {
    /** PGlite data directory; `memory://` for an in-memory database. Ignored when databaseUrl is set. */
    dataDir: e.DATA_DIR,
    databaseUrl: e.DATABASE_URL,
    redisUrl: e.REDIS_URL,
    /** Where the rate limits count: RATE_REDIS_URL, else REDIS_URL, else this process's memory. */
    rateLimitRedisUrl: e.RATE_REDIS_URL ?? e.REDIS_URL,
    /** REL-06: PostgreSQL's connection wait and statement deadline for what someone waits on. */
    deadlines: { connectMs: e.DB_CONNECT_TIMEOUT_MS, queryMs: e.DB_QUERY_DEADLINE_MS },
  };
}
