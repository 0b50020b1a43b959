import { and, desc, eq, getTableColumns, gt, gte, isNotNull, isNull, lt, or, sql } from 'drizzle-orm';
import { DELIVERY_PHOTO_ATTEMPTS } from '@toque/contracts/door';
import type { Conn } from '../../db/client';
import { condominiums, deliveries, gateOpenings, units, users, visitorPasses } from '../../db/schema';

// A list never carries the photos' bytes (a unit's 100 deliveries would be megabytes) nor the upload token.
const {
  photoWebp: _photo,
  photoTokenHash: _token,
  photoTokenExpiresAt: _expires,
  photoAttempts: _attempts,
  requestKey: _requestKey,
  ...deliveryFields
} = getTableColumns(deliveries);
export type DeliveryRow = Omit<
  typeof deliveries.$inferSelect,
  'photoWebp' | 'photoTokenHash' | 'photoTokenExpiresAt' | 'photoAttempts' | 'requestKey'
>;

const deliveryColumns = {
  delivery: deliveryFields,
  hasPhoto: sql<boolean>`(${deliveries.photoWebp} is not null)`,
  unitName: units.name,
  block: units.block,
  collectorName: users.name,
};

/** The courier's token is this delivery's, not spent by a photo or by its attempts, and in time. */
const usableToken = (id: number, tokenHash: string, now: Date) =>
  and(
    eq(deliveries.id, id),
    eq(deliveries.photoTokenHash, tokenHash),
    gt(deliveries.photoTokenExpiresAt, now),
    isNull(deliveries.photoWebp),
    lt(deliveries.photoAttempts, DELIVERY_PHOTO_ATTEMPTS),
  );

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

  /** A new notice; undefined when this unit already has one under the form's request key (a retry). */
  insertDelivery(db: Conn, values: typeof deliveries.$inferInsert) {
    return db
      .insert(deliveries)
      .values(values)
      .onConflictDoNothing({ target: [deliveries.unitId, deliveries.requestKey] })
      .returning({ id: deliveries.id, createdAt: deliveries.createdAt })
      .then((r) => r[0]);
  },

  /**
   * A retried notice (its answer was lost): the courier never got the photo token, so a new one replaces
   * it while no photo is there; the delivery's id either way.
   */
  retried(db: Conn, unitId: number, requestKey: string, photo: { photoTokenHash: string; photoTokenExpiresAt: Date }) {
    const same = and(eq(deliveries.unitId, unitId), eq(deliveries.requestKey, requestKey));
    return db.transaction(async (tx) => {
      const [renewed] = await tx
        .update(deliveries)
        .set({ ...photo, photoAttempts: 0 })
        .where(and(same, isNull(deliveries.photoWebp)))
        .returning({ id: deliveries.id });
      if (renewed) return { id: renewed.id, tokenRenewed: true };
      const [kept] = await tx.select({ id: deliveries.id }).from(deliveries).where(same).limit(1);
      return kept ? { id: kept.id, tokenRenewed: false } : undefined;
    });
  },

  /**
   * CONDO-15: the courier's one photo — only with the notice's token, before it expires, and once
   * (the token is spent by the same update). Returns the unit, or nothing when refused.
   */
  attachPhoto(db: Conn, id: number, tokenHash: string, webp: Buffer, now: Date) {
    return db
      .update(deliveries)
      .set({ photoWebp: webp, photoTokenHash: null, photoTokenExpiresAt: null })
      .where(
        and(
          eq(deliveries.id, id),
          eq(deliveries.photoTokenHash, tokenHash),
          gt(deliveries.photoTokenExpiresAt, now),
          isNull(deliveries.photoWebp),
        ),
      )
      .returning({ unitId: deliveries.unitId })
      .then((r) => r[0]);
  },

  /** The courier's token is this delivery's, unspent, with attempts left and in time (checked again when spent). */
  photoTokenMatches(db: Conn, id: number, tokenHash: string, now: Date) {
    return db
      .select({ id: deliveries.id })
      .from(deliveries)
      .where(usableToken(id, tokenHash, now))
      .limit(1)
      .then((r) => r.length > 0);
  },

  /**
   * SEC-09: one of the token's DELIVERY_PHOTO_ATTEMPTS uploads, taken before the (costly) decoding
   * in one update, so simultaneous uploads cannot take more than there are. Returns the attempt's
   * number, or nothing when the token is spent, expired or not this delivery's.
   */
  takePhotoAttempt(db: Conn, id: number, tokenHash: string, now: Date) {
    return db
      .update(deliveries)
      .set({ photoAttempts: sql`${deliveries.photoAttempts} + 1` })
      .where(usableToken(id, tokenHash, now))
      .returning({ attempt: deliveries.photoAttempts })
      .then((r) => r[0]?.attempt);
  },

  /** An attempt that never reached a worker (the queue was full, 503) is given back. */
  returnPhotoAttempt(db: Conn, id: number, tokenHash: string) {
    return db
      .update(deliveries)
      .set({ photoAttempts: sql`${deliveries.photoAttempts} - 1` })
      .where(and(eq(deliveries.id, id), eq(deliveries.photoTokenHash, tokenHash), gt(deliveries.photoAttempts, 0)));
  },

  /** The last attempt was refused: the token is forgotten (it could do nothing more anyway). */
  spendPhotoToken(db: Conn, id: number, tokenHash: string) {
    return db
      .update(deliveries)
      .set({ photoTokenHash: null, photoTokenExpiresAt: null })
      .where(and(eq(deliveries.id, id), eq(deliveries.photoTokenHash, tokenHash), isNull(deliveries.photoWebp)));
  },

  /** The photo's bytes with its unit (the caller checks the reader is a resident there). */
  photo(db: Conn, id: number) {
    return db
      .select({ unitId: deliveries.unitId, webp: deliveries.photoWebp })
      .from(deliveries)
      .where(eq(deliveries.id, id))
      .limit(1)
      .then((r) => r[0]);
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
      .where(
        and(
          eq(visitorPasses.unitId, unitId),
          or(gte(visitorPasses.validUntil, since), gte(visitorPasses.revokedAt, since)),
        ),
      )
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

  /**
   * LEG-01: the door's records past their retention (constants.ts). Idempotent: processes racing
   * each other change nothing twice (docs/decisions/0016).
   */
  async purge(db: Conn, o: { photoBefore: Date; deliveryBefore: Date; passBefore: Date; gateOpeningBefore: Date }) {
    const photos = await db
      .update(deliveries)
      .set({ photoWebp: null, photoTokenHash: null, photoTokenExpiresAt: null })
      .where(
        and(
          lt(deliveries.createdAt, o.photoBefore),
          or(isNotNull(deliveries.photoWebp), isNotNull(deliveries.photoTokenHash)),
        ),
      )
      .returning({ id: deliveries.id });
    const notices = await db
      .delete(deliveries)
      .where(lt(deliveries.createdAt, o.deliveryBefore))
      .returning({ id: deliveries.id });
    const passes = await db
      .delete(visitorPasses)
      .where(or(lt(visitorPasses.validUntil, o.passBefore), lt(visitorPasses.revokedAt, o.passBefore)))
      .returning({ id: visitorPasses.id });
    const openings = await db
      .delete(gateOpenings)
      .where(lt(gateOpenings.createdAt, o.gateOpeningBefore))
      .returning({ id: gateOpenings.id });
    return { photos: photos.length, deliveries: notices.length, passes: passes.length, gateOpenings: openings.length };
  },
};
