import type { FastifyInstance } from 'fastify';
import { every } from '../../lib/every';
import type { ConversationsService } from './service';

/**
 * FIND-06 / SEC-07: the finder's position and address in conversations are cleared after the calls'
 * retention periods (FINDER_DATA_RETENTION_DAYS, FINDER_IP_RETENTION_DAYS), and conversations long
 * ended are deleted — on the calls' purge interval, idempotent like theirs (docs/decisions/0016).
 */
export function conversationsRetention(app: FastifyInstance, service: ConversationsService) {
  const { locationDays, ipDays, purgeIntervalMs } = app.config.retention;
  every(app, 'conversation purge', purgeIntervalMs, async () => {
    const cleared = await service.purge(Date.now(), locationDays, ipDays);
    if (cleared.location + cleared.ip + cleared.deleted > 0) app.log.info(cleared, 'conversation data past its retention cleared');
  });
}
