import { describe, expect, test } from 'vitest';
import { TAG_CODE_LENGTH, TAG_CODE_PATTERN } from './constants';
import { brasiliaDate, brasiliaDateTime } from './time-format';

describe('shared facts', () => {
  test('[DEV-01] mails and the data export write dates in Brasília time, pt-BR', () => {
    const at = new Date('2026-01-02T15:04:00Z');
    expect(brasiliaDateTime.format(at)).toBe('02/01/2026, 12:04');
    expect(brasiliaDate.format(at)).toBe('02/01/2026');
  });

  test('[DEV-01] [TAG-02] a tag code is TAG_CODE_LENGTH letters and digits, in any case as typed', () => {
    expect(TAG_CODE_PATTERN.test('7KQ2AB3C')).toBe(true);
    expect(TAG_CODE_PATTERN.test('7kq2ab3c')).toBe(true);
    expect(TAG_CODE_PATTERN.test('7'.repeat(TAG_CODE_LENGTH - 1))).toBe(false);
    expect(TAG_CODE_PATTERN.test('7'.repeat(TAG_CODE_LENGTH + 1))).toBe(false);
    expect(TAG_CODE_PATTERN.test('7KQ2-B3C')).toBe(false);
  });
});
