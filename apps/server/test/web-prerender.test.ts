import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync, gzipSync } from 'node:zlib';
import { describe, expect, test } from 'vitest';
import { build, dbLabel } from './helpers';

// A build with prerendered public pages: index.html is the home page, app.html the empty shell.
const dist = mkdtempSync(join(tmpdir(), 'toque-dist-'));
const page = (path: string) => `<!doctype html><div id="root" data-prerendered="${path}"><h1>${path}</h1></div>`;
mkdirSync(join(dist, 'assets'));
mkdirSync(join(dist, 'pulseiras'));
writeFileSync(join(dist, 'index.html'), page('/'));
writeFileSync(join(dist, 'pulseiras', 'index.html'), page('/pulseiras'));
writeFileSync(join(dist, 'pulseiras', 'index.html.gz'), gzipSync(page('/pulseiras')));
writeFileSync(join(dist, 'app.html'), '<!doctype html><div id="root"></div>');
const { app } = await build({ WEB_DIST: dist });

describe(`serving prerendered pages ${dbLabel}`, () => {
  test('[PERF-03] a prerendered page gets its own HTML; every other page the empty shell', async () => {
    // An unknown page gets the shell with HTTP 404 (SEC-06): the app renders its 404 page.
    const cases: [string, string, number][] = [
      ['/', '<h1>/</h1>', 200],
      ['/pulseiras', '<h1>/pulseiras</h1>', 200],
      ['/pulseiras/', '<h1>/pulseiras</h1>', 200],
      ['/dashboard', '<div id="root"></div>', 200],
      ['/pagina-que-nao-existe', '<div id="root"></div>', 404],
    ];
    for (const [url, body, status] of cases) {
      const res = await app.inject({ method: 'GET', url });
      expect([url, res.statusCode, res.headers['content-type']]).toEqual([url, status, 'text/html; charset=utf-8']);
      expect(res.body).toContain(body);
    }
  });

  test('[PERF-03] the compressed sibling is sent to a browser that accepts it', async () => {
    const res = await app.inject({ method: 'GET', url: '/pulseiras', headers: { 'accept-encoding': 'br, gzip' } });
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(res.rawPayload).toString()).toBe(page('/pulseiras'));
  });
});
