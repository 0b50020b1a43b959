import { ECDH } from 'node:crypto';
import { callMsg } from '@toque/contracts/messages';

/**
 * SEC-06: the server POSTs to every stored push endpoint on every call, so an endpoint is only
 * accepted when it is https on the default port and its host is one of the configured push
 * services (`*.example.com` = any subdomain). An entry written as an origin
 * (`http://127.0.0.1:8080`) allows exactly that origin: the tests' own push service.
 * Returns the refusal's message, or null when the endpoint may be used.
 */
export function pushEndpointRefusal(endpoint: string, allowed: readonly string[]): string | null {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return callMsg.pushEndpointNotAllowed;
  }
  if (url.username || url.password) return callMsg.pushEndpointNotAllowed;
  if (allowed.some((entry) => entry.includes('://') && originOf(entry) === url.origin)) return null;
  if (url.protocol !== 'https:') return callMsg.pushEndpointInsecure;
  if (url.port !== '') return callMsg.pushEndpointNotAllowed;
  const host = url.hostname.toLowerCase();
  const known = allowed.some((entry) =>
    entry.startsWith('*.') ? host.endsWith(entry.slice(1)) && host.length > entry.length - 1 : host === entry,
  );
  return known ? null : callMsg.pushEndpointNotAllowed;
}

function originOf(entry: string): string | undefined {
  try {
    return new URL(entry).origin;
  } catch {
    return undefined;
  }
}

/** The p256dh key is a point on P-256 (the contract checked its length; OpenSSL checks the curve). */
export function validPushKey(p256dh: string): boolean {
  try {
    ECDH.convertKey(p256dh, 'prime256v1', 'base64url', 'base64url', 'uncompressed');
    return true;
  } catch {
    return false;
  }
}
