import { describe, expect, test } from 'vitest';
import { build, dbLabel } from './helpers';

/**
 * API-04: every route of the API declares what it accepts and what it answers, so a route that
 * loses its body schema (and with it validation, the 400 in Portuguese and the OpenAPI entry)
 * fails here instead of in production. The walk covers every route registered after the docs
 * plugin, hidden ones included.
 */
const { app } = await build();

/** Routes that are not JSON endpoints of ours: the OpenAPI viewer's files, and responses that are files or text. */
const notJson = new Set([
  '/api/docs',
  '/api/docs/',
  '/api/docs/static/index.html',
  '/api/docs/static/swagger-initializer.js',
  '/api/docs/static/*',
  '/api/docs/*',
  '/api/docs/json',
  '/api/docs/yaml',
]);
/**
 * Actions whose whole input is in the path: they take no body. Any other write declares one — but
 * the photo uploads (FIND-09's, CONDO-15's), whose body is the file itself (read by its bytes, not by a schema).
 */
const bodiless = new Set([
  'DELETE /api/condominium/invitations/:id',
  'POST /api/admin/tags/:code/release',
  'DELETE /api/admin/residents/:memberId',
  'POST /api/public/tags/:code/scan',
  'DELETE /api/products/:code/photo',
  'PUT /api/products/:code/photo',
  'PUT /api/public/deliveries/:id/photo',
  // FIND-12: the finder's recording is the file itself, read by its bytes.
  'POST /api/calls/:roomId/recording',
  'DELETE /api/door/passes/:id',
  'POST /api/door/deliveries/:id/collect',
  // FIND-06: closing and blocking a conversation: all in the path.
  'POST /api/conversations/:id/close',
  'POST /api/conversations/:id/block',
  // CALL-17: the owner opens the thread of an answered call: all in the path.
  'POST /api/calls/:roomId/conversation',
  // CONDO-18: the resident opens the gate of the call, the síndico tries it: all in the path.
  'POST /api/calls/:roomId/gate',
  'POST /api/gate/plates/:code/test',
]);
/** Authenticated routes that answer without a 401: validateToken says `{ valid: false }` instead (AUTH-06). */
const noUnauthorized = new Set(['/api/auth/validateToken']);

const methodsOf = (method: string | string[]) => (Array.isArray(method) ? method : [method]);
const ours = app.routeTable.filter((r) => r.url.startsWith('/api/') && !notJson.has(r.url));
const writes = ours.flatMap((r) =>
  methodsOf(r.method)
    .filter((m) => ['POST', 'PUT', 'PATCH', 'DELETE'].includes(m))
    .map((m) => ({ ...r, key: `${m} ${r.url}` })),
);
const responses = (r: (typeof ours)[number]) =>
  Object.keys((r.schema?.response as Record<string, unknown> | undefined) ?? {});

describe(`${dbLabel} the route schema walk`, () => {
  test('[API-04] the walk sees the API (a broken walk would pass everything)', () => {
    expect(ours.length).toBeGreaterThan(40);
    expect(ours.map((r) => r.url)).toEqual(expect.arrayContaining(['/api/products/disableQrCode', '/api/auth/login']));
  });

  test('[API-04] every route declares its success answer, and every authenticated one its 401', () => {
    const noSuccess = ours.filter((r) => !responses(r).some((c) => /^[23]/.test(c)));
    expect(noSuccess.map((r) => r.url)).toEqual([]);
    const authenticated = ours.filter((r) => r.schema?.security !== undefined && !noUnauthorized.has(r.url));
    expect(authenticated.length).toBeGreaterThan(25);
    expect(authenticated.filter((r) => !responses(r).includes('401')).map((r) => r.url)).toEqual([]);
  });

  test('[API-04] every POST, PUT, PATCH and DELETE declares its body, but the few whose input is all in the path', () => {
    expect(writes.length).toBeGreaterThan(25);
    expect(writes.filter((r) => !r.schema?.body && !bodiless.has(r.key)).map((r) => r.key)).toEqual([]);
    for (const key of bodiless) {
      const route = writes.find((r) => r.key === key);
      expect(route?.schema?.params, key).toBeDefined();
    }
  });

  test('[API-04] every path parameter is declared', () => {
    const undeclared = ours.filter((r) => r.url.includes('/:') && !r.schema?.params);
    expect(undeclared.map((r) => r.url)).toEqual([]);
  });
});
