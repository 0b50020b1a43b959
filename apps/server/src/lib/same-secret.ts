import { timingSafeEqual } from 'node:crypto';

/** Compares secrets in constant time (of their length): the one home of this comparison (DEV-06). */
export function sameBytes(a: Buffer, b: Buffer): boolean {
  return a.length === b.length && timingSafeEqual(a, b);
}

/** A presented secret against the configured one, in constant time. */
export function sameSecret(given: string, secret: string): boolean {
  return sameBytes(Buffer.from(given), Buffer.from(secret));
}
