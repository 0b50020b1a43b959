import { useEffect, useRef, type CSSProperties } from 'react';
import { divIcon, map as leafletMap, marker as leafletMarker, tileLayer } from 'leaflet';
import 'leaflet/dist/leaflet.css';
import { callUi } from '@toque/contracts/call-ui';
import { MAP_HEIGHT_PX, MAP_ZOOM } from '@toque/contracts/constants';

const TILES = 'https://{s}.tile.openstreetmap.org/{z}/{x}/{y}.png';
const ATTRIBUTION = '&copy; <a href="https://www.openstreetmap.org/copyright">OpenStreetMap</a>';

/**
 * CALL-05: the caller's position on an OpenStreetMap map (zoom 12, 650 px high). The marker is a
 * plain HTML icon (Leaflet's image icons need bundler tricks); a tile that fails to load only
 * leaves a grey square. The marker's coordinates, as Leaflet holds them, are on its element.
 */
export function CallerMap({ latitude, longitude }: { latitude: number; longitude: number }) {
  const container = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const element = container.current;
    if (!element) return;
    const map = leafletMap(element, { center: [latitude, longitude], zoom: MAP_ZOOM });
    tileLayer(TILES, { maxZoom: 19, attribution: ATTRIBUTION }).addTo(map);
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
    element.dataset.zoom = String(map.getZoom());
    return () => {
      map.remove();
    };
  }, [latitude, longitude]);

  return (
    <div
      ref={container}
      role="region"
      aria-label={callUi.owner.map}
      // Phones get a shorter map under the video; from 1024 px it is the specification's 650 px.
      className="z-0 h-56 w-full overflow-hidden rounded-xl border border-slate-200 bg-slate-100 lg:h-(--map-height)"
      style={{ '--map-height': `${MAP_HEIGHT_PX}px` } as CSSProperties}
    />
  );
}
