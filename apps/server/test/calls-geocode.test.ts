import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, describe, expect, test } from 'vitest';
import { msg } from '@toque/contracts/messages';
import { geocodeService } from '../src/modules/geocode/service';
import { build, dbLabel } from './helpers';

/** A geocoding provider of the test's own: answers by latitude, counts what it was asked. */
const asked: URL[] = [];
const headersSeen: IncomingMessage['headers'][] = [];
const provider = createServer((req, res) => {
  const u = new URL(req.url!, 'http://provider');
  asked.push(u);
  headersSeen.push(req.headers);
  const lat = u.searchParams.get('lat') ?? u.searchParams.get('latlng')?.split(',')[0] ?? '';
  const reply = (status: number, body: unknown) => {
    res.writeHead(status, { 'content-type': 'application/json' });
    res.end(typeof body === 'string' ? body : JSON.stringify(body));
  };
  if (lat.startsWith('-50.')) return reply(500, { error: 'boom' });
  if (lat.startsWith('-51.')) return reply(200, 'not json');
  if (u.pathname === '/reverse') {
    if (lat.startsWith('-10.')) return reply(200, { error: 'Unable to geocode' });
    const address = lat.startsWith('-20.') ? { town: 'Nova Lima', state: 'MG' } : { city: 'Belo Horizonte', suburb: 'Savassi' };
    return reply(200, { display_name: 'Praça da Liberdade, Savassi, Belo Horizonte', address });
  }
  if (u.pathname === '/maps/api/geocode/json') {
    if (u.searchParams.get('key') !== 'google-test-key') return reply(200, { status: 'REQUEST_DENIED', results: [] });
    if (lat.startsWith('-10.')) return reply(200, { status: 'ZERO_RESULTS', results: [] });
    const components = [
      { long_name: 'Savassi', types: ['sublocality'] },
      ...(lat.startsWith('-20.') ? [] : [{ long_name: 'Belo Horizonte', types: ['locality', 'political'] }]),
      { long_name: 'Região Metropolitana', types: ['administrative_area_level_2', 'political'] },
    ];
    return reply(200, { status: 'OK', results: [{ formatted_address: 'Av. Afonso Pena, Belo Horizonte - MG', address_components: components }, { formatted_address: 'x', address_components: [] }] });
  }
  reply(404, {});
});
await new Promise<void>((r) => provider.listen(0, '127.0.0.1', r));
afterAll(() => new Promise<void>((r) => provider.close(() => r())));
const providerUrl = `http://127.0.0.1:${(provider.address() as AddressInfo).port}`;

const nominatim = (await build({ GEOCODER_URL: providerUrl, RATE_GEOCODE_PER_IP: '5' })).app;
const google = (await build({ GEOCODER: 'google', GEOCODER_URL: providerUrl, GOOGLE_MAPS_KEY: 'google-test-key' })).app;

let ip = 1;
const reverse = (app: typeof nominatim, lat: number | string, lng: number | string, from = `10.3.0.${ip++}`) =>
  app.inject({ method: 'GET', url: `/api/geocode/reverse?lat=${lat}&lng=${lng}`, remoteAddress: from });

describe(`reverse geocoding ${dbLabel}`, () => {
  test('[CALL-09] Nominatim: jsonv2 reverse, locality from city, town, village or suburb; the full address', async () => {
    const res = await reverse(nominatim, -19.93, -43.93);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ locality: 'Belo Horizonte', address: 'Praça da Liberdade, Savassi, Belo Horizonte' });
    const call = asked.at(-1)!;
    expect([call.pathname, call.searchParams.get('format'), call.searchParams.get('lat'), call.searchParams.get('lon')]).toEqual([
      '/reverse',
      'jsonv2',
      '-19.9300',
      '-43.9300',
    ]);
    expect(headersSeen.at(-1)!['user-agent']).toMatch(/^Toque\//);
    expect((await reverse(nominatim, -20.01, -43.85)).json()).toMatchObject({ locality: 'Nova Lima' });
  });

  test('[CALL-09] Google: the first result\'s locality, else its administrative_area_level_2; the key is sent', async () => {
    expect((await reverse(google, -19.95, -43.94)).json()).toEqual({ locality: 'Belo Horizonte', address: 'Av. Afonso Pena, Belo Horizonte - MG' });
    const call = asked.at(-1)!;
    expect([call.pathname, call.searchParams.get('latlng'), call.searchParams.get('key')]).toEqual([
      '/maps/api/geocode/json',
      '-19.9500,-43.9400',
      'google-test-key',
    ]);
    expect((await reverse(google, -20.5, -43.9)).json()).toEqual({ locality: 'Região Metropolitana', address: 'Av. Afonso Pena, Belo Horizonte - MG' });
  });

  test('[CALL-09] nothing there: nulls (the screen says \'Localização não encontrada\')', async () => {
    expect((await reverse(nominatim, -10.5, -40)).json()).toEqual({ locality: null, address: null });
    expect((await reverse(google, -10.5, -40)).json()).toEqual({ locality: null, address: null });
  });

  test('[CALL-09] provider failure, nonsense or a refused key: 502 with \'Erro ao carregar endereço\'', async () => {
    for (const [app, lat] of [
      [nominatim, -50.1],
      [nominatim, -51.1],
      [google, -50.1],
      [google, -51.1],
    ] as const) {
      const res = await reverse(app, lat, -43);
      expect([res.statusCode, res.json()]).toEqual([502, { message: msg.geoError }]);
    }
    // A refused key, and a provider that is not there at all: the same failure.
    const settings = { perIp: 1, windowMs: 1, googleKey: 'revoked' };
    const denied = geocodeService({ ...settings, provider: 'google', url: providerUrl }, 'test');
    const down = geocodeService({ ...settings, provider: 'nominatim', url: 'http://127.0.0.1:1' }, 'test');
    for (const service of [denied, down]) {
      await expect(service.reverse(-19.9, -43.9)).rejects.toMatchObject({ statusCode: 502, message: msg.geoError });
    }
  });

  test('[CALL-09] answers are cached by coordinates rounded to 4 decimals; failures are not', async () => {
    const before = asked.length;
    const first = await reverse(nominatim, -19.812341, -43.812341);
    const second = await reverse(nominatim, -19.812344, -43.812338);
    expect(second.json()).toEqual(first.json());
    expect(asked.length - before).toBe(1);
    await reverse(nominatim, -19.81244, -43.8123);
    expect(asked.length - before).toBe(2);
    await reverse(nominatim, -50.2, -43);
    await reverse(nominatim, -50.2, -43);
    expect(asked.length - before).toBe(4);
  });

  test('[CALL-09] coordinates are validated; one address is limited', async () => {
    for (const [lat, lng] of [
      ['abc', '1'],
      ['91', '0'],
      ['0', '181'],
    ] as const) {
      expect((await reverse(nominatim, lat, lng)).statusCode).toBe(400);
    }
    const statuses = [];
    for (let i = 0; i < 6; i++) statuses.push((await reverse(nominatim, -19.93, -43.93, '10.3.9.9')).statusCode);
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
  });
});
