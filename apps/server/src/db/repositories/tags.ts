import { and, eq, isNull } from 'drizzle-orm';
import type { Tx } from '../client';
import { tags } from '../schema';

/** Claiming a tag, shared by onboarding (auth) and association (products). */
export const tagsRepository = {
  /** Locks the tag row so that concurrent claims of one code serialise (REL-01). */
  lockTag(tx: Tx, code: string) {
    return tx
      .select()
      .from(tags)
      .where(eq(tags.code, code))
      .for('update')
      .then((r) => r[0]);
  },

  /** Sets the owner only while there is none; the row lock above makes this the one winner. */
  claimTag(tx: Tx, code: string, ownerId: string) {
    return tx.update(tags).set({ ownerId }).where(and(eq(tags.code, code), isNull(tags.ownerId)));
  },
};
