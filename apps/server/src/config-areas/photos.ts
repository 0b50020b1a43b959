import type { Values } from './area';
import { positive } from './area';
import { z } from 'zod';

/**
 * SEC-09: the photo workers (lib/photo.ts, docs/decisions/0042). One photo at a time by default:
 * a HEIC at the pixel cap needs about 300 MB while it decodes, and photos are rare (an owner sets
 * one now and then, a courier one per notice); more workers trade memory for throughput.
 */
export const photosVariables = {
  /** Photos decoded at once (worker threads). */
  PHOTO_WORKERS: positive(1),
  /** Photos allowed to wait for a worker; beyond it 503 + Retry-After. */
  PHOTO_QUEUE: z.coerce.number().int().nonnegative().default(4),
  /**
   * The time cap of one photo, from when a worker takes it: past it the worker is stopped, 400. An
   * iPhone's 24-megapixel HEIC takes 1–2 s on one core (6 s on a loaded two-core test machine);
   * the cap is for what no photo needs.
   */
  PHOTO_TIMEOUT_MS: positive(15_000),
  /** The V8 heap of one worker (the pixels themselves are outside it, bounded by the pixel caps). */
  PHOTO_WORKER_HEAP_MB: positive(64),
};

export function photosConfig(e: Values<typeof photosVariables>) {
  return {
    photos: {
      workers: e.PHOTO_WORKERS,
      queue: e.PHOTO_QUEUE,
      timeoutMs: e.PHOTO_TIMEOUT_MS,
      workerHeapMb: e.PHOTO_WORKER_HEAP_MB,
    },
  };
}
