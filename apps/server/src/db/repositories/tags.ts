import { TRIAL_DAYS_DEFAULT } from '@toque/contracts/billing';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { defaultTagName } from '@toque/contracts/products';
import type { Conn, Tx } from '../client';
import { tagPhotos, tags, users } from '../schema';

/** A tag's row, as every module that reads one sees it. */
export type Tag = typeof tags.$inferSelect;

/** The tags table, shared by every module that looks a tag up or claims one. */
export const tagsRepository = {
  /** "Find a tag by code": the one place it is written (an exact, already normalised code). */
  findTag(db: Conn, code: string): Promise<Tag | undefined> {
    return db
      .select()
      .from(tags)
      .where(eq(tags.code, code))
      .limit(1)
      .then((r) => r[0]);
  },

  /** The tag with its owner's name, in one round trip (the finder's page; only the first name ever leaves the server). */
  findTagWithOwnerName(
    db: Conn,
    code: string,
  ): Promise<{ tag: Tag; ownerName: string | null; photo: { hash: string; width: number; height: number } | null } | undefined> {
    return db
      .select({
        tag: tags,
        ownerName: users.name,
        // FIND-09: the photo's name and size, never its bytes.
        photo: { hash: tagPhotos.hash, width: tagPhotos.width, height: tagPhotos.height },
      })
      .from(tags)
      .leftJoin(users, eq(users.id, tags.ownerId))
      .leftJoin(tagPhotos, eq(tagPhotos.tagCode, tags.code))
      .where(eq(tags.code, code))
      .limit(1)
      .then((r) => r[0]);
  },

  /** Locks the tag row so that concurrent claims of one code serialise (REL-01). */
  lockTag(tx: Tx, code: string): Promise<Tag | undefined> {
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
      // FIN-02: the plan starts with the trial.
      .set({
        ownerId,
        name: sql`case when trim(${tags.name}) = '' then ${name} else ${tags.name} end`,
        planInterval: 'monthly',
        // FIN-06: the administrator's trial (settings 'billing'.trialDays), else 30 days.
        planDueAt: sql`now() + make_interval(days => coalesce((select (value->>'trialDays')::int from settings where key = 'billing'), ${TRIAL_DAYS_DEFAULT}))`,
      })
      .where(and(eq(tags.code, tag.code), isNull(tags.ownerId)));
  },
};
