import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { apiMsg } from '@toque/contracts/messages';
import { build, dbLabel } from './helpers';

const dist = mkdtempSync(join(tmpdir(), 'toque-dist-'));
mkdirSync(join(dist, 'assets'));
writeFileSync(join(dist, 'index.html'), '<!doctype html><title>Toque</title><div id="root"></div>');
writeFileSync(join(dist, 'assets', 'app-abc123.js'), 'console.log(1)');
const { app } = await build({ WEB_DIST: dist });

describe(`serving the web app ${dbLabel}`, () => {
  test('[API-01] [PUB-13] [SEC-06] pages get the app; unknown pages get it too (it renders its 404) with HTTP 404; unknown API paths a JSON 404', async () => {
    const pages = [
      '/',
      '/dashboard/meus-produtos',
      '/dashboard/meus-produtos/',
      '/Login',
      '/reset-password?email=a@b.co',
      '/t/ABCD1234',
      '/onboarding/ABCD1234',
      '/dashboard/meus-produtos/apartamentos/ABCD1234/7/edit-apartamento',
    ];
    for (const url of pages) {
      const res = await app.inject({ method: 'GET', url });
      expect([url, res.statusCode, res.headers['content-type']]).toEqual([url, 200, 'text/html; charset=utf-8']);
      expect(res.body).toContain('<div id="root">');
    }
    for (const url of ['/pagina-que-nao-existe', '/t/ABCD1234/extra', '/dashboard/nada', '/wp-login', '/onboarding']) {
      const res = await app.inject({ method: 'GET', url });
      expect([url, res.statusCode, res.headers['content-type']]).toEqual([url, 404, 'text/html; charset=utf-8']);
      expect(res.body).toContain('<div id="root">');
    }
    const api = await app.inject({ method: 'GET', url: '/api/nao-existe' });
    expect([api.statusCode, api.json()]).toEqual([404, { message: apiMsg.routeNotFound }]);
  });

  test('[API-01] built files are served with long caching; a missing asset is a 404, never the HTML', async () => {
    const asset = await app.inject({ method: 'GET', url: '/assets/app-abc123.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toContain('immutable');
    for (const url of ['/assets/old-chunk.js', '/favicon-missing.png']) {
      const res = await app.inject({ method: 'GET', url });
      expect([url, res.statusCode]).toEqual([url, 404]);
      expect(res.body).not.toContain('<div id="root">');
    }
  });
});
