import type { FastifyInstance } from 'fastify';
import { DAY_MS } from '@toque/contracts/constants';
import { every } from '../../lib/every';
import { scanRetentionRepository } from '../../db/repositories/scans';
import { callsRepository as repo } from './repository';


/**
 * SEC-07 / LEG-01: the finder's location and IP address are kept only as long as the privacy policy
 * says (FINDER_DATA_RETENTION_DAYS, FINDER_IP_RETENTION_DAYS), then cleared from the call; the rest
 * of the call's record stays for the history. A scan alert's shared position (FIND-01) too. Every process runs the job, soon after it starts and
 * then every FINDER_DATA_PURGE_INTERVAL_MS: the UPDATE is idempotent, so processes racing are harmless
 * (docs/decisions/0016).
 */
export function finderDataRetention(app: FastifyInstance) {
  const { locationDays, ipDays, purgeIntervalMs } = app.config.retention;
  every(app, 'finder data purge', purgeIntervalMs, async () => {
    const now = Date.now();
    const cleared = await repo.purgeFinderData(app.db, {
      locationBefore: new Date(now - locationDays * DAY_MS),
      ipBefore: new Date(now - ipDays * DAY_MS),
    });
    // FIND-01: a scan's shared position goes with the calls' positions.
    const scans = await scanRetentionRepository.purgeLocations(app.db, new Date(now - locationDays * DAY_MS));
    if (cleared.location + cleared.ip + scans > 0) app.log.info({ ...cleared, scans }, 'finder data past its retention cleared');
  });
}
