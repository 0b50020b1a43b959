import { control, map as leafletMap, tileLayer, type Map, type MapOptions } from 'leaflet';
import 'leaflet/dist/leaflet.css';
import { mapsAppUrl, mapUi } from '@toque/contracts/map-ui';
import type { PublicConfig } from '@toque/contracts/google-sign-in';
import { usePublicConfig } from '../../lib/public-config';

export type MapTiles = PublicConfig['map'];

/**
 * The tile server this installation names (MAP_TILE_URL, GET /api/config, docs/decisions/0049):
 * `pending` until the answer comes; `tiles` null when the configuration could not be read (offline),
 * so the map shows its fallback rather than a grey square.
 */
export function useMapTiles(): { pending: true; tiles: null } | { pending: false; tiles: MapTiles | null } {
  const config = usePublicConfig();
  if (config.isPending) return { pending: true, tiles: null };
  return { pending: false, tiles: config.data?.map ?? null };
}

/** A Leaflet map whose zoom buttons are named in Portuguese (title and aria-label). */
export function createMap(element: HTMLElement, options: MapOptions): Map {
  const created = leafletMap(element, { ...options, zoomControl: false });
  control.zoom({ zoomInTitle: mapUi.zoomIn, zoomOutTitle: mapUi.zoomOut }).addTo(created);
  return created;
}

/**
 * The configured tiles on `map`. `onFailed(true)` when tiles fail before any has loaded (offline, the
 * tile server blocked or down); `onFailed(false)` once one loads.
 */
export function addTiles(map: Map, tiles: MapTiles, onFailed: (failed: boolean) => void) {
  let loaded = false;
  const layer = tileLayer(tiles.tileUrl, { maxZoom: 19, attribution: tiles.attribution });
  layer.on('tileload', () => {
    loaded = true;
    onFailed(false);
  });
  layer.on('tileerror', () => {
    if (!loaded) onFailed(true);
  });
  layer.addTo(map);
}

/**
 * Over a map without tiles: says so, and gives the position as text with a link to a maps app, so
 * the place is still there offline (a maps app may hold it, the text can be copied or read out).
 */
export function MapFallback({ point }: { point: { latitude: number; longitude: number } | null }) {
  return (
    <div
      role="status"
      data-map-fallback
      className="absolute inset-x-2 bottom-2 z-10 space-y-1 rounded-lg border border-slate-300 bg-white/95 px-3 py-2 text-sm text-slate-900 shadow"
    >
      {point ? (
        <>
          <p>{mapUi.offline}</p>
          <p className="font-semibold">{mapUi.position(point.latitude, point.longitude)}</p>
          <a
            href={mapsAppUrl(point.latitude, point.longitude)}
            target="_blank"
            rel="noopener noreferrer"
            className="tap-target font-semibold text-brand-700 underline"
          >
            {mapUi.openInMaps}
          </a>
        </>
      ) : (
        <p>{mapUi.offlineNoPoint}</p>
      )}
    </div>
  );
}
