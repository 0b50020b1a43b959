import type { FastifyInstance } from 'fastify';
import type { IncomingCall } from '@toque/contracts/calls';
import { callMsg } from '@toque/contracts/messages';
import { ownerStepMs } from '@toque/contracts/quiet-hours';
import { callSettingsRepository as settings } from '../../db/repositories/call-settings';
import { tagsRepository } from '../../db/repositories/tags';
import { callRoom } from '../../plugins/realtime';
import { callsRepository as repo } from './repository';

/**
 * FIND-08 (docs/decisions/0043): who rings first. "Em ordem": the owner alone for the chosen
 * seconds (cut so that the members keep at least 15 s of the total ring timeout, which still ends
 * the call), then the members all at once; the finder is told only "tentando outra pessoa".
 * The step's time is stored on the call (`next_step_at`): the process that created the call has a
 * timer, and every process's sweep takes a step that is due, so the members still ring when that
 * process stops (late by at most the sweep interval). Exactly one process takes a step (a
 * conditional UPDATE), and only it rings.
 */
export function ringPlan(
  tag: { ownerId: string | null; ringOrderSeconds: number | null },
  recipients: string[],
  ringTimeoutMs: number,
): { first: string[]; stepMs: number } | null {
  if (tag.ringOrderSeconds === null || !tag.ownerId || !recipients.includes(tag.ownerId) || recipients.length < 2)
    return null;
  const stepMs = ownerStepMs(tag.ringOrderSeconds, ringTimeoutMs);
  return stepMs > 0 ? { first: [tag.ownerId], stepMs } : null;
}

export function ringOrder(
  app: FastifyInstance,
  deps: {
    background: (work: () => Promise<unknown>) => void;
    ringUsers: (userIds: string[], incoming: IncomingCall) => void;
  },
) {
  const { db, io } = app;
  const timers = new Map<string, NodeJS.Timeout>();

  function clear(roomId: string) {
    clearTimeout(timers.get(roomId));
    timers.delete(roomId);
  }

  /** The members' turn: rung (socket + push) by the one process that takes it; the finder hears "another person". */
  async function advance(roomId: string) {
    clear(roomId);
    const taken = await settings.takeNextStep(db, roomId);
    if (!taken) return;
    const s = await repo.summary(db, roomId);
    if (!s) return;
    const tag = await tagsRepository.findTag(db, s.call.tagCode);
    const later = (await repo.recipients(db, roomId)).map((r) => r.userId).filter((id) => id !== tag?.ownerId);
    const incoming: IncomingCall = {
      roomId,
      latitude: taken.latitude,
      longitude: taken.longitude,
      tagCode: s.call.tagCode,
      tagName: s.tagName,
      productId: s.productId,
      unitName: s.call.unitId === null ? null : (s.unitName ?? callMsg.temporaryUnit),
    };
    deps.ringUsers(later, incoming);
    io.to(callRoom(roomId)).emit('call-step', { roomId });
  }

  let sweeping = false;
  async function sweep() {
    if (sweeping) return;
    sweeping = true;
    try {
      for (const id of await settings.stepsDue(db, new Date())) await advance(id);
    } finally {
      sweeping = false;
    }
  }
  const sweeper = setInterval(() => deps.background(sweep), app.config.calls.sweepIntervalMs);
  sweeper.unref();
  app.addHook('onClose', async () => {
    clearInterval(sweeper);
    for (const t of timers.values()) clearTimeout(t);
    timers.clear();
  });

  return {
    /** Starts this process's timer for the members' turn. */
    schedule(roomId: string, stepMs: number) {
      const timer = setTimeout(() => {
        timers.delete(roomId);
        deps.background(() => advance(roomId));
      }, stepMs);
      timer.unref();
      timers.set(roomId, timer);
    },
    /** The owner declined during their turn: the members ring now. */
    advance,
    clear,
  };
}
