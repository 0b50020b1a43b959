import { describe, expect, test } from 'vitest';
import { RESET_CODE_LENGTH, TAG_CODE_ALPHABET, TAG_CODE_LENGTH } from '@toque/contracts/constants';
import { hashResetCode, newResetCode, newTagCode, sameHash } from './codes';

describe('tag codes', () => {
  test('[ADM-05] newTagCode() draws 8 characters from the alphabet, never 0/O/1/I/L', () => {
    const seen = new Set<string>();
    for (let i = 0; i < 5_000; i++) {
      const code = newTagCode();
      expect(code).toHaveLength(TAG_CODE_LENGTH);
      for (const ch of code) {
        expect(TAG_CODE_ALPHABET).toContain(ch);
        seen.add(ch);
      }
      expect(code).not.toMatch(/[0O1IL]/);
    }
    // 40 000 draws: every character of the alphabet shows up (the draw is not stuck on a subset).
    expect([...seen].sort().join('')).toBe([...TAG_CODE_ALPHABET].sort().join(''));
  });

  test('[ADM-05] the alphabet itself has no look-alikes and no repeats', () => {
    expect(TAG_CODE_ALPHABET).not.toMatch(/[0O1IL]/);
    expect(new Set(TAG_CODE_ALPHABET).size).toBe(TAG_CODE_ALPHABET.length);
  });

  test('[ADM-05] codes do not repeat in practice', () => {
    const codes = new Set(Array.from({ length: 10_000 }, newTagCode));
    expect(codes.size).toBe(10_000);
  });
});

describe('reset codes', () => {
  test('[AUTH-13] newResetCode() is 6 digits, zero-padded, and random', () => {
    const codes = Array.from({ length: 2_000 }, newResetCode);
    for (const code of codes) expect(code).toMatch(new RegExp(`^\\d{${RESET_CODE_LENGTH}}$`));
    expect(new Set(codes).size).toBeGreaterThan(1_990);
  });

  test('[AUTH-13] the stored hash is keyed, hides the code, and tolerates surrounding spaces', () => {
    const hash = hashResetCode('123456', 'secret-one-123456');
    expect(hash).toMatch(/^[0-9a-f]{64}$/);
    expect(hash).not.toContain('123456');
    expect(hashResetCode(' 123456 ', 'secret-one-123456')).toBe(hash);
    expect(hashResetCode('123456', 'secret-two-123456')).not.toBe(hash);
    expect(hashResetCode('123457', 'secret-one-123456')).not.toBe(hash);
  });

  test('[AUTH-13] sameHash compares hex digests exactly', () => {
    const a = hashResetCode('000001', 'k'.repeat(16));
    const b = hashResetCode('000002', 'k'.repeat(16));
    expect(sameHash(a, a)).toBe(true);
    expect(sameHash(a, b)).toBe(false);
    expect(sameHash(a, a.slice(0, 62))).toBe(false);
    expect(sameHash(a, '')).toBe(false);
  });
});
