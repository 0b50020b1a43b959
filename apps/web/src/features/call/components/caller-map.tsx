import { useEffect, useRef, useState, type CSSProperties } from 'react';
import { divIcon, marker as leafletMarker } from 'leaflet';
import { callUi } from '@toque/contracts/call-ui';
import { MAP_HEIGHT_PX, MAP_ZOOM } from '@toque/contracts/constants';
import { addTiles, createMap, MapFallback, useMapTiles, type MapTiles } from '../../../components/map/leaflet-map';

// Phones get a shorter map under the video; from 1024 px it is the specification's 650 px.
const FRAME = 'relative z-0 h-56 w-full overflow-hidden rounded-xl border border-slate-200 bg-slate-100 lg:h-(--map-height)';
const frameStyle = { '--map-height': `${MAP_HEIGHT_PX}px` } as CSSProperties;

/**
 * CALL-05: the caller's position on a map (zoom 12, 650 px high) from the installation's tile server
 * (GET /api/config). The marker is a plain HTML icon (Leaflet's image icons need bundler tricks).
 * Without tiles (offline, blocked) the position is given as text with a link to a maps app. The
 * marker's coordinates, as Leaflet holds them, are on its element.
 */
export function CallerMap({ latitude, longitude }: { latitude: number; longitude: number }) {
  const { pending, tiles } = useMapTiles();
  if (pending) return <div role="region" aria-label={callUi.owner.map} aria-busy="true" className={FRAME} style={frameStyle} />;
  return <TiledCallerMap latitude={latitude} longitude={longitude} tiles={tiles} />;
}

function TiledCallerMap({ latitude, longitude, tiles }: { latitude: number; longitude: number; tiles: MapTiles | null }) {
  const region = useRef<HTMLDivElement>(null);
  const container = useRef<HTMLDivElement>(null);
  const [tilesFailed, setTilesFailed] = useState(false);

  useEffect(() => {
    const element = container.current;
    if (!element) return;
    const map = createMap(element, { center: [latitude, longitude], zoom: MAP_ZOOM });
    if (tiles) addTiles(map, tiles, setTilesFailed);
    const icon = divIcon({
      className: 'caller-marker',
      html: '<span class="block size-5 rounded-full border-4 border-white bg-red-600 shadow-lg"></span>',
      iconSize: [20, 20],
      iconAnchor: [10, 10],
    });
    const marker = leafletMarker([latitude, longitude], {
      icon,
      title: callUi.owner.marker,
      interactive: false,
      keyboard: false,
    }).addTo(map);
    const at = marker.getLatLng();
    const markerElement = marker.getElement();
    markerElement?.setAttribute('data-lat', String(at.lat));
    markerElement?.setAttribute('data-lng', String(at.lng));
    region.current?.setAttribute('data-zoom', String(map.getZoom()));
    return () => {
      map.remove();
    };
  }, [latitude, longitude, tiles]);

  return (
    <div ref={region} role="region" aria-label={callUi.owner.map} className={FRAME} style={frameStyle}>
      <div ref={container} className="size-full" />
      {tilesFailed || !tiles ? <MapFallback point={{ latitude, longitude }} /> : null}
    </div>
  );
}
