import { geofenceMsg } from '@toque/contracts/geofence';
import type { Conn } from '../../db/client';
import { plateGeofenceRepository } from '../../db/repositories/plate-geofence';
import { Forbidden } from '../../errors';

/** The mean Earth radius (IUGG), metres: the haversine's sphere. */
export const EARTH_RADIUS_M = 6_371_008.8;

const rad = (deg: number) => (deg * Math.PI) / 180;

/** Great-circle distance in metres between two WGS 84 points (haversine on the mean sphere; < 0.5 % off the ellipsoid). */
export function haversineMeters(a: { latitude: number; longitude: number }, b: { latitude: number; longitude: number }): number {
  const dLat = rad(b.latitude - a.latitude);
  const dLng = rad(b.longitude - a.longitude);
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(rad(a.latitude)) * Math.cos(rad(b.latitude)) * Math.sin(dLng / 2) ** 2;
  return 2 * EARTH_RADIUS_M * Math.asin(Math.min(1, Math.sqrt(h)));
}

export interface Fence {
  latitude: number | null;
  longitude: number | null;
  required: boolean;
  radiusM: number;
}

export interface Fix {
  latitude?: number | undefined;
  longitude?: number | undefined;
  /** The browser's `coords.accuracy`: the fix is within this many metres (95 %). */
  accuracy?: number | undefined;
}

export type Verdict = 'open' | 'here' | 'no-position' | 'inaccurate' | 'too-far';

/**
 * CONDO-17 (docs/decisions/0046): may this fix call a plate with this fence?
 * - No position set, or not required: `open` — nothing changes.
 * - No latitude/longitude: `no-position` (refused, or the browser had none).
 * - No accuracy, or an accuracy worse (larger) than the radius: `inaccurate` — it cannot say the
 *   visitor is here, so it counts as not here (the rule).
 * - Otherwise the reported point decides: distance ≤ radius is `here` (the border counts as in),
 *   farther is `too-far`. The accuracy is not added to the distance: a good fix at the door's
 *   pavement must not be refused because the phone is honest about a 30 m uncertainty.
 */
export function judge(fence: Fence, fix: Fix): Verdict {
  if (!fence.required || fence.latitude === null || fence.longitude === null) return 'open';
  if (fix.latitude === undefined || fix.longitude === undefined) return 'no-position';
  if (fix.accuracy === undefined || !(fix.accuracy <= fence.radiusM)) return 'inaccurate';
  const distance = haversineMeters({ latitude: fence.latitude, longitude: fence.longitude }, { latitude: fix.latitude, longitude: fix.longitude });
  return distance <= fence.radiusM ? 'here' : 'too-far';
}

const refusal: Record<Exclude<Verdict, 'open' | 'here'>, string> = {
  'no-position': geofenceMsg.positionRequired,
  inaccurate: geofenceMsg.inaccurate,
  'too-far': geofenceMsg.tooFar,
};

/** Whether the plate's calls need the visitor at its door (the finder's page asks for the position first). */
export async function plateRequiresPosition(db: Conn, tagCode: string): Promise<boolean> {
  const fence = await plateGeofenceRepository.ofPlate(db, tagCode);
  return !!fence && judge(fence, {}) !== 'open';
}

/** CONDO-17: a call to a plate that rings only at its door, from farther or without a usable fix, is a 403 saying why. */
export async function requireAtDoor(db: Conn, tagCode: string, fix: Fix): Promise<void> {
  const fence = await plateGeofenceRepository.ofPlate(db, tagCode);
  if (!fence) return;
  const verdict = judge(fence, fix);
  if (verdict !== 'open' && verdict !== 'here') throw new Forbidden(refusal[verdict]);
}
