import { and, desc, eq, exists, inArray, isNotNull, lt, or } from 'drizzle-orm';
import type { Db } from '../client';
import { scans, tagMembers, tags, users } from '../schema';

const PURGE_BATCH = 1000;

/** Scan alerts (FIND-01, FIND-02); shared by the scans module and the finder-data retention job. */
export const scansRepository = {
  findTag(db: Db, code: string) {
    return db
      .select()
      .from(tags)
      .where(eq(tags.code, code))
      .limit(1)
      .then((r) => r[0]);
  },

  insert(db: Db, values: typeof scans.$inferInsert) {
    return db
      .insert(scans)
      .values(values)
      .returning()
      .then((r) => r[0]!);
  },

  /** The owner and the members of a tag, with their e-mails (lost-mode mail). */
  recipients(db: Db, code: string, ownerId: string) {
    const members = db.select({ userId: tagMembers.userId }).from(tagMembers).where(eq(tagMembers.tagCode, code));
    return db
      .select({ userId: users.id, email: users.email })
      .from(users)
      .where(or(eq(users.id, ownerId), inArray(users.id, members)));
  },

  /** The scans of the tags this user owns or shares, newest first (members see them as they see calls). */
  history(db: Db, userId: string, limit: number) {
    const member = db
      .select({ one: tagMembers.userId })
      .from(tagMembers)
      .where(and(eq(tagMembers.tagCode, tags.code), eq(tagMembers.userId, userId)));
    return db
      .select({ scan: scans, tagName: tags.name, productId: tags.productId })
      .from(scans)
      .innerJoin(tags, eq(tags.code, scans.tagCode))
      .where(or(eq(tags.ownerId, userId), exists(member)))
      .orderBy(desc(scans.scannedAt), desc(scans.id))
      .limit(limit);
  },

  /** SEC-07: a scan keeps the finder's position (and its locality) only as long as a call does. */
  async purgeLocations(db: Db, before: Date) {
    let total = 0;
    for (;;) {
      const ids = db
        .select({ id: scans.id })
        .from(scans)
        .where(and(lt(scans.scannedAt, before), or(isNotNull(scans.latitude), isNotNull(scans.locality))))
        .limit(PURGE_BATCH);
      const done = await db
        .update(scans)
        .set({ latitude: null, longitude: null, locality: null })
        .where(inArray(scans.id, ids))
        .returning({ id: scans.id });
      total += done.length;
      if (done.length < PURGE_BATCH) return total;
    }
  },
};
