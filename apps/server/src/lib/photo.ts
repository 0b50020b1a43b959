import { fileURLToPath } from 'node:url';
import { performance } from 'node:perf_hooks';
import { Piscina } from 'piscina';
import { photoMsg } from '@toque/contracts/messages';
import { ServiceUnavailable } from '../errors';
import { PhotoRejected, type PhotoRendition, type ReencodedPhoto } from './photo-reencode';
import type { PhotoOutcome, PhotoTask } from './photo-worker';

export { PhotoRejected,  } from './photo-reencode';

/**
 * SEC-09 (docs/decisions/0042, 'Issue 32'): every photo is decoded and re-encoded in a pool of
 * worker threads (piscina), never on the event loop — libheif's WebAssembly runs synchronously on
 * whichever thread calls it, and a 49-megapixel HEIC held the server's loop for seconds.
 *
 * - At most `workers` photos at once, at most `queue` waiting; beyond that a 503 with
 *   `Retry-After` at once (a full queue refuses, it does not pile up).
 * - A time cap per photo, counted from when a worker takes it (not while it waits): the worker is
 *   terminated (its WebAssembly and libvips memory go with it) and the upload is a 400.
 * - A V8 heap cap per worker (`resourceLimits`). The pixels live outside V8 (WebAssembly memory,
 *   libvips' native buffers), so they are bounded before decoding, by the declared size
 *   (PHOTO_MAX_INPUT_PIXELS, PHOTO_MAX_HEIF_PIXELS in photo-reencode.ts), and a worker that runs out
 *   of heap anyway fails its photo with a 400.
 * - An idle worker exits after IDLE_MS: a HEIC's WebAssembly memory never shrinks while its
 *   worker lives, so a quiet server gives it back.
 */
export interface PhotoPoolOptions {
  workers: number;
  queue: number;
  timeoutMs: number;
  workerHeapMb: number;
}

const IDLE_MS = 30_000;

/**
 * The worker's module: beside this one in the sources (.ts, run through tsx's loader under vitest
 * and `node --import tsx`), and an entry of its own at the top of the build, next to the chunk
 * this module is bundled into (scripts/build-server.mjs, docs/decisions/0023).
 */
function workerFile(): { filename: string; execArgv?: string[] } {
  const fromSource = import.meta.url.endsWith('.ts');
  const filename = fileURLToPath(new URL(fromSource ? './photo-worker.ts' : './photo-worker.js', import.meta.url));
  return fromSource ? { filename, execArgv: ['--import', 'tsx'] } : { filename };
}

export interface PhotoPool {
  /** The photo re-encoded, or PhotoRejected (400), or ServiceUnavailable (503) when the queue is full. */
  reencode(input: Buffer): Promise<ReencodedPhoto>;
  /**
   * FIND-10: a stored photo's WebP as the lost poster's JPEG or the page's preview image, in the same
   * workers, slots and queue as the uploads (ServiceUnavailable when the queue is full).
   */
  rendition(webp: Buffer, rendition: PhotoRendition): Promise<Buffer>;
  close(): Promise<void>;
}

export function photoPool(options: PhotoPoolOptions, onError: (err: unknown) => void): PhotoPool {
  const workers = Math.max(1, options.workers);
  const maxWaiting = Math.max(0, options.queue);
  let pool: Piscina<PhotoTask, PhotoOutcome> | undefined;
  // libvips is loaded by the main thread before any worker uses it: on glibc Linux its shared
  // libraries must outlive every worker thread (sharp's documentation, 'Worker threads').
  let sharpLoaded: Promise<unknown> | undefined;

  const start = () =>
    (pool ??= (() => {
      const created = new Piscina<PhotoTask, PhotoOutcome>({
        ...workerFile(),
        minThreads: 0,
        maxThreads: workers,
        idleTimeout: IDLE_MS,
        resourceLimits: { maxOldGenerationSizeMb: options.workerHeapMb, maxYoungGenerationSizeMb: 16, stackSizeMb: 4 },
      });
      // A worker that fails with no photo of its own (at start, say) must not be an unhandled 'error'.
      created.on('error', onError);
      return created;
    })());

  // The slots and the queue are kept here, not in piscina's queue: the time cap starts when a
  // worker is free to take the photo, and a full queue answers at once.
  let running = 0;
  const waiting: (() => void)[] = [];
  /** A moving average of one photo's time, for `Retry-After`. */
  let averageMs = 1000;
  const retryAfterS = () => Math.max(1, Math.ceil(((running + waiting.length) * averageMs) / workers / 1000));

  async function runOne(input: PhotoTask): Promise<PhotoOutcome> {
    sharpLoaded ??= import('sharp');
    await sharpLoaded;
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(), options.timeoutMs);
    const started = performance.now();
    try {
      // The bytes are copied to the worker (structured clone): the request's buffer may share
      // memory with others, so it is never transferred.
      return await start().run(input, { signal: controller.signal });
    } catch (error) {
      if (controller.signal.aborted) return { rejected: 'tooSlow' };
      if ((error as { code?: string }).code === 'ERR_WORKER_OUT_OF_MEMORY') return { rejected: 'tooManyPixels' };
      throw error;
    } finally {
      clearTimeout(timer);
      averageMs = 0.8 * averageMs + 0.2 * (performance.now() - started);
    }
  }

  /** One task in a slot: at most `workers` at once, at most `maxWaiting` waiting, else a 503 at once. */
  async function inSlot(task: PhotoTask): Promise<PhotoOutcome> {
    if (running < workers) {
      running += 1;
    } else {
      if (waiting.length >= maxWaiting) throw new ServiceUnavailable(retryAfterS(), photoMsg.busy);
      // The finishing photo hands its slot over: `running` stays as it is.
      await new Promise<void>((resolve) => waiting.push(resolve));
    }
    try {
      return await runOne(task);
    } finally {
      const next = waiting.shift();
      if (next) next();
      else running -= 1;
    }
  }

  return {
    async reencode(input) {
      const outcome = await inSlot(input);
      if ('rejected' in outcome) throw new PhotoRejected(outcome.rejected);
      if (!('ok' in outcome)) throw new Error('photo worker: a rendition where a photo was expected');
      const { webp, ...rest } = outcome.ok;
      // A Buffer crosses the threads as a plain Uint8Array.
      return { ...rest, webp: Buffer.from(webp.buffer, webp.byteOffset, webp.byteLength) };
    },
    async rendition(webp, rendition) {
      const outcome = await inSlot({ rendition, webp });
      if (!('rendition' in outcome)) throw new PhotoRejected('rejected' in outcome ? outcome.rejected : 'notImage');
      const bytes = outcome.rendition;
      return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    },
    async close() {
      const closing = pool;
      pool = undefined;
      await closing?.destroy();
    },
  };
}
