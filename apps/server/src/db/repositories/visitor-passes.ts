import { createHash } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { Conn } from '../client';
import { condominiums, units, visitorPasses } from '../schema';

/** CONDO-16: only the token's SHA-256 is stored; a token is 192 random bits, so no salt is needed. */
export function passTokenHash(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('base64url');
}

export type VisitorPassRow = typeof visitorPasses.$inferSelect;

/** Visitor passes as the finder's side meets them (the plate's page, the call); the door module owns the rest. */
export const visitorPassesRepository = {
  /** The pass of this token under this plate, or undefined (another plate's pass is as unknown as none). */
  byTokenOnPlate(db: Conn, token: string, plateCode: string) {
    return db
      .select({ pass: visitorPasses })
      .from(visitorPasses)
      .innerJoin(units, eq(units.id, visitorPasses.unitId))
      .innerJoin(condominiums, eq(condominiums.id, units.condominiumId))
      .where(and(eq(visitorPasses.tokenHash, passTokenHash(token)), eq(condominiums.tagCode, plateCode)))
      .limit(1)
      .then((r) => r[0]?.pass);
  },
};
