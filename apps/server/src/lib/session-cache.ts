import { LRUCache } from 'lru-cache';

/** What an authenticated request needs to know about its user beyond the token (ACC-02, ADM-07). */
export interface SessionState {
  tokenVersion: number;
  isAdmin: boolean;
  blocked: boolean;
}

/**
 * PERF-01: the user row every authenticated request checks its token against, kept in this process
 * so a request costs one round trip to the database, not two (docs/decisions/0018).
 *
 * Correctness rests on three things, not on the TTL:
 * - every change of a user's token version, block or admin flag calls `forget` on every process
 *   (app.sessions.invalidate) before it answers;
 * - a row read before an invalidation is not stored after it: `set` takes the generation read
 *   before the query and drops the row when any invalidation came in meanwhile;
 * - while this process may miss invalidations (its link to the other processes is down), the cache
 *   is suspended: nothing is read from it or stored in it, and it starts empty when the link is back.
 * The TTL only bounds what an undetectable failure could cost; `max` bounds the memory. Entries are
 * made only for ids taken from a token whose signature verified, so forged tokens add nothing.
 */
export class SessionCache {
  private readonly entries: LRUCache<string, SessionState>;
  private generationCount = 0;
  private suspended = false;

  constructor(opts: { max: number; ttlMs: number }) {
    this.entries = new LRUCache({ max: opts.max, ttl: opts.ttlMs, ttlAutopurge: false });
  }

  /** Read before loading a row; hand it to `set` with the row. */
  get generation(): number {
    return this.generationCount;
  }

  get size(): number {
    return this.entries.size;
  }

  get(userId: string): SessionState | undefined {
    return this.suspended ? undefined : this.entries.get(userId);
  }

  /** Stores a row loaded while the cache stood at `generation`, unless an invalidation came in since. */
  set(userId: string, state: SessionState, generation: number): void {
    if (this.suspended || generation !== this.generationCount) return;
    this.entries.set(userId, state);
  }

  forget(userId: string): void {
    this.generationCount += 1;
    this.entries.delete(userId);
  }

  /** The link to the other processes is down: trust nothing kept, keep nothing until `resume`. */
  suspend(): void {
    this.suspended = true;
    this.clear();
  }

  /** The link is back: whatever was missed meanwhile is not in the (empty) cache. */
  resume(): void {
    this.clear();
    this.suspended = false;
  }

  clear(): void {
    this.generationCount += 1;
    this.entries.clear();
  }
}
