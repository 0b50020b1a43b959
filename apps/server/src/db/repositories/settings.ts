import { eq } from 'drizzle-orm';
import type { Db } from '../client';
import { settings } from '../schema';

/** Server-wide values that every process and every restart must agree on. */
export const settingsRepository = {
  get<T>(db: Db, key: string) {
    return db
      .select({ value: settings.value })
      .from(settings)
      .where(eq(settings.key, key))
      .limit(1)
      .then((r) => r[0]?.value as T | undefined);
  },

  /** Stores `value` under `key`, replacing what was there. */
  set<T>(db: Db, key: string, value: T) {
    return db.insert(settings).values({ key, value }).onConflictDoUpdate({ target: settings.key, set: { value } });
  },

  /** Stores `value` unless the key exists; answers whichever value won (first writer wins). */
  async getOrInsert<T>(db: Db, key: string, value: T): Promise<T> {
    await db.insert(settings).values({ key, value }).onConflictDoNothing();
    return (await settingsRepository.get<T>(db, key)) as T;
  },
};
