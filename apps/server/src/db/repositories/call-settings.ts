import { and, eq, isNotNull, lte } from 'drizzle-orm';
import type { QuietHours } from '@toque/contracts/quiet-hours';
import type { Conn } from '../client';
import { calls, tagMembers, tags, units } from '../schema';

/**
 * FIND-07 / FIND-08 (docs/decisions/0043): a tag's quiet hours and ring order, a unit's quiet
 * hours, and the step of a call rung in order. Shared by the calls module (at call time) and the
 * call-settings module (the owner's and the residents' pages).
 */
export const callSettingsRepository = {
  tagSettings(db: Conn, code: string) {
    return db
      .select({ quietHours: tags.quietHours, ringOrderSeconds: tags.ringOrderSeconds })
      .from(tags)
      .where(eq(tags.code, code))
      .limit(1)
      .then((r) => r[0]);
  },

  hasMembers(db: Conn, code: string) {
    return db
      .select({ userId: tagMembers.userId })
      .from(tagMembers)
      .where(eq(tagMembers.tagCode, code))
      .limit(1)
      .then((r) => r.length > 0);
  },

  isMember(db: Conn, code: string, userId: string) {
    return db
      .select({ userId: tagMembers.userId })
      .from(tagMembers)
      .where(and(eq(tagMembers.tagCode, code), eq(tagMembers.userId, userId)))
      .limit(1)
      .then((r) => r.length > 0);
  },

  setTagSettings(db: Conn, code: string, values: { quietHours: QuietHours | null; ringOrderSeconds: number | null }) {
    return db.update(tags).set(values).where(eq(tags.code, code));
  },

  unitQuietHours(db: Conn, unitId: number) {
    return db
      .select({ quietHours: units.quietHours })
      .from(units)
      .where(eq(units.id, unitId))
      .limit(1)
      .then((r) => r[0]);
  },

  setUnitQuietHours(db: Conn, unitId: number, quietHours: QuietHours | null) {
    return db.update(units).set({ quietHours }).where(eq(units.id, unitId));
  },

  /** FIND-08: the step is taken once — the process (or sweep) that clears `next_step_at` of a ringing call rings the members. */
  takeNextStep(db: Conn, roomId: string) {
    return db
      .update(calls)
      .set({ nextStepAt: null })
      .where(and(eq(calls.id, roomId), eq(calls.status, 'ringing'), isNotNull(calls.nextStepAt)))
      .returning({ id: calls.id, latitude: calls.latitude, longitude: calls.longitude })
      .then((r) => r[0]);
  },

  /** FIND-08: ringing calls whose members' turn is due (their process may have stopped). */
  stepsDue(db: Conn, before: Date) {
    return db
      .select({ id: calls.id })
      .from(calls)
      .where(and(eq(calls.status, 'ringing'), isNotNull(calls.nextStepAt), lte(calls.nextStepAt, before)))
      .limit(500)
      .then((r) => r.map((x) => x.id));
  },
};
