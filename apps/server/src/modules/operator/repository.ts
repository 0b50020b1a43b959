import { TRIAL_DAYS_DEFAULT } from '@toque/contracts/billing';
import { DAY_MS } from '@toque/contracts/constants';
import { and, count, desc, eq, inArray, isNull } from 'drizzle-orm';
import type { Conn, Db, Tx } from '../../db/client';
import { condominiums, outbox, tagBatches, tags, unitResidents, units, users } from '../../db/schema';

/** The operator commands' SQL (ADM-05, the CLI, the demo data). */
export const operatorRepository = {
  /** A new administrator, or an existing account made one. */
  upsertAdmin(db: Conn, values: { email: string; name: string; passwordHash: string }) {
    return db
      .insert(users)
      .values({ ...values, isToqueAdmin: true })
      .onConflictDoUpdate({ target: users.email, set: { isToqueAdmin: true } })
      .returning({ id: users.id, email: users.email })
      .then((r) => r[0]!);
  },

  insertBatch(tx: Tx, values: { productId: number; count: number; createdBy?: string | undefined }) {
    return tx
      .insert(tagBatches)
      .values(values)
      .returning({ id: tagBatches.id })
      .then((r) => r[0]!.id);
  },

  /** Inserts the codes that are free; answers those inserted (a code already taken is skipped). */
  insertFreeCodes(tx: Tx, codes: string[], productId: number, batchId: number) {
    return tx
      .insert(tags)
      .values(codes.map((code) => ({ code, productId, batchId })))
      .onConflictDoNothing()
      .returning({ code: tags.code })
      .then((rows) => rows.map((r) => r.code));
  },

  listOutbox(db: Conn, limit: number) {
    return db.select().from(outbox).orderBy(desc(outbox.createdAt), desc(outbox.id)).limit(limit);
  },

  countUsers(db: Conn) {
    return db
      .select({ n: count() })
      .from(users)
      .then((r) => r[0]?.n ?? 0);
  },

  setTagActive(db: Conn, code: string, isActive: boolean) {
    return db
      .update(tags)
      .set({ isActive })
      .where(eq(tags.code, code))
      .returning({ code: tags.code, isActive: tags.isActive })
      .then((r) => r[0]);
  },

  setTagDue(db: Conn, code: string, planDueAt: Date) {
    return db
      .update(tags)
      .set({ planDueAt })
      .where(eq(tags.code, code))
      .returning({ code: tags.code, planDueAt: tags.planDueAt })
      .then((r) => r[0]);
  },

  setUnitBlock(db: Conn, associationCode: string, block: string | null) {
    return db
      .update(units)
      .set({ block })
      .where(eq(units.associationCode, associationCode))
      .returning({ code: units.associationCode, name: units.name, block: units.block })
      .then((r) => r[0]);
  },

  /** Unclaimed, active codes of these product types. */
  unclaimedCodes(db: Conn, productIds: readonly number[], limit: number) {
    return db
      .select({ code: tags.code, productId: tags.productId })
      .from(tags)
      .where(and(isNull(tags.ownerId), eq(tags.isActive, true), isNull(tags.disabledAt), inArray(tags.productId, [...productIds])))
      .limit(limit);
  },

  // The demo data's writes (seedDemo).

  insertUsers(db: Db, values: (typeof users.$inferInsert)[]) {
    return db.insert(users).values(values).returning({ id: users.id, email: users.email });
  },

  giveTag(db: Db, code: string, ownerId: string, name: string) {
    return db
      .update(tags)
      .set({ ownerId, name, planDueAt: new Date(Date.now() + TRIAL_DAYS_DEFAULT * DAY_MS) })
      .where(eq(tags.code, code));
  },

  insertCondominium(db: Db, values: { name: string; tagCode: string; adminUserId: string }) {
    return db
      .insert(condominiums)
      .values(values)
      .returning({ id: condominiums.id })
      .then((r) => r[0]!.id);
  },

  insertUnits(db: Db, condominiumId: number, unitsWanted: { name: string | null; associationCode: string }[]) {
    return db
      .insert(units)
      .values(unitsWanted.map((u) => ({ condominiumId, ...u })))
      .returning({ id: units.id, name: units.name, associationCode: units.associationCode });
  },

  insertResidents(db: Db, rows: { unitId: number; userId: string }[]) {
    return db.insert(unitResidents).values(rows);
  },
};
