import { z } from 'zod';
import type { Values } from './area';

/**
 * The maps' tile server (the caller's position, CALL-05; a plate's position, CONDO-19), served to the
 * web app by GET /api/config. The default is OpenStreetMap's public server, for development only: its
 * usage policy does not allow a product's traffic (docs/decisions/0049), so a deployment names its own.
 */
// The same {s} form the web's maps use today, so the CSP allows what they load (https://*.tile.openstreetmap.org).
const DEV_TILE_URL = 'https://{s}.tile.openstreetmap.org/{z}/{x}/{y}.png';
const DEV_ATTRIBUTION = '&copy; <a href="https://www.openstreetmap.org/copyright">OpenStreetMap</a>';

export const mapVariables = {
  /** A Leaflet URL template ({z}/{x}/{y}, optionally {s}); its origin is added to the CSP's img-src. */
  MAP_TILE_URL: z
    .string()
    .refine((v) => /^https?:\/\//.test(v) && v.includes('{z}') && v.includes('{x}') && v.includes('{y}'), 'must be an http(s) URL template with {z}, {x} and {y}')
    .default(DEV_TILE_URL),
  /** The attribution the tile server's licence asks for (HTML). */
  MAP_TILE_ATTRIBUTION: z.string().default(DEV_ATTRIBUTION),
};

export function mapConfig(e: Values<typeof mapVariables>) {
  return { map: { tileUrl: e.MAP_TILE_URL, attribution: e.MAP_TILE_ATTRIBUTION } };
}

/** The tile server's origin as a CSP source ({s} subdomains become a wildcard). */
export function tileSource(tileUrl: string): string {
  const origin = /^(https?:\/\/[^/]+)/.exec(tileUrl)?.[1] ?? tileUrl;
  return origin.replace(/\{s\}\./, '*.');
}
