import { eq, inArray } from 'drizzle-orm';
import type { Db } from '../client';
import { pushSubscriptions } from '../schema';

/** Web Push subscriptions (CALL-03), shared by the push plugin and the push routes. */
export const pushSubscriptionsRepository = {
  /** One row per endpoint: a browser that subscribes again (or under another account) moves it. */
  upsert(db: Db, userId: string, endpoint: string, keys: { p256dh: string; auth: string }) {
    return db
      .insert(pushSubscriptions)
      .values({ userId, endpoint, keys })
      .onConflictDoUpdate({ target: pushSubscriptions.endpoint, set: { userId, keys } });
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
