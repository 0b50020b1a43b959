import { describe, expect, test } from 'vitest';
import { formatDuration, isoDuration } from './call-duration';

describe('the call duration (CALL-14)', () => {
  test.each([
    [0, '00:00', 'PT0S'],
    [999, '00:00', 'PT0S'],
    [1000, '00:01', 'PT1S'],
    [65_400, '01:05', 'PT1M5S'],
    [600_000, '10:00', 'PT10M0S'],
    [3_599_999, '59:59', 'PT59M59S'],
    [3_600_000, '1:00:00', 'PT1H0S'],
    [3_725_000, '1:02:05', 'PT1H2M5S'],
    [-5000, '00:00', 'PT0S'],
    [Number.NaN, '00:00', 'PT0S'],
  ])('[CALL-14] %d ms reads %s (%s)', (ms, shown, iso) => {
    expect(formatDuration(ms)).toBe(shown);
    expect(isoDuration(ms)).toBe(iso);
  });
});
