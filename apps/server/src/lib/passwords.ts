import { availableParallelism } from 'node:os';
import { performance } from 'node:perf_hooks';
import { hash, verify } from '@node-rs/argon2';
import { ServiceUnavailable } from '../errors';

// OWASP's Argon2id baseline (19 MiB, 2 passes, 1 lane).
const options = { algorithm: 2 /* Argon2id (a const enum the package exports) */, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

/** Login (verifying) goes ahead of new hashes (registration, onboarding, password change and reset). */
type Lane = 'verify' | 'hash';

/**
 * A bounded queue for Argon2 (SEC-05): at most `concurrency` hashes at once, at most `maxWaiting`
 * jobs waiting in each lane; beyond that a 503 with `Retry-After`, at once, instead of a request
 * that waits behind a storm. A freed slot goes to a waiting login first, so a registration storm
 * cannot starve login. Written here rather than taken from a library: it needs two priorities and
 * an immediate refusal when full (p-queue has the first, not the second) — docs/decisions/0013.
 */
class WorkQueue {
  private running = 0;
  private readonly waiting: Record<Lane, (() => void)[]> = { verify: [], hash: [] };
  /** A moving average of one job's duration: what `Retry-After` is estimated from. */
  private averageMs = 50;

  constructor(
    private concurrency: number,
    private maxWaiting: number,
  ) {}

  configure(concurrency: number, maxWaiting: number) {
    this.concurrency = Math.max(1, concurrency);
    this.maxWaiting = Math.max(0, maxWaiting);
  }

  async run<T>(lane: Lane, job: () => Promise<T>): Promise<T> {
    if (this.running < this.concurrency) {
      this.running += 1;
    } else {
      if (this.waiting[lane].length >= this.maxWaiting) throw new ServiceUnavailable(this.retryAfterS());
      // The finishing job hands its slot over: `running` stays as it is.
      await new Promise<void>((resolve) => this.waiting[lane].push(resolve));
    }
    const started = performance.now();
    try {
      return await job();
    } finally {
      this.averageMs = 0.8 * this.averageMs + 0.2 * (performance.now() - started);
      const next = this.waiting.verify.shift() ?? this.waiting.hash.shift();
      if (next) next();
      else this.running -= 1;
    }
  }

  /** Seconds until the queue has drained, estimated; at least 1. */
  private retryAfterS(): number {
    const queued = this.running + this.waiting.verify.length + this.waiting.hash.length;
    return Math.max(1, Math.ceil((queued * this.averageMs) / this.concurrency / 1000));
  }
}

/** One queue per process: the CPU it guards is the process's. buildApp sizes it from the config. */
export const argon2Queue = new WorkQueue(availableParallelism(), 4 * availableParallelism());

export function hashPassword(password: string): Promise<string> {
  return argon2Queue.run('hash', () => hash(password, options));
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  return argon2Queue.run('verify', async () => {
    try {
      return await verify(passwordHash, password);
    } catch {
      return false;
    }
  });
}

// Verifying against this when the e-mail is unknown keeps login's timing the same either way.
// Hashed once outside the queue: a full queue must not leave a rejected promise here for good.
let dummyHash: Promise<string> | undefined;
export async function verifyDummy(password: string): Promise<false> {
  dummyHash ??= hash('toque-dummy-password', options);
  await verifyPassword(await dummyHash, password);
  return false;
}
