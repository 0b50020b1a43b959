import { isApiError, statusOf } from './api-client';

/**
 * Answers whose own message is the honest one, whatever the screen would say about its own
 * failure (ACC-04): a rate limit (429, 'Muitas tentativas. Tente novamente em N minutos.', built
 * by the API client from `Retry-After`) and a busy server (503, the server's `{ message }`).
 */
const SAYS_ITSELF: ReadonlySet<number> = new Set([429, 503]);

/**
 * The message for a failed call: a 429's or 503's own message first (ACC-04); else the catalogue
 * message mapped to its HTTP status, else the fallback. Screens show catalogue strings, never raw
 * server text (section 8) — the two exceptions above say to wait, not that the user erred.
 */
export function messageForStatus(error: unknown, byStatus: Readonly<Record<number, string>>, fallback: string): string {
  if (isApiError(error) && SAYS_ITSELF.has(error.status) && error.message) return error.message;
  return byStatus[statusOf(error)] ?? fallback;
}
