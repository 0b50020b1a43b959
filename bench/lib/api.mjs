import { readFileSync } from 'node:fs';

/**
 * ACC-03: the Terms version a sign-up accepts, read from the contracts' source (the benchmarks run
 * as plain Node, without TypeScript).
 */
export const TERMS_VERSION = /TERMS_VERSION = '([^']+)'/.exec(
  readFileSync(new URL('../../packages/contracts/src/account.ts', import.meta.url), 'utf8'),
)?.[1];

/** A JSON client of the server under benchmark: `json(method, path, body?, token?)` under `${base}/api`; throws on a non-2xx. */
export function apiClient(base) {
  return async function json(method, path, body, token) {
    const res = await fetch(`${base}/api${path}`, {
      method,
      headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await res.text();
    if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${text}`);
    return text ? JSON.parse(text) : undefined;
  };
}
