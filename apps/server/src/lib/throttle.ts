/** How often a dependency that stays down is worth one more log line. */
export const WARN_INTERVAL_MS = 30_000;

/**
 * `fn`, run at most once per `intervalMs` (later calls within the interval are dropped): one warning
 * per 30 s while Redis is down, not one per reconnection attempt.
 */
export function atMostEvery<A extends unknown[]>(intervalMs: number, fn: (...args: A) => void): (...args: A) => void {
  let last = Number.NEGATIVE_INFINITY;
  return (...args) => {
    const now = Date.now();
    if (now - last < intervalMs) return;
    last = now;
    fn(...args);
  };
}
