import { and, asc, count, eq, inArray, isNull } from 'drizzle-orm';
import type { Conn, Tx } from '../client';
import { unitInvitations, unitResidents, units, condominiums } from '../schema';

/**
 * CONDO-14: a unit's invitations to e-mails with no account yet. Shared by the condominium module
 * (invite, list, cancel, bulk creation) and auth (joined at sign-up).
 */
export const unitInvitationsRepository = {
  /** Pending invitations of these units, oldest first. */
  pendingOf(db: Conn, unitIds: number[]) {
    if (unitIds.length === 0) return Promise.resolve([]);
    return db
      .select({ id: unitInvitations.id, unitId: unitInvitations.unitId, email: unitInvitations.email, createdAt: unitInvitations.createdAt })
      .from(unitInvitations)
      .where(and(inArray(unitInvitations.unitId, unitIds), isNull(unitInvitations.acceptedAt)))
      .orderBy(asc(unitInvitations.createdAt), asc(unitInvitations.id));
  },

  countPending(db: Conn, unitId: number) {
    return db
      .select({ n: count() })
      .from(unitInvitations)
      .where(and(eq(unitInvitations.unitId, unitId), isNull(unitInvitations.acceptedAt)))
      .then((r) => r[0]?.n ?? 0);
  },

  /** An invitation already sent (pending or accepted) to this e-mail for this unit. */
  find(db: Conn, unitId: number, email: string) {
    return db
      .select()
      .from(unitInvitations)
      .where(and(eq(unitInvitations.unitId, unitId), eq(unitInvitations.email, email)))
      .then((r) => r[0]);
  },

  insertMany(tx: Tx, values: { unitId: number; email: string; invitedBy: string }[]) {
    if (values.length === 0) return Promise.resolve([]);
    return tx.insert(unitInvitations).values(values).returning({ id: unitInvitations.id });
  },

  /** An invitation with its unit's plate, for the síndico's permission check. */
  withPlate(db: Conn, id: number) {
    return db
      .select({ id: unitInvitations.id, unitId: unitInvitations.unitId, acceptedAt: unitInvitations.acceptedAt, tagCode: condominiums.tagCode })
      .from(unitInvitations)
      .innerJoin(units, eq(units.id, unitInvitations.unitId))
      .innerJoin(condominiums, eq(condominiums.id, units.condominiumId))
      .where(eq(unitInvitations.id, id))
      .limit(1)
      .then((r) => r[0]);
  },

  /** Every pending invitation addressed to `email` (a new account's), oldest first. */
  pendingFor(db: Conn, email: string) {
    return db
      .select()
      .from(unitInvitations)
      .where(and(eq(unitInvitations.email, email), isNull(unitInvitations.acceptedAt)))
      .orderBy(asc(unitInvitations.createdAt), asc(unitInvitations.id));
  },

  markAccepted(tx: Tx, id: number) {
    return tx.update(unitInvitations).set({ acceptedAt: new Date() }).where(eq(unitInvitations.id, id));
  },

  /** At sign-up: the unit locked (its residents counted under the lock), with its plate. */
  lockUnitWithPlate(tx: Tx, unitId: number) {
    return tx
      .select({ id: units.id, tagCode: condominiums.tagCode })
      .from(units)
      .innerJoin(condominiums, eq(condominiums.id, units.condominiumId))
      .where(eq(units.id, unitId))
      .for('update', { of: units })
      .then((r) => r[0]);
  },

  addResident(tx: Tx, unitId: number, userId: string) {
    return tx.insert(unitResidents).values({ unitId, userId }).onConflictDoNothing();
  },

  remove(db: Conn, id: number) {
    return db.delete(unitInvitations).where(eq(unitInvitations.id, id)).returning({ id: unitInvitations.id });
  },
};
