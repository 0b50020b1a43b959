import { msg } from '@toque/contracts/messages';
import type { Config } from '../../config';
import { HttpError } from '../../errors';

export interface Place {
  locality: string | null;
  address: string | null;
}

const PROVIDER_TIMEOUT_MS = 5000;
const CACHE_MAX = 10_000;

/** The provider failed (down, refused our key, answered nonsense): the screen says 'Erro ao carregar endereço'. */
class GeocoderFailed extends HttpError {
  constructor() {
    super(502, msg.geoError);
  }
}

type Provider = (lat: string, lng: string) => Promise<Place>;

async function getJson(url: string, headers: Record<string, string> = {}): Promise<unknown> {
  let res: Response;
  try {
    res = await fetch(url, { headers, signal: AbortSignal.timeout(PROVIDER_TIMEOUT_MS) });
  } catch {
    throw new GeocoderFailed();
  }
  if (!res.ok) {
    await res.body?.cancel();
    throw new GeocoderFailed();
  }
  try {
    return await res.json();
  } catch {
    throw new GeocoderFailed();
  }
}

/** Nominatim's /reverse (jsonv2): `{ error }` when nothing is there. */
function nominatim(base: string, userAgent: string): Provider {
  return async (lat, lng) => {
    const body = (await getJson(`${base}/reverse?format=jsonv2&lat=${lat}&lon=${lng}`, { 'user-agent': userAgent })) as {
      error?: unknown;
      display_name?: unknown;
      address?: Record<string, unknown>;
    };
    if (typeof body !== 'object' || body === null) throw new GeocoderFailed();
    if (body.error || !body.address) return { locality: null, address: null };
    const a = body.address;
    const locality = [a.city, a.town, a.village, a.suburb].find((v): v is string => typeof v === 'string' && v !== '');
    return { locality: locality ?? null, address: typeof body.display_name === 'string' ? body.display_name : null };
  };
}

interface GoogleResult {
  formatted_address?: string;
  address_components?: { long_name: string; types: string[] }[];
}

/** Google Geocoding: the first result's locality, else its administrative_area_level_2 (the município). */
function google(base: string, key: string): Provider {
  return async (lat, lng) => {
    const url = `${base}/maps/api/geocode/json?latlng=${lat},${lng}&key=${encodeURIComponent(key)}`;
    const body = (await getJson(url)) as { status?: string; results?: GoogleResult[] };
    if (body.status === 'ZERO_RESULTS') return { locality: null, address: null };
    if (body.status !== 'OK' || !Array.isArray(body.results)) throw new GeocoderFailed();
    const first = body.results[0];
    if (!first) return { locality: null, address: null };
    const parts = first.address_components ?? [];
    const of = (type: string) => parts.find((c) => c.types.includes(type))?.long_name;
    return { locality: of('locality') ?? of('administrative_area_level_2') ?? null, address: first.formatted_address ?? null };
  };
}

/**
 * Reverse geocoding from the server (CALL-09): the provider and its key are configuration, never
 * shipped to the browser. Answers are cached by coordinates rounded to 4 decimals (about 11 m), and
 * concurrent lookups of one place share a single provider request.
 */
export function geocodeService(config: Config['geocoder'], userAgent: string) {
  const provider = config.provider === 'google' ? google(config.url, config.googleKey ?? '') : nominatim(config.url, userAgent);
  const cache = new Map<string, Place>();
  const pending = new Map<string, Promise<Place>>();

  return {
    async reverse(latitude: number, longitude: number): Promise<Place> {
      const lat = latitude.toFixed(4);
      const lng = longitude.toFixed(4);
      const key = `${lat},${lng}`;
      const hit = cache.get(key);
      if (hit) return hit;
      let request = pending.get(key);
      if (!request) {
        request = provider(lat, lng).finally(() => pending.delete(key));
        pending.set(key, request);
      }
      const place = await request;
      if (cache.size >= CACHE_MAX) cache.delete(cache.keys().next().value as string);
      cache.set(key, place);
      return place;
    },
  };
}
