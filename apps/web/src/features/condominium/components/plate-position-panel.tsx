import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { divIcon, marker as leafletMarker, type Map, type Marker } from 'leaflet';
import {
  GEOFENCE_RADIUS_DEFAULT_M,
  GEOFENCE_RADIUS_MAX_M,
  GEOFENCE_RADIUS_MIN_M,
  geofenceMsg,
  geofenceUi,
  platePositionBody,
  type PlatePosition,
} from '@toque/contracts/geofence';
import { addTiles, createMap, MapFallback, useMapTiles, type MapTiles } from '../../../components/map/leaflet-map';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/field';
import { isApiError } from '../../../lib/api-client';
import { usePlatePosition, useSetPlatePosition } from '../api/plate-position';

/** Without a position yet, the map shows Brazil; a placed plate is shown at street level. */
const BRAZIL: [number, number] = [-14.235, -51.925];
const STREET_ZOOM = 17;
const COORDINATE_DIGITS = 6;

interface Point {
  latitude: number;
  longitude: number;
}

const round = (n: number) => Number(n.toFixed(COORDINATE_DIGITS));
/** A typed coordinate, with a decimal comma or point; null when blank, NaN when not a number. */
const parseCoordinate = (text: string): number | null => {
  const t = text.trim().replace(',', '.');
  if (t === '') return null;
  return /^[-+]?\d+(\.\d+)?$/.test(t) ? Number(t) : Number.NaN;
};

const MAP_FRAME = 'relative z-0 h-64 w-full overflow-hidden rounded-xl border border-slate-200 bg-slate-100 lg:h-80';

/** The map waits for the installation's tile server (GET /api/config) before it is drawn. */
function PlateMap({ point, onPick }: { point: Point | null; onPick: (p: Point) => void }) {
  const { pending, tiles } = useMapTiles();
  if (pending) return <div role="region" aria-label={geofenceUi.map} aria-busy="true" className={MAP_FRAME} />;
  return <TiledPlateMap point={point} onPick={onPick} tiles={tiles} />;
}

/**
 * CONDO-17: the plate on a map — a click places the marker, a drag moves it. The coordinates typed
 * beside it do the same without a pointer, and without tiles (offline, a blocked tile server), when
 * the map says so and gives the position as text with a link to a maps app. The marker's
 * coordinates, as Leaflet holds them, are on its element.
 */
function TiledPlateMap({ point, onPick, tiles }: { point: Point | null; onPick: (p: Point) => void; tiles: MapTiles | null }) {
  const container = useRef<HTMLDivElement>(null);
  const [tilesFailed, setTilesFailed] = useState(false);
  const mapRef = useRef<Map | null>(null);
  const markerRef = useRef<Marker | null>(null);
  const pick = useRef(onPick);
  useEffect(() => {
    pick.current = onPick;
  }, [onPick]);

  useEffect(() => {
    const element = container.current;
    if (!element) return;
    const map = createMap(element, { center: BRAZIL, zoom: 4 });
    if (tiles) addTiles(map, tiles, setTilesFailed);
    map.on('click', (e) => pick.current({ latitude: round(e.latlng.lat), longitude: round(e.latlng.lng) }));
    mapRef.current = map;
    return () => {
      map.remove();
      mapRef.current = null;
      markerRef.current = null;
    };
  }, [tiles]);

  useEffect(() => {
    const map = mapRef.current;
    if (!map) return;
    if (!point) {
      markerRef.current?.remove();
      markerRef.current = null;
      return;
    }
    const at: [number, number] = [point.latitude, point.longitude];
    let marker = markerRef.current;
    if (!marker) {
      const icon = divIcon({
        className: 'plate-marker',
        html: '<span class="block size-5 rounded-full border-4 border-white bg-brand-700 shadow-lg"></span>',
        iconSize: [20, 20],
        iconAnchor: [10, 10],
      });
      marker = leafletMarker(at, { icon, title: geofenceUi.marker, draggable: true, keyboard: false }).addTo(map);
      marker.on('dragend', () => {
        const moved = markerRef.current?.getLatLng();
        if (moved) pick.current({ latitude: round(moved.lat), longitude: round(moved.lng) });
      });
      markerRef.current = marker;
      map.setView(at, Math.max(map.getZoom(), STREET_ZOOM));
    } else {
      marker.setLatLng(at);
      if (!map.getBounds().contains(at)) map.panTo(at);
    }
    const element = marker.getElement();
    element?.setAttribute('data-lat', String(point.latitude));
    element?.setAttribute('data-lng', String(point.longitude));
  }, [point]);

  return (
    <div role="region" aria-label={geofenceUi.map} data-plate-map className={MAP_FRAME}>
      <div ref={container} className="size-full" />
      {tilesFailed || !tiles ? <MapFallback point={point} /> : null}
    </div>
  );
}

type FieldErrors = Partial<Record<'latitude' | 'longitude' | 'required' | 'radiusM', string>>;

function PlatePositionForm({ condoCode, saved }: { condoCode: string; saved: PlatePosition }) {
  const save = useSetPlatePosition(condoCode);
  const [latitude, setLatitude] = useState(saved.latitude === null ? '' : String(saved.latitude));
  const [longitude, setLongitude] = useState(saved.longitude === null ? '' : String(saved.longitude));
  const [required, setRequired] = useState(saved.required);
  const [radius, setRadius] = useState(String(saved.radius_m || GEOFENCE_RADIUS_DEFAULT_M));
  const [errors, setErrors] = useState<FieldErrors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const [locating, setLocating] = useState(false);
  const requiredId = useId();

  const lat = parseCoordinate(latitude);
  const lng = parseCoordinate(longitude);
  const point = lat !== null && lng !== null && Math.abs(lat) <= 90 && Math.abs(lng) <= 180 ? { latitude: lat, longitude: lng } : null;

  const placeAt = (p: Point) => {
    setLatitude(String(p.latitude));
    setLongitude(String(p.longitude));
    setErrors({});
    setDone(null);
  };

  const useMyLocation = () => {
    setFailure(null);
    if (!('geolocation' in navigator)) {
      setFailure(geofenceUi.locationFailed);
      return;
    }
    setLocating(true);
    navigator.geolocation.getCurrentPosition(
      (p) => {
        setLocating(false);
        placeAt({ latitude: round(p.coords.latitude), longitude: round(p.coords.longitude) });
      },
      () => {
        setLocating(false);
        setFailure(geofenceUi.locationFailed);
      },
      { enableHighAccuracy: true, timeout: 20_000, maximumAge: 0 },
    );
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setFailure(null);
    setDone(null);
    const radiusText = radius.trim();
    const parsed = platePositionBody.safeParse({
      qrCode: condoCode,
      latitude: lat === null ? null : lat,
      longitude: lng === null ? null : lng,
      required,
      radiusM: /^\d+$/.test(radiusText) ? Number(radiusText) : Number.NaN,
    });
    if (!parsed.success) {
      const found: FieldErrors = {};
      for (const issue of parsed.error.issues) {
        const field = issue.path[0] as keyof FieldErrors;
        found[field] ??= issue.message;
      }
      if (lat !== null && Number.isNaN(lat)) found.latitude = geofenceMsg.latitudeRange;
      if (lng !== null && Number.isNaN(lng)) found.longitude = geofenceMsg.longitudeRange;
      setErrors(found);
      return;
    }
    setErrors({});
    try {
      const result = await save.mutateAsync(parsed.data);
      setDone(result.message ?? geofenceMsg.saved);
    } catch (error) {
      setFailure(isApiError(error) || error instanceof Error ? error.message : String(error));
    }
  };

  const clear = () => {
    setLatitude('');
    setLongitude('');
    setRequired(false);
    setErrors({});
    setDone(null);
  };

  return (
    <form noValidate onSubmit={(e) => void submit(e)} className="space-y-4">
      <PlateMap point={point} onPick={placeAt} />
      {point ? null : <p className="text-slate-700">{geofenceUi.notSet}</p>}
      <div className="grid gap-3 sm:grid-cols-2">
        <TextField
          label={geofenceUi.latitude}
          name="latitude"
          inputMode="decimal"
          autoComplete="off"
          value={latitude}
          error={errors.latitude}
          onChange={(e) => setLatitude(e.target.value)}
        />
        <TextField
          label={geofenceUi.longitude}
          name="longitude"
          inputMode="decimal"
          autoComplete="off"
          value={longitude}
          error={errors.longitude}
          onChange={(e) => setLongitude(e.target.value)}
        />
      </div>
      <div className="flex flex-wrap gap-2">
        <Button type="button" variant="secondary" onClick={useMyLocation} disabled={locating}>
          {locating ? geofenceUi.locating : geofenceUi.useMyLocation}
        </Button>
        {point ? (
          <Button type="button" variant="secondary" onClick={clear}>
            {geofenceUi.clear}
          </Button>
        ) : null}
      </div>
      <div className="space-y-1">
        <label htmlFor={requiredId} className="flex min-h-11 cursor-pointer items-center gap-3 font-medium text-slate-900">
          <input
            id={requiredId}
            type="checkbox"
            className="size-5"
            checked={required}
            aria-describedby={`${requiredId}-hint`}
            aria-invalid={errors.required ? true : undefined}
            onChange={(e) => setRequired(e.target.checked)}
          />
          {geofenceUi.required}
        </label>
        <p id={`${requiredId}-hint`} className="text-sm text-slate-600">
          {geofenceUi.requiredHint}
        </p>
        {errors.required ? (
          <p role="alert" className="text-sm font-medium text-red-700">
            {errors.required}
          </p>
        ) : null}
      </div>
      <div className="max-w-48">
        <TextField
          label={geofenceUi.radius}
          name="radius"
          type="number"
          inputMode="numeric"
          min={GEOFENCE_RADIUS_MIN_M}
          max={GEOFENCE_RADIUS_MAX_M}
          step={1}
          value={radius}
          hint={geofenceUi.radiusHint}
          error={errors.radiusM}
          onChange={(e) => setRadius(e.target.value)}
        />
      </div>
      {failure ? (
        <p role="alert" className="rounded-lg bg-red-50 px-3 py-2 font-medium text-red-800">
          {failure}
        </p>
      ) : null}
      <p role="status" className="font-medium text-green-800">
        {done}
      </p>
      <Button type="submit" disabled={save.isPending}>
        {save.isPending ? geofenceUi.saving : geofenceUi.save}
      </Button>
    </form>
  );
}

/** CONDO-17: on the plate's page, the síndico places the plate and chooses whether a call needs the visitor at its door. */
export function PlatePositionPanel({ condoCode }: { condoCode: string }) {
  const position = usePlatePosition(condoCode);
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className="space-y-3 rounded-xl border border-slate-200 bg-white p-4 sm:p-6">
      <h2 id={headingId} className="text-lg font-semibold text-slate-900">
        {geofenceUi.heading}
      </h2>
      <p className="text-slate-700">{geofenceUi.intro}</p>
      {position.isPending ? (
        <p role="status" className="text-slate-700">
          {geofenceUi.loading}
        </p>
      ) : position.isError ? (
        <p role="alert" className="rounded-lg bg-red-50 px-3 py-2 font-medium text-red-800">
          {position.error.message}
        </p>
      ) : (
        <PlatePositionForm condoCode={condoCode} saved={position.data} />
      )}
    </section>
  );
}
