import fp from 'fastify-plugin';
import helmet from 'helmet';
import { BadRequest } from '../errors';
import { tileSource } from '../config-areas/map';

/** True when any string (or key) in a parsed JSON value holds U+0000. Iterative: bodies nest deep. */
export function holdsNul(value: unknown): boolean {
  const pending: unknown[] = [value];
  while (pending.length > 0) {
    const v = pending.pop();
    if (typeof v === 'string') {
      if (v.includes('\u0000')) return true;
    } else if (ArrayBuffer.isView(v) || v instanceof ArrayBuffer) {
      // A file's bytes (the photo uploads' Buffer body): not text, and walking one entry per byte
      // held the event loop ~1 min for a 10 MiB photo (SEC-09).
      continue;
    } else if (v !== null && typeof v === 'object') {
      for (const [key, item] of Object.entries(v)) {
        if (key.includes('\u0000')) return true;
        pending.push(item);
      }
    }
  }
  return false;
}

/**
 * SEC-06: the call needs the camera, the microphone and the finder's position, on our own pages
 * only; powerful features nothing here uses are off. Autoplay, fullscreen, picture-in-picture and
 * encrypted media keep their defaults: the embedded YouTube videos use them. Only features Chromium
 * knows: an unknown one ('ambient-light-sensor', 'bluetooth') is a console warning on every page
 * (guards.spec.ts loads pages and listens).
 */
export const PERMISSIONS_POLICY = [
  'camera=(self)',
  'microphone=(self)',
  'geolocation=(self)',
  ...[
    'accelerometer',
    'browsing-topics',
    'display-capture',
    'gyroscope',
    'hid',
    'idle-detection',
    'magnetometer',
    'midi',
    'payment',
    'publickey-credentials-get',
    'serial',
    'usb',
    'xr-spatial-tracking',
  ].map((feature) => `${feature}=()`),
].join(', ');

/**
 * SEC-04: CSP, no sniffing, frame denial, no referrer leaks. Helmet's middleware is built once here:
 * @fastify/helmet builds it again on every request (parsing the CSP each time), about 5 % of the
 * server's CPU on an API request (PERF-01, docs/decisions/0018).
 */
export const securityPlugin = fp(async (app) => {
  const applyHelmet = helmet({
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        // react-toastify and Leaflet set inline styles.
        styleSrc: ["'self'", "'unsafe-inline'"],
        // The maps' tile server is the operator's choice (MAP_TILE_URL, config-areas/map.ts).
        imgSrc: ["'self'", 'data:', 'blob:', tileSource(app.config.map.tileUrl)],
        mediaSrc: ["'self'", 'blob:'],
        connectSrc: ["'self'", 'ws:', 'wss:'],
        fontSrc: ["'self'", 'data:'],
        frameSrc: ['https://www.youtube-nocookie.com'],
        frameAncestors: ["'none'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        upgradeInsecureRequests: null,
      },
    },
    frameguard: { action: 'deny' },
    crossOriginEmbedderPolicy: false,
    strictTransportSecurity: false,
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
  });
  app.addHook('onRequest', (request, reply, done) => {
    applyHelmet(request.raw, reply.raw, (err?: unknown) => done(err as Error | undefined));
  });

  app.addHook('onSend', async (request, reply) => {
    reply.header('permissions-policy', PERMISSIONS_POLICY);
    // SEC-06: tokens and reset answers must not sit in a browser's or a proxy's cache.
    const path = request.url.split('?')[0] ?? '';
    if (path === '/api/auth' || path.startsWith('/api/auth/')) reply.header('cache-control', 'no-store');
  });

  // PostgreSQL text cannot hold U+0000: such input is bad input (400), not a database error (API-03, SEC-03).
  app.addHook('preValidation', async (request) => {
    if (holdsNul(request.body) || holdsNul(request.params) || holdsNul(request.query)) throw new BadRequest();
  });
});
