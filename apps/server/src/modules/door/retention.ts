import type { FastifyInstance } from 'fastify';
import {
  DELIVERY_PHOTO_RETENTION_DAYS,
  DELIVERY_RETENTION_DAYS,
  GATE_OPENING_RETENTION_DAYS,
  VISITOR_PASS_RETENTION_DAYS,
  DAY_MS,
} from '@toque/contracts/constants';
import { every } from '../../lib/every';
import { doorRepository } from './repository';

/** The purge's cutoffs at `now`: what was created (a pass: ended) before each is past its retention. */
export function doorCutoffs(now: number) {
  return {
    photoBefore: new Date(now - DELIVERY_PHOTO_RETENTION_DAYS * DAY_MS),
    deliveryBefore: new Date(now - DELIVERY_RETENTION_DAYS * DAY_MS),
    passBefore: new Date(now - VISITOR_PASS_RETENTION_DAYS * DAY_MS),
    gateOpeningBefore: new Date(now - GATE_OPENING_RETENTION_DAYS * DAY_MS),
  };
}

/**
 * CONDO-15 / CONDO-16 / CONDO-18 / LEG-01: a package's photo, a delivery notice, a visitor pass and a gate opening are deleted
 * once past the retention the privacy policy states — on the calls' purge interval, like theirs.
 */
export function doorRetention(app: FastifyInstance) {
  every(app, 'door purge', app.config.retention.purgeIntervalMs, async () => {
    const cleared = await doorRepository.purge(app.db, doorCutoffs(Date.now()));
    if (cleared.photos + cleared.deliveries + cleared.passes + cleared.gateOpenings > 0)
      app.log.info(cleared, 'door records past their retention deleted');
  });
}
