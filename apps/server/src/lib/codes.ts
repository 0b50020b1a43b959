import { createHmac, randomInt } from 'node:crypto';
import { sameBytes } from './same-secret';
import { RESET_CODE_LENGTH, TAG_CODE_ALPHABET, TAG_CODE_LENGTH, TAG_CODE_PATTERN } from '@toque/contracts/constants';

/** A tag code: 8 characters from an alphabet without look-alikes, from a CSPRNG. */
export function newTagCode(): string {
  let code = '';
  for (let i = 0; i < TAG_CODE_LENGTH; i++) code += TAG_CODE_ALPHABET[randomInt(TAG_CODE_ALPHABET.length)];
  return code;
}

/**
 * Whether `code` can be a printed tag code (trimmed, any case): anything else is unknown without
 * asking the database (SEC-05; the finder's page, PERF-05, and the call's findTag).
 */
export function isTagCodeShape(code: string): boolean {
  return TAG_CODE_PATTERN.test(code.trim());
}

/** A numeric password-reset code (AUTH-13). */
export function newResetCode(): string {
  return String(randomInt(10 ** RESET_CODE_LENGTH)).padStart(RESET_CODE_LENGTH, '0');
}

/** Reset codes are stored only as a keyed hash; the key is the server's secret. */
export function hashResetCode(code: string, secret: string): string {
  return createHmac('sha256', secret).update(code.trim()).digest('hex');
}

export function sameHash(a: string, b: string): boolean {
  return sameBytes(Buffer.from(a, 'hex'), Buffer.from(b, 'hex'));
}
