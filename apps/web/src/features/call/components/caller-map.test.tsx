import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { mapsAppUrl, mapUi } from '@toque/contracts/map-ui';
import { callUi } from '@toque/contracts/call-ui';
import { CallerMap } from './caller-map';

const TILE_URL = 'https://tiles.example.test/{z}/{x}/{y}.png';
const config = { googleSignIn: false, map: { tileUrl: TILE_URL, attribution: 'Mapas Exemplo' } };
const at = { latitude: -23.5614, longitude: -46.6559 };

// jsdom lays nothing out: give the map a size so Leaflet asks for the tiles that fill it.
const sizes = ['clientWidth', 'clientHeight'] as const;
beforeAll(() => {
  for (const size of sizes) Object.defineProperty(HTMLElement.prototype, size, { configurable: true, get: () => 256 });
});
afterAll(() => {
  for (const size of sizes) Reflect.deleteProperty(HTMLElement.prototype, size);
});
afterEach(() => {
  vi.unstubAllGlobals();
});

function renderMap() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <CallerMap {...at} />
    </QueryClientProvider>,
  );
}

const tiles = (container: HTMLElement) => [...container.querySelectorAll<HTMLImageElement>('img.leaflet-tile')];

describe("the caller's map (CALL-05)", () => {
  it("[CALL-05] takes its tiles from the server GET /api/config names, not a built-in one, and names its zoom buttons 'Aproximar' / 'Afastar'", async () => {
    const fetch = vi.fn().mockResolvedValue(new Response(JSON.stringify(config)));
    vi.stubGlobal('fetch', fetch);
    const { container } = renderMap();
    const zoomIn = await screen.findByRole('button', { name: mapUi.zoomIn });
    expect(zoomIn.getAttribute('title')).toBe(mapUi.zoomIn);
    expect(screen.getByRole('button', { name: mapUi.zoomOut }).getAttribute('title')).toBe(mapUi.zoomOut);
    expect(screen.queryByRole('button', { name: /zoom/i })).toBeNull();
    expect(fetch.mock.calls[0]?.[0]).toBe('/api/config');
    await waitFor(() => expect(tiles(container).length).toBeGreaterThan(0));
    for (const tile of tiles(container)) expect(tile.src).toMatch(/^https:\/\/tiles\.example\.test\/12\/\d+\/\d+\.png$/);
    expect(container.textContent).toContain('Mapas Exemplo');
    // Tiles that load: no fallback.
    for (const tile of tiles(container)) fireEvent.load(tile);
    expect(screen.queryByText(mapUi.offline)).toBeNull();
  });

  it('[CALL-05] when the tiles fail (offline, a blocked tile server) it gives the position as text with a link to a maps app', async () => {
    vi.stubGlobal('fetch', vi.fn().mockResolvedValue(new Response(JSON.stringify(config))));
    const { container } = renderMap();
    await waitFor(() => expect(tiles(container).length).toBeGreaterThan(0));
    expect(screen.queryByText(mapUi.offline)).toBeNull();
    for (const tile of tiles(container)) fireEvent.error(tile);
    const region = screen.getByRole('region', { name: callUi.owner.map });
    expect(await screen.findByText(mapUi.offline)).toBeDefined();
    expect(region.textContent).toContain(mapUi.position(at.latitude, at.longitude));
    expect(mapUi.position(at.latitude, at.longitude)).toBe('Posição: -23.561400, -46.655900');
    const link = screen.getByRole('link', { name: mapUi.openInMaps });
    expect(link.getAttribute('href')).toBe(mapsAppUrl(at.latitude, at.longitude));
    expect(link.getAttribute('href')).toBe('https://www.google.com/maps/search/?api=1&query=-23.561400%2C-46.655900');
  });

  it('[CALL-05] without an answer from GET /api/config (offline) the position is still given as text', async () => {
    vi.stubGlobal('fetch', vi.fn().mockRejectedValue(new TypeError('Failed to fetch')));
    const { container } = renderMap();
    expect(await screen.findByText(mapUi.position(at.latitude, at.longitude))).toBeDefined();
    expect(tiles(container)).toHaveLength(0);
    expect(screen.getByRole('button', { name: mapUi.zoomIn })).toBeDefined();
  });
});
