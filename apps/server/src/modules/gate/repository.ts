import { and, desc, eq, isNotNull } from 'drizzle-orm';
import type { Conn } from '../../db/client';
import { callRecipients, calls, gateControllers, gateOpenings, units, users } from '../../db/schema';

/** CONDO-18: the gate's own SQL (docs/decisions/0053). */
export const gateRepository = {
  /** Every stored controller secret (sealed), for re-sealing after a JWT secret rotation. */
  secrets(db: Conn) {
    return db
      .select({ condominiumId: gateControllers.condominiumId, secret: gateControllers.secret })
      .from(gateControllers)
      .where(isNotNull(gateControllers.secret)) as Promise<{ condominiumId: number; secret: string }[]>;
  },

  /** Replaces a sealed secret, unless a síndico changed it meanwhile. */
  replaceSecret(db: Conn, condominiumId: number, was: string, sealed: string) {
    return db
      .update(gateControllers)
      .set({ secret: sealed })
      .where(and(eq(gateControllers.condominiumId, condominiumId), eq(gateControllers.secret, was)));
  },

  /** A call with what the gate needs: its state, who answered, its unit and plate — if `userId` was rung by it. */
  callOfRecipient(db: Conn, roomId: string, userId: string) {
    return db
      .select({
        status: calls.status,
        answeredBy: calls.answeredBy,
        unitId: calls.unitId,
        tagCode: calls.tagCode,
        unitName: units.name,
        block: units.block,
      })
      .from(calls)
      .innerJoin(callRecipients, and(eq(callRecipients.callId, calls.id), eq(callRecipients.userId, userId)))
      .leftJoin(units, eq(units.id, calls.unitId))
      .where(eq(calls.id, roomId))
      .limit(1)
      .then((r) => r[0]);
  },

  unitName(db: Conn, unitId: number) {
    return db
      .select({ name: units.name, block: units.block })
      .from(units)
      .where(eq(units.id, unitId))
      .limit(1)
      .then((r) => r[0]);
  },

  /** The ids of the condominium's units (the síndico's exclusions must be among them). */
  unitIds(db: Conn, condominiumId: number) {
    return db
      .select({ id: units.id })
      .from(units)
      .where(eq(units.condominiumId, condominiumId))
      .then((r) => r.map((u) => u.id));
  },

  save(db: Conn, row: typeof gateControllers.$inferInsert) {
    const { condominiumId: _id, ...changes } = row;
    return db
      .insert(gateControllers)
      .values(row)
      .onConflictDoUpdate({ target: gateControllers.condominiumId, set: { ...changes, updatedAt: new Date() } })
      .returning()
      .then((r) => r[0]!);
  },

  record(db: Conn, opening: typeof gateOpenings.$inferInsert) {
    return db.insert(gateOpenings).values(opening);
  },

  /** The building's log, newest first: who (resident, visitor or síndico), which unit, when, the result. */
  log(db: Conn, condominiumId: number, limit: number) {
    return db
      .select({
        id: gateOpenings.id,
        at: gateOpenings.createdAt,
        via: gateOpenings.via,
        userName: users.name,
        visitorName: gateOpenings.visitorName,
        unitName: units.name,
        block: units.block,
        ok: gateOpenings.ok,
        result: gateOpenings.result,
      })
      .from(gateOpenings)
      .leftJoin(users, eq(users.id, gateOpenings.userId))
      .leftJoin(units, eq(units.id, gateOpenings.unitId))
      .where(eq(gateOpenings.condominiumId, condominiumId))
      .orderBy(desc(gateOpenings.createdAt), desc(gateOpenings.id))
      .limit(limit);
  },
};
