import { describe, expect, test } from 'vitest';
import { chargesApi } from '@toque/contracts/billing';
import { SOCKET_PATH } from '@toque/contracts/calls';
import { apiMsg, photoMsg } from '@toque/contracts/messages';
import { PHOTO_MAX_BYTES } from '@toque/contracts/products';
import { RECORDING_MAX_BYTES, recordingMsg } from '@toque/contracts/recordings';
import { build, dbLabel } from './helpers';
import {
  bodyLimitOf,
  first,
  headerSent,
  inherited,
  locationFor,
  locationsOf,
  proxyingServers,
  readSite,
  refuses,
  type Directive,
  type Location,
} from './nginx-config';

/**
 * The shipped nginx sites (deploy/nginx) against the app they front. SEC-09: nginx lets through, in
 * every location, exactly the largest body the app accepts on the routes that land there — never
 * less (nginx would refuse what the app takes: 10 MB photos behind a 1 MB nginx), never more (nginx
 * would read bodies the app refuses anyway) — and its own 413 is the app's `{ message }`. SEC-10:
 * the public sites never hand the Pix webhook to the app, and pass no client-sent verification
 * header; the mutual-TLS site serves the webhook only, passing nginx's verification result.
 * The routes and their limits are read from the built app, so a route added with a bigger limit
 * fails here until nginx gives it a location.
 */
const { app } = await build();

/** Public sites: the Debian one and the Docker Compose one. */
const PUBLIC_SITES = ['toque.conf', 'compose.conf'];
const MTLS_SITE = 'pix-webhook.conf';
/** The header the app reads nginx's verification result from (apps/server finance webhook). */
const VERIFY_HEADER = 'X-Client-Verify';

const methodsOf = (method: string | string[]) => (Array.isArray(method) ? method : [method]);
/** A path the route answers: every parameter given a value. */
const samplePath = (url: string) => url.replace(/:[A-Za-z_]+/g, 'x1').replace(/\*/g, 'x');

interface Route {
  key: string;
  path: string;
  limit: number;
}
const defaultLimit = app.initialConfig.bodyLimit!;
const routes: Route[] = [
  ...app.routeTable.flatMap((r) =>
    methodsOf(r.method).map((m) => ({
      key: `${m} ${r.url}`,
      path: samplePath(r.url),
      limit: r.bodyLimit ?? defaultLimit,
    })),
  ),
  // Socket.IO's long-polling POSTs are read by engine.io, up to maxHttpBufferSize (plugins/realtime.ts).
  {
    key: `POST ${SOCKET_PATH}/`,
    path: `${SOCKET_PATH}/`,
    limit: (app.io.engine as unknown as { opts: { maxHttpBufferSize: number } }).opts.maxHttpBufferSize,
  },
];
const webhookPaths = [
  `/api${chargesApi.webhook('segredo-do-webhook-0123456789')}`,
  `/api${chargesApi.webhook('s')}/pix`,
];

/** What nginx answers with itself when a body is too large there: the JSON text of its 413 page. */
function tooLargeAnswer(server: Directive, location: Location): string | undefined {
  const [page] = inherited(server, location, 'error_page').filter((d) => d.args[0] === '413');
  const target = page?.args.at(-1);
  const named = locationsOf(server).find((l) => l.modifier === '@' && l.pattern === target);
  const ret = first(named?.block, 'return');
  return ret?.args[0] === '413' ? ret.args[1] : undefined;
}

describe(`${dbLabel} the deploy's nginx sites against the app`, () => {
  test('[SEC-09] the walk sees the app: its routes, the photo uploads at 10 MB and the default limit', () => {
    expect(routes.length).toBeGreaterThan(60);
    expect(routes.find((r) => r.key === 'PUT /api/products/:code/photo')?.limit).toBe(PHOTO_MAX_BYTES);
    expect(routes.find((r) => r.key === 'PUT /api/public/deliveries/:id/photo')?.limit).toBe(PHOTO_MAX_BYTES);
    expect(routes.find((r) => r.key === 'POST /api/auth/login')?.limit).toBe(64 * 1024);
  });

  for (const site of [...PUBLIC_SITES, MTLS_SITE]) {
    test(`[SEC-09] [OPS-06] ${site}: every location lets through exactly the largest body the app accepts on the routes it serves, and answers its 413 as the app does`, () => {
      const servers = proxyingServers(readSite(site));
      expect(servers.length).toBeGreaterThan(0);
      const problems: string[] = [];
      let served = 0;
      for (const server of servers) {
        const byLocation = new Map<Location, Route[]>();
        for (const route of routes) {
          const location = locationFor(server, route.path);
          if (!location || refuses(location) || !first(location.block, 'proxy_pass')) continue;
          byLocation.set(location, [...(byLocation.get(location) ?? []), route]);
        }
        for (const [location, served_] of byLocation) {
          served += served_.length;
          const nginx = bodyLimitOf(server, location);
          const largest = Math.max(...served_.map((r) => r.limit));
          if (nginx !== largest) {
            const widest = served_.filter((r) => r.limit === largest).map((r) => r.key);
            const named =
              widest.length > 4 ? `${widest.slice(0, 4).join(', ')} and ${widest.length - 4} more` : widest.join(', ');
            problems.push(
              `location ${location.modifier} ${location.pattern}: nginx ${nginx} bytes, the app ${largest} (${named})`,
            );
          }
          const expected = JSON.stringify({
            message:
              largest === PHOTO_MAX_BYTES
                ? photoMsg.tooLarge
                : largest === RECORDING_MAX_BYTES
                  ? recordingMsg.tooLarge
                  : apiMsg.validation,
          });
          const answer = tooLargeAnswer(server, location);
          if (answer !== expected)
            problems.push(
              `location ${location.modifier} ${location.pattern}: 413 answers ${answer}, the app ${expected}`,
            );
        }
      }
      expect(problems).toEqual([]);
      expect(served).toBeGreaterThan(0);
    });
  }

  for (const site of PUBLIC_SITES) {
    test(`[SEC-10] [FIN-04] ${site}: the Pix webhook is refused by nginx itself, and no location passes a client-sent ${VERIFY_HEADER} to the app`, () => {
      const servers = proxyingServers(readSite(site));
      expect(servers.length).toBeGreaterThan(0);
      for (const server of servers) {
        for (const path of webhookPaths) {
          const location = locationFor(server, path);
          expect(location && refuses(location), `${path} on ${site}`).toBe(true);
        }
        for (const location of locationsOf(server).filter((l) => first(l.block, 'proxy_pass'))) {
          expect(headerSent(server, location, VERIFY_HEADER), `${location.pattern} on ${site}`).toBe('');
        }
      }
    });
  }

  test(`[SEC-10] [FIN-04] ${MTLS_SITE}: mutual TLS required, the webhook alone reaches the app, with nginx's verification result in ${VERIFY_HEADER}`, () => {
    const servers = proxyingServers(readSite(MTLS_SITE));
    expect(servers).toHaveLength(1);
    const server = servers[0]!;
    expect(first(server.block, 'ssl_verify_client')?.args).toEqual(['on']);
    expect(first(server.block, 'ssl_client_certificate')?.args).toHaveLength(1);
    for (const path of webhookPaths) {
      const location = locationFor(server, path);
      expect(first(location?.block, 'proxy_pass'), path).toBeDefined();
      expect(headerSent(server, location!, VERIFY_HEADER), path).toBe('$ssl_client_verify');
    }
    for (const route of routes.filter((r) => !r.key.includes('/webhooks/pix/'))) {
      const location = locationFor(server, route.path);
      expect(location && refuses(location), route.key).toBe(true);
    }
  });
});
