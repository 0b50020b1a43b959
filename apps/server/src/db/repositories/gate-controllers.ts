import { eq } from 'drizzle-orm';
import type { Conn } from '../client';
import { condominiums, gateControllers } from '../schema';

export type GateControllerRow = typeof gateControllers.$inferSelect;

/**
 * CONDO-18: a plate's gate controller, read by the gate module (which owns the rest) and by the
 * door's pass lookup (whether a pass's link may offer to open the gate).
 */
export const gateControllersRepository = {
  /** The condominium under this plate and its controller (null: none linked); undefined: no condominium. */
  ofPlate(db: Conn, plateCode: string) {
    return db
      .select({ condominiumId: condominiums.id, condominiumName: condominiums.name, controller: gateControllers })
      .from(condominiums)
      .leftJoin(gateControllers, eq(gateControllers.condominiumId, condominiums.id))
      .where(eq(condominiums.tagCode, plateCode))
      .limit(1)
      .then((r) => r[0]);
  },
};

/** Whether a unit's residents may open this controller's gate: switched on, the unit not excluded. */
export function unitMayOpen(controller: GateControllerRow | null | undefined, unitId: number | null): controller is GateControllerRow {
  return !!controller && controller.enabled && unitId !== null && !controller.excludedUnitIds.includes(unitId);
}
