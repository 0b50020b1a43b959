import { quietMsg, quietUntil, wallTime, type QuietHours as Window } from '@toque/contracts/quiet-hours';
import { QuietHours } from '../../errors';

/**
 * FIND-07 (docs/decisions/0043): whether a call may ring now. A tag in lost mode always rings; a
 * plate's call follows the chosen unit's quiet hours (its residents'), any other tag its own.
 */
export function quietNow(
  tag: { lostMessage: string | null; quietHours: Window | null },
  unit: { quietHours: Window | null } | undefined,
  now: Date = new Date(),
): { until: Date; time: string } | null {
  const window = unit ? unit.quietHours : tag.lostMessage !== null ? null : tag.quietHours;
  const until = quietUntil(window, now);
  return window && until ? { until, time: wallTime(until, window.timeZone) } : null;
}

/** 409 `{ message, quiet_until, quiet_until_time }`: the finder is told until when, and offered to write. */
export function refuseQuiet(quiet: { until: Date; time: string }): never {
  throw new QuietHours(quietMsg.quiet(quiet.time), quiet.until, quiet.time);
}
