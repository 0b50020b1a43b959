import { and, eq } from 'drizzle-orm';
import type { Conn } from '../client';
import { unitResidents } from '../schema';

/**
 * Who lives in a unit (CONDO-06): the one place the door, the calls, the conversations, the unit's
 * quiet hours and the invitations read a unit's residents.
 */
export const unitResidentsRepository = {
  /** The residents' user ids (at most MEMBERS_PER_UNIT). */
  ids(db: Conn, unitId: number): Promise<string[]> {
    return db
      .select({ userId: unitResidents.userId })
      .from(unitResidents)
      .where(eq(unitResidents.unitId, unitId))
      .then((r) => r.map((x) => x.userId));
  },

  /** Whether `userId` is one of them. */
  includes(db: Conn, unitId: number, userId: string): Promise<boolean> {
    return db
      .select({ id: unitResidents.id })
      .from(unitResidents)
      .where(and(eq(unitResidents.unitId, unitId), eq(unitResidents.userId, userId)))
      .limit(1)
      .then((r) => r.length > 0);
  },
};
