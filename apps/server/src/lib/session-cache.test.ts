import { describe, expect, test } from 'vitest';
import { SessionCache } from './session-cache';

const row = (tokenVersion = 0) => ({ tokenVersion, isAdmin: false, blocked: false });

describe('SessionCache', () => {
  test('[PERF-01] keeps a row stored at the current generation and forgets it on demand', () => {
    const cache = new SessionCache({ max: 10, ttlMs: 60_000 });
    cache.set('u1', row(3), cache.generation);
    expect(cache.get('u1')).toEqual(row(3));
    cache.forget('u1');
    expect(cache.get('u1')).toBeUndefined();
  });

  test('[ACC-02] a row read before an invalidation is not stored after it (the load raced the change)', () => {
    const cache = new SessionCache({ max: 10, ttlMs: 60_000 });
    const generation = cache.generation; // the request starts reading the row…
    cache.forget('u1'); // …a password change is committed and announced meanwhile…
    cache.set('u1', row(0), generation); // …and the old row arrives: dropped.
    expect(cache.get('u1')).toBeUndefined();
    expect(cache.size).toBe(0);
  });

  test('[ACC-02] while suspended nothing is read or stored; resuming starts empty', () => {
    const cache = new SessionCache({ max: 10, ttlMs: 60_000 });
    cache.set('u1', row(), cache.generation);
    cache.suspend();
    expect(cache.get('u1')).toBeUndefined();
    cache.set('u2', row(), cache.generation);
    expect(cache.size).toBe(0);
    const before = cache.generation;
    cache.resume();
    // A load started before the resume does not land either: whatever was missed is not kept.
    cache.set('u3', row(), before);
    expect(cache.size).toBe(0);
    cache.set('u3', row(), cache.generation);
    expect(cache.get('u3')).toEqual(row());
  });

  test('[PERF-01] memory is bounded: beyond `max` users the least recently used go', () => {
    const cache = new SessionCache({ max: 100, ttlMs: 60_000 });
    for (let i = 0; i < 1000; i += 1) cache.set(`u${i}`, row(), cache.generation);
    expect(cache.size).toBe(100);
    expect(cache.get('u0')).toBeUndefined();
    expect(cache.get('u999')).toEqual(row());
  });
});
