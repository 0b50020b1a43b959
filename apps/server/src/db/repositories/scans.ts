import { and, inArray, isNotNull, lt, or } from 'drizzle-orm';
import type { Db } from '../client';
import { scans } from '../schema';

const PURGE_BATCH = 1000;

/**
 * The scans table's finder data, for the retention job (calls module) that purges calls' and
 * scans' locations alike. The scans module's own queries are in modules/scans/repository.ts.
 */
export const scanRetentionRepository = {
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
