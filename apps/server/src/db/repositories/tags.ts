import { and, eq, isNull, sql } from 'drizzle-orm';
import { defaultTagName } from '@toque/contracts/products';
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

  /**
   * Sets the owner only while there is none; the row lock above makes this the one winner. A tag
   * without a name gets its default one (TAG-10), so no screen shows an empty name.
   */
  claimTag(tx: Tx, tag: { code: string; productId: number }, ownerId: string) {
    const name = defaultTagName(tag.productId, tag.code);
    return tx
      .update(tags)
      .set({ ownerId, name: sql`case when trim(${tags.name}) = '' then ${name} else ${tags.name} end` })
      .where(and(eq(tags.code, tag.code), isNull(tags.ownerId)));
  },
};
