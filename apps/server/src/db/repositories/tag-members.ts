import { and, eq } from 'drizzle-orm';
import type { Conn, Tx } from '../client';
import { tagMembers } from '../schema';

/**
 * TAG-09 / TAG-11: a tag's members, for modules other than products (sign-up joins invited tags, a
 * member leaves, an administrator releases or transfers a tag).
 */
export const tagMembersRepository = {
  userIds(db: Conn, code: string) {
    return db
      .select({ userId: tagMembers.userId })
      .from(tagMembers)
      .where(eq(tagMembers.tagCode, code))
      .then((rows) => rows.map((r) => r.userId));
  },

  add(tx: Tx, code: string, userId: string) {
    return tx.insert(tagMembers).values({ tagCode: code, userId });
  },

  /** Every member of the tag leaves it; answers who they were. */
  removeAll(tx: Tx, code: string) {
    return tx
      .delete(tagMembers)
      .where(eq(tagMembers.tagCode, code))
      .returning({ userId: tagMembers.userId })
      .then((rows) => rows.map((r) => r.userId));
  },

  /** CONDO-09: one member leaves; answers how many rows went (0 or 1). */
  remove(tx: Tx, code: string, userId: string) {
    return tx
      .delete(tagMembers)
      .where(and(eq(tagMembers.tagCode, code), eq(tagMembers.userId, userId)))
      .returning({ userId: tagMembers.userId })
      .then((rows) => rows.length);
  },
};
