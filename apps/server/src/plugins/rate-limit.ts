import fp from 'fastify-plugin';
import { Redis } from 'ioredis';
import { TooManyRequests } from '../errors';

/** Fixed-window counters: in memory for one process, Redis when several share the limits. */
export interface RateLimiter {
  /** Counts one hit on `key`; throws 429 when more than `max` hits fall in the window. */
  hit(key: string, max: number, windowMs: number): Promise<void>;
  reset(key: string): Promise<void>;
  close(): Promise<void>;
}

export function memoryLimiter(): RateLimiter {
  const windows = new Map<string, { count: number; resetAt: number }>();
  return {
    async hit(key, max, windowMs) {
      const now = Date.now();
      let w = windows.get(key);
      if (!w || w.resetAt <= now) {
        w = { count: 0, resetAt: now + windowMs };
        windows.set(key, w);
        if (windows.size > 100_000) {
          for (const [k, v] of windows) if (v.resetAt <= now) windows.delete(k);
        }
      }
      w.count += 1;
      if (w.count > max) throw new TooManyRequests();
    },
    async reset(key) {
      windows.delete(key);
    },
    async close() {
      windows.clear();
    },
  };
}

export function redisLimiter(url: string): RateLimiter {
  const redis = new Redis(url, { lazyConnect: false, maxRetriesPerRequest: 2 });
  return {
    async hit(key, max, windowMs) {
      const k = `toque:rl:${key}`;
      const [[, count] = [null, 0]] = (await redis.multi().incr(k).pexpire(k, windowMs, 'NX').exec()) ?? [];
      if (Number(count) > max) throw new TooManyRequests();
    },
    async reset(key) {
      await redis.del(`toque:rl:${key}`);
    },
    async close() {
      await redis.quit();
    },
  };
}

declare module 'fastify' {
  interface FastifyInstance {
    limiter: RateLimiter;
  }
}

export const rateLimitPlugin = fp<{ redisUrl?: string | undefined }>(async (app, { redisUrl }) => {
  const limiter = redisUrl ? redisLimiter(redisUrl) : memoryLimiter();
  app.decorate('limiter', limiter);
  app.addHook('onClose', () => limiter.close());
});
