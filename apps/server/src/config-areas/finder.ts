import { z } from 'zod';
import { FINDER_IP_RETENTION_DAYS, FINDER_LOCATION_RETENTION_DAYS } from '@toque/contracts/constants';
import type { Values } from './area';
import { positive } from './area';

/** What the finder's visit leaves: scan alerts, the place named from a position, and how long both are kept. */
export const finderVariables = {
  /**
   * SEC-07: days a call keeps the finder's location, and the finder's IP address; then a periodic
   * job clears them. The privacy policy states the defaults: change it together with these.
   */
  FINDER_DATA_RETENTION_DAYS: positive(FINDER_LOCATION_RETENTION_DAYS),
  FINDER_IP_RETENTION_DAYS: positive(FINDER_IP_RETENTION_DAYS),
  FINDER_DATA_PURGE_INTERVAL_MS: positive(60 * 60 * 1000),
  /** Reverse geocoding (CALL-09). */
  GEOCODER: z.enum(['nominatim', 'google']).default('nominatim'),
  GEOCODER_URL: z.string().url().optional(),
  GOOGLE_MAPS_KEY: z.string().optional(),
  RATE_GEOCODE_PER_IP: positive(30),
  RATE_GEOCODE_WINDOW_MS: positive(60 * 1000),
  /**
   * Scan alerts (FIND-01): one alert per tag and address per window; at most RATE_SCAN_ALERTS_PER_TAG
   * per tag per window from all addresses (a lost tag's are never capped); positions shared per tag and address.
   */
  SCAN_ALERT_WINDOW_MS: positive(5 * 60 * 1000),
  RATE_SCAN_ALERTS_PER_TAG: positive(20),
  RATE_SCAN_LOCATIONS_PER_TAG: positive(5),
};

type FinderValues = Values<typeof finderVariables>;

export function finderConfig(e: FinderValues) {
  return {
    retention: {
      locationDays: e.FINDER_DATA_RETENTION_DAYS,
      ipDays: e.FINDER_IP_RETENTION_DAYS,
      purgeIntervalMs: e.FINDER_DATA_PURGE_INTERVAL_MS,
    },
    geocoder: {
      provider: e.GEOCODER,
      url: (
        e.GEOCODER_URL ??
        (e.GEOCODER === 'google' ? 'https://maps.googleapis.com' : 'https://nominatim.openstreetmap.org')
      ).replace(/\/$/, ''),
      googleKey: e.GOOGLE_MAPS_KEY,
      perIp: e.RATE_GEOCODE_PER_IP,
      windowMs: e.RATE_GEOCODE_WINDOW_MS,
    },
    scans: {
      windowMs: e.SCAN_ALERT_WINDOW_MS,
      alertsPerTag: e.RATE_SCAN_ALERTS_PER_TAG,
      locationsPerTagAddress: e.RATE_SCAN_LOCATIONS_PER_TAG,
    },
  };
}

export function checkFinder(e: FinderValues, ctx: z.RefinementCtx) {
  if (e.GEOCODER === 'google' && !e.GOOGLE_MAPS_KEY) {
    ctx.addIssue({
      code: 'custom',
      path: ['GOOGLE_MAPS_KEY'],
      message: 'GOOGLE_MAPS_KEY is required when GEOCODER=google',
    });
  }
}
