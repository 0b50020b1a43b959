import { eq } from 'drizzle-orm';
import type { Conn, Tx } from '../client';
import { condominiums } from '../schema';

const columns = {
  id: condominiums.id,
  latitude: condominiums.plateLatitude,
  longitude: condominiums.plateLongitude,
  required: condominiums.geofenceRequired,
  radiusM: condominiums.geofenceRadiusM,
};

/**
 * CONDO-17: where a condominium's plate hangs and whether a call needs the visitor there. Shared by
 * the condominium module (the síndico sets it) and calls (a call is checked against it).
 */
export const plateGeofenceRepository = {
  /** The fence of the condominium under this plate; undefined when the plate has no condominium. */
  ofPlate(db: Conn, tagCode: string) {
    return db
      .select(columns)
      .from(condominiums)
      .where(eq(condominiums.tagCode, tagCode))
      .limit(1)
      .then((r) => r[0]);
  },

  /** The same, its row locked for the change and its audit row. */
  lockOfPlate(tx: Tx, tagCode: string) {
    return tx
      .select(columns)
      .from(condominiums)
      .where(eq(condominiums.tagCode, tagCode))
      .for('update')
      .then((r) => r[0]);
  },

  set(
    tx: Tx,
    condominiumId: number,
    fence: { latitude: number | null; longitude: number | null; required: boolean; radiusM: number },
  ) {
    return tx
      .update(condominiums)
      .set({
        plateLatitude: fence.latitude,
        plateLongitude: fence.longitude,
        geofenceRequired: fence.required,
        geofenceRadiusM: fence.radiusM,
      })
      .where(eq(condominiums.id, condominiumId));
  },
};
