import { afterEach, describe, expect, test, vi } from 'vitest';
import { atMostEvery, WARN_INTERVAL_MS } from './throttle';

describe('atMostEvery', () => {
  afterEach(() => vi.useRealTimers());

  test('[DEV-01] [REL-03] a warning repeated while Redis is down is logged once per 30 s', () => {
    vi.useFakeTimers({ now: 0 });
    const seen: string[] = [];
    const warn = atMostEvery(WARN_INTERVAL_MS, (what: string) => seen.push(what));
    warn('first');
    vi.advanceTimersByTime(WARN_INTERVAL_MS - 1);
    warn('too soon');
    vi.advanceTimersByTime(1);
    warn('after 30 s');
    warn('too soon again');
    expect(seen).toEqual(['first', 'after 30 s']);
  });
});
