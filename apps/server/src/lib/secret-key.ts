import { createSecretKey, type KeyObject } from 'node:crypto';

const keys = new Map<string, KeyObject>();

/**
 * The JWT secret as a KeyObject, made once per secret. PERF-01: given a string, jsonwebtoken 9 first
 * tries `createPublicKey` on it (which throws) and then `createSecretKey`, on every sign and verify —
 * a third of the server's CPU under load (docs/decisions/0018). A KeyObject skips both.
 */
export function secretKey(secret: string): KeyObject {
  let key = keys.get(secret);
  if (!key) {
    key = createSecretKey(Buffer.from(secret, 'utf8'));
    keys.set(secret, key);
  }
  return key;
}
