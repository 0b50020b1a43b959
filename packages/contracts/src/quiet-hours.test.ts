import { describe, expect, test } from 'vitest';
import {
  ownerStepMs,
  quietHoursSchema,
  quietMsg,
  quietUntil,
  wallTime,
  zonedInstant,
  type QuietHours,
} from './quiet-hours';

const SP = 'America/Sao_Paulo';
// 2026-11-30 is a Monday. São Paulo is UTC−3 all year (no DST since 2019).
const sp = (iso: string) => new Date(`${iso}-03:00`);
const night: QuietHours = { days: [1], from: '23:00', until: '07:00', timeZone: SP };

describe('[FIND-07] quiet hours', () => {
  test('[FIND-07] a window crossing midnight belongs to the day it starts: Monday 23:00 → Tuesday 07:00', () => {
    expect(quietUntil(night, sp('2026-11-30T23:30:00'))?.toISOString()).toBe(sp('2026-12-01T07:00:00').toISOString());
    expect(quietUntil(night, sp('2026-12-01T03:00:00'))?.toISOString()).toBe(sp('2026-12-01T07:00:00').toISOString());
    // Sunday night into Monday morning is not Monday's window.
    expect(quietUntil(night, sp('2026-11-30T03:00:00'))).toBeNull();
    expect(quietUntil(night, sp('2026-11-30T22:59:59'))).toBeNull();
  });

  test('[FIND-07] edges: quiet exactly at the start, ringing again exactly at the end', () => {
    expect(quietUntil(night, sp('2026-11-30T23:00:00'))).not.toBeNull();
    expect(quietUntil(night, sp('2026-12-01T06:59:59'))).not.toBeNull();
    expect(quietUntil(night, sp('2026-12-01T07:00:00'))).toBeNull();
    const day: QuietHours = { days: [2], from: '12:00', until: '14:00', timeZone: SP };
    expect(quietUntil(day, sp('2026-12-01T12:00:00'))?.toISOString()).toBe(sp('2026-12-01T14:00:00').toISOString());
    expect(quietUntil(day, sp('2026-12-01T14:00:00'))).toBeNull();
    expect(quietUntil(day, sp('2026-12-01T11:59:00'))).toBeNull();
  });

  test('[FIND-07] across a day boundary in America/Sao_Paulo that is not UTC’s: 22:00 local Monday is 01:00 UTC Tuesday', () => {
    const q: QuietHours = { days: [1], from: '22:00', until: '23:30', timeZone: SP };
    const at = new Date('2026-12-01T01:15:00Z'); // Monday 22:15 in São Paulo, Tuesday in UTC
    expect(quietUntil(q, at)?.toISOString()).toBe('2026-12-01T02:30:00.000Z');
    // The same UTC clock in UTC itself is Tuesday: not quiet.
    expect(quietUntil({ ...q, timeZone: 'UTC' }, at)).toBeNull();
    // Saturday 23:00 → Sunday 07:00 across the week's end.
    const weekend: QuietHours = { days: [6], from: '23:00', until: '07:00', timeZone: SP };
    expect(quietUntil(weekend, sp('2026-12-06T06:00:00'))?.toISOString()).toBe(sp('2026-12-06T07:00:00').toISOString());
    // Across a month's end: Monday 30 November 23:00 → Tuesday 1 December.
    expect(wallTime(quietUntil(night, sp('2026-11-30T23:59:00'))!, SP)).toBe('07:00');
  });

  test('[FIND-07] a DST-free zone and another zone with DST (America/New_York)', () => {
    const ny: QuietHours = { days: [0, 1, 2, 3, 4, 5, 6], from: '22:00', until: '07:00', timeZone: 'America/New_York' };
    // 2026-11-01 02:00 EDT → 01:00 EST: the night of Saturday 31 October is one hour longer.
    const before = new Date('2026-11-01T03:00:00Z'); // 23:00 EDT Saturday
    expect(quietUntil(ny, before)?.toISOString()).toBe('2026-11-01T12:00:00.000Z'); // 07:00 EST
    // Summer: 07:00 EDT is 11:00 UTC.
    expect(quietUntil(ny, new Date('2026-07-01T05:00:00Z'))?.toISOString()).toBe('2026-07-01T11:00:00.000Z');
    // Manaus (UTC−4, no DST): the same instant is an hour earlier on the wall.
    const manaus: QuietHours = { days: [1], from: '22:00', until: '23:00', timeZone: 'America/Manaus' };
    expect(quietUntil(manaus, sp('2026-11-30T22:30:00'))).toBeNull();
    expect(quietUntil(manaus, sp('2026-11-30T23:30:00'))?.toISOString()).toBe('2026-12-01T03:00:00.000Z');
    expect(zonedInstant(2026, 3, 8, 2, 30, 'America/New_York').toISOString()).toBe('2026-03-08T07:30:00.000Z');
  });

  test('[FIND-07] no quiet hours never silences', () => {
    expect(quietUntil(null, new Date())).toBeNull();
  });

  test('[FIND-07] validation in Portuguese', () => {
    const ok = quietHoursSchema.safeParse({ days: [3, 1, 1], from: '22:00', until: '07:00', timeZone: SP });
    expect(ok.success && ok.data.days).toEqual([1, 3]);
    const issue = (v: unknown) => quietHoursSchema.safeParse(v).error?.issues[0]?.message;
    expect(issue({ days: [], from: '22:00', until: '07:00', timeZone: SP })).toBe(quietMsg.daysRequired);
    expect(issue({ days: [7], from: '22:00', until: '07:00', timeZone: SP })).toBe(quietMsg.dayInvalid);
    expect(issue({ days: [1], from: '24:00', until: '07:00', timeZone: SP })).toBe(quietMsg.timeInvalid);
    expect(issue({ days: [1], from: '07:00', until: '07:00', timeZone: SP })).toBe(quietMsg.sameTimes);
    expect(issue({ days: [1], from: '22:00', until: '07:00', timeZone: 'Mars/Olympus' })).toBe(quietMsg.zoneInvalid);
  });
});

describe('[FIND-08] ring order', () => {
  test('[FIND-08] the owner’s turn fits inside the total ring timeout, leaving the members at least 15 s', () => {
    expect(ownerStepMs(15, 60_000)).toBe(15_000);
    expect(ownerStepMs(45, 60_000)).toBe(45_000);
    expect(ownerStepMs(60, 60_000)).toBe(45_000);
    expect(ownerStepMs(30, 10_000)).toBe(0);
  });
});
