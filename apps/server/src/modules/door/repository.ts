import { and, desc, eq, gte, isNull, or, sql } from 'drizzle-orm';
import type { Conn } from '../../db/client';
import { condominiums, deliveries, unitResidents, units, users, visitorPasses } from '../../db/schema';

export type DeliveryRow = typeof deliveries.$inferSelect;

const deliveryColumns = {
  delivery: deliveries,
  unitName: units.name,
  block: units.block,
  collectorName: users.name,
};

/** CONDO-15 / CONDO-16: the door's own SQL. */
export const doorRepository = {
  /** The unit under this plate (a unit of another building is as unknown as none). */
  unitOfPlate(db: Conn, plateCode: string, unitId: number) {
    return db
      .select({ id: units.id })
      .from(units)
      .innerJoin(condominiums, eq(condominiums.id, units.condominiumId))
      .where(and(eq(units.id, unitId), eq(condominiums.tagCode, plateCode)))
      .limit(1)
      .then((r) => r[0]);
  },

  residentIds(db: Conn, unitId: number) {
    return db
      .select({ userId: unitResidents.userId })
      .from(unitResidents)
      .where(eq(unitResidents.unitId, unitId))
      .then((r) => r.map((x) => x.userId));
  },

  isResident(db: Conn, unitId: number, userId: string) {
    return db
      .select({ id: unitResidents.id })
      .from(unitResidents)
      .where(and(eq(unitResidents.unitId, unitId), eq(unitResidents.userId, userId)))
      .limit(1)
      .then((r) => r.length > 0);
  },

  /** The unit with its plate's code (the pass link names the plate). */
  unitWithPlate(db: Conn, unitId: number) {
    return db
      .select({ id: units.id, name: units.name, block: units.block, plateCode: condominiums.tagCode })
      .from(units)
      .innerJoin(condominiums, eq(condominiums.id, units.condominiumId))
      .where(eq(units.id, unitId))
      .limit(1)
      .then((r) => r[0]);
  },

  insertDelivery(db: Conn, values: typeof deliveries.$inferInsert) {
    return db
      .insert(deliveries)
      .values(values)
      .returning()
      .then((r) => r[0]!);
  },

  delivery(db: Conn, id: number) {
    return db
      .select(deliveryColumns)
      .from(deliveries)
      .innerJoin(units, eq(units.id, deliveries.unitId))
      .leftJoin(users, eq(users.id, deliveries.collectedBy))
      .where(eq(deliveries.id, id))
      .limit(1)
      .then((r) => r[0]);
  },

  /** A unit's deliveries since `since`, newest first. */
  unitDeliveries(db: Conn, unitId: number, since: Date, limit: number) {
    return db
      .select(deliveryColumns)
      .from(deliveries)
      .innerJoin(units, eq(units.id, deliveries.unitId))
      .leftJoin(users, eq(users.id, deliveries.collectedBy))
      .where(and(eq(deliveries.unitId, unitId), gte(deliveries.createdAt, since)))
      .orderBy(desc(deliveries.createdAt), desc(deliveries.id))
      .limit(limit);
  },

  /** Every delivery of the plate's building since `since` (the síndico's day), newest first. */
  plateDeliveries(db: Conn, plateCode: string, since: Date, limit: number) {
    return db
      .select(deliveryColumns)
      .from(deliveries)
      .innerJoin(units, eq(units.id, deliveries.unitId))
      .innerJoin(condominiums, eq(condominiums.id, units.condominiumId))
      .leftJoin(users, eq(users.id, deliveries.collectedBy))
      .where(and(eq(condominiums.tagCode, plateCode), gte(deliveries.createdAt, since)))
      .orderBy(desc(deliveries.createdAt), desc(deliveries.id))
      .limit(limit);
  },

  /** Marks it collected once: the second resident's tap finds it taken (conditional update). */
  collect(db: Conn, id: number, userId: string, at: Date) {
    return db
      .update(deliveries)
      .set({ collectedBy: userId, collectedAt: at })
      .where(and(eq(deliveries.id, id), isNull(deliveries.collectedAt)))
      .returning({ id: deliveries.id })
      .then((r) => r.length > 0);
  },

  insertPass(db: Conn, values: typeof visitorPasses.$inferInsert) {
    return db
      .insert(visitorPasses)
      .values(values)
      .returning()
      .then((r) => r[0]!);
  },

  pass(db: Conn, id: number) {
    return db
      .select()
      .from(visitorPasses)
      .where(eq(visitorPasses.id, id))
      .limit(1)
      .then((r) => r[0]);
  },

  /** A unit's passes that have not ended before `since`, or were revoked since then; soonest end first. */
  unitPasses(db: Conn, unitId: number, since: Date) {
    return db
      .select()
      .from(visitorPasses)
      .where(and(eq(visitorPasses.unitId, unitId), or(gte(visitorPasses.validUntil, since), gte(visitorPasses.revokedAt, since))))
      .orderBy(sql`${visitorPasses.revokedAt} is not null`, visitorPasses.validUntil, visitorPasses.id);
  },

  revokePass(db: Conn, id: number, at: Date) {
    return db
      .update(visitorPasses)
      .set({ revokedAt: at })
      .where(and(eq(visitorPasses.id, id), isNull(visitorPasses.revokedAt)))
      .returning({ id: visitorPasses.id })
      .then((r) => r.length > 0);
  },
};
