import { isApiError } from './api-client';

/**
 * REL-06 (docs/decisions/0051): the finder's page tries again by itself while the server says its
 * database is away (503 with Retry-After) — waiting what the server asked, growing each time
 * (× 1.5, at most 10 s), with a little jitter so that a crowd does not come back at once, and giving
 * up after about a minute (the error is then shown as before, with its "Tentar de novo").
 */
const FIRST_MS = 2_000;
const FACTOR = 1.5;
const MAX_MS = 10_000;
const ATTEMPTS = 8;

/** A 503: the server is there but cannot serve now. `orNoAnswer`: no answer at all (status 0) too. */
function unavailable(error: unknown, orNoAnswer: boolean): boolean {
  return isApiError(error) && (error.status === 503 || (orNoAnswer && error.status === 0));
}

/**
 * `work()`, again after a wait while it fails as unavailable; `onRetrying(true)` while waiting,
 * `(false)` once it is settled either way. A write that may have landed without its answer reaching
 * the phone (no answer at all) is only tried again when `orNoAnswer` says repeating it is harmless.
 */
export async function whileUnavailable<T>(
  work: () => Promise<T>,
  onRetrying: (retrying: boolean) => void,
  { orNoAnswer = false }: { orNoAnswer?: boolean } = {},
): Promise<T> {
  let backoff = FIRST_MS;
  try {
    for (let attempt = 1; ; attempt += 1) {
      try {
        return await work();
      } catch (error) {
        if (attempt >= ATTEMPTS || !unavailable(error, orNoAnswer)) throw error;
        onRetrying(true);
        const asked = isApiError(error) && error.retryAfterS ? error.retryAfterS * 1000 : 0;
        const wait = Math.min(MAX_MS, Math.max(asked, backoff)) * (0.9 + Math.random() * 0.2);
        backoff *= FACTOR;
        await new Promise((resolve) => setTimeout(resolve, wait));
      }
    }
  } finally {
    onRetrying(false);
  }
}
