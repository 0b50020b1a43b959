import { and, desc, eq, inArray, notInArray, sql } from 'drizzle-orm';
import type { Db } from '../client';
import { pushSubscriptions, users } from '../schema';

/** Web Push subscriptions (CALL-03), shared by the push plugin and the push routes. */
export const pushSubscriptionsRepository = {
  /**
   * One row per endpoint: a browser that subscribes again (or under another account) moves it and
   * counts as new. SEC-06: an account keeps its `max` newest; older ones are dropped. The user's row
   * is locked so two subscribes at once cannot both keep one too many.
   */
  save(db: Db, userId: string, endpoint: string, keys: { p256dh: string; auth: string }, max: number) {
    return db.transaction(async (tx) => {
      await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
      await tx
        .insert(pushSubscriptions)
        .values({ userId, endpoint, keys })
        .onConflictDoUpdate({ target: pushSubscriptions.endpoint, set: { userId, keys, createdAt: sql`now()` } });
      const newest = tx
        .select({ id: pushSubscriptions.id })
        .from(pushSubscriptions)
        .where(eq(pushSubscriptions.userId, userId))
        .orderBy(desc(pushSubscriptions.createdAt), desc(pushSubscriptions.id))
        .limit(max);
      await tx
        .delete(pushSubscriptions)
        .where(and(eq(pushSubscriptions.userId, userId), notInArray(pushSubscriptions.id, newest)));
    });
  },

  forUsers(db: Db, userIds: string[]) {
    if (userIds.length === 0) return Promise.resolve([]);
    return db
      .select({ endpoint: pushSubscriptions.endpoint, keys: pushSubscriptions.keys })
      .from(pushSubscriptions)
      .where(inArray(pushSubscriptions.userId, userIds));
  },

  removeEndpoint(db: Db, endpoint: string) {
    return db.delete(pushSubscriptions).where(eq(pushSubscriptions.endpoint, endpoint));
  },
};
