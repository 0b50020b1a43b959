import { storageKeys } from '@toque/contracts/constants';
import { parseUnitNumber, type Unit } from '@toque/contracts/condominium';
import { callMsg } from '@toque/contracts/messages';

/** CONDO-03: the name before the dash; the literal 'undefined' (or nothing) is a temporary name. */
export function unitDisplayName(unitNumber: string): string {
  return parseUnitNumber(unitNumber).name ?? callMsg.temporaryUnit;
}

/** CONDO-03: the association code after the dash, the one a resident types to join. */
export function unitCode(unitNumber: string): string {
  return parseUnitNumber(unitNumber).code;
}

/** The name to put in the edit field: empty for a temporary name. */
export function unitEditableName(unitNumber: string): string {
  return parseUnitNumber(unitNumber).name ?? '';
}

/** A stored unit: saved before CONDO-13/14 it has no block and no invitations. */
type StoredUnit = Omit<Unit, 'block' | 'invitations'> & Partial<Pick<Unit, 'block' | 'invitations'>>;

function isUnit(value: unknown): value is StoredUnit {
  if (!value || typeof value !== 'object') return false;
  const v = value as Record<string, unknown>;
  return (
    typeof v.unit_id === 'number' &&
    typeof v.unit_number === 'string' &&
    typeof v.condominium_name === 'string' &&
    Array.isArray(v.residents)
  );
}

/**
 * CONDO-05: each unit's owner information is kept in localStorage under `unit_owner_{unitId}`, so
 * the edit page still knows the unit after a reload. Storage can throw (privacy modes, quota): the
 * page then just asks the server.
 */
export const unitOwnerStorage = {
  key: (unitId: number | string) => `${storageKeys.unitOwnerPrefix}${unitId}`,
  save(unit: Unit): void {
    const { unit_id, unit_number, residents, condominium_name, block, invitations } = unit;
    try {
      window.localStorage.setItem(
        unitOwnerStorage.key(unit_id),
        JSON.stringify({ unit_id, unit_number, residents, condominium_name, block, invitations }),
      );
    } catch {
      // Nothing to do: the page still works from the server's answer.
    }
  },
  read(unitId: number | string): Unit | null {
    try {
      const raw = window.localStorage.getItem(unitOwnerStorage.key(unitId));
      if (!raw) return null;
      const value: unknown = JSON.parse(raw);
      // Saved before CONDO-13/14 had blocks and invitations: read without them.
      return isUnit(value) ? { ...value, block: value.block ?? null, invitations: value.invitations ?? [] } : null;
    } catch {
      return null;
    }
  },
};
