import { expect, type APIRequestContext } from '@playwright/test';
import { API_BASE } from '@toque/contracts/routes';
import { bearerOf } from './accounts';

/** The URL path of one of the contracts' API route constants (they are relative to `API_BASE`). */
export const apiUrl = (path: string) => `${API_BASE}${path}`;

/**
 * One call to Toque's API as the holder of `token`: `path` is one of the contracts' route
 * constants (`condoApi`, `productsApi`, … relative to `API_BASE`); a status of 300 or more fails the
 * test with the body the server sent. Returns the JSON answer.
 */
export async function apiAs<T = unknown>(
  request: APIRequestContext,
  token: string,
  path: string,
  data?: unknown,
  method: 'get' | 'post' | 'put' = 'post',
): Promise<T> {
  const res = await request[method](apiUrl(path), { data, headers: bearerOf(token) });
  expect(res.status(), `${path}: ${await res.text()}`).toBeLessThan(300);
  return (await res.json()) as T;
}
