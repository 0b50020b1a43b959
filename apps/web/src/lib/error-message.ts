import { statusOf } from './api-client';

/**
 * The catalogue message for a failed call: the one mapped to its HTTP status, else the fallback.
 * Screens show catalogue strings, never raw server text (section 8).
 */
export function messageForStatus(error: unknown, byStatus: Readonly<Record<number, string>>, fallback: string): string {
  return byStatus[statusOf(error)] ?? fallback;
}
