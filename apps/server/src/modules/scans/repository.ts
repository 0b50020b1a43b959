import { and, desc, eq, exists, inArray, or } from 'drizzle-orm';
import type { Conn } from '../../db/client';
import { scans, tagMembers, tags, users } from '../../db/schema';

export type Scan = typeof scans.$inferSelect;

/** Scan alerts (FIND-01, FIND-02). The retention job's purge is shared: db/repositories/scans.ts. */
export const scansRepository = {
  insert(db: Conn, values: typeof scans.$inferInsert): Promise<Scan> {
    return db
      .insert(scans)
      .values(values)
      .returning()
      .then((r) => r[0]!);
  },

  /** The owner and the members of a tag, with their e-mails (lost-mode mail). */
  recipients(db: Conn, code: string, ownerId: string) {
    const members = db.select({ userId: tagMembers.userId }).from(tagMembers).where(eq(tagMembers.tagCode, code));
    return db
      .select({ userId: users.id, email: users.email })
      .from(users)
      .where(or(eq(users.id, ownerId), inArray(users.id, members)));
  },

  /** The scans of the tags this user owns or shares, newest first (members see them as they see calls). */
  history(db: Conn, userId: string, limit: number) {
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
};
