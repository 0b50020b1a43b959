import { describe, expect, it } from 'vitest';
import { initialsOf } from './initials';

describe('avatar initials', () => {
  it('[DASH-03] first and last words of the name, upper-cased', () => {
    expect(initialsOf('Maria Silva')).toBe('MS');
    expect(initialsOf('  maria da silva  ')).toBe('MS');
    expect(initialsOf('Maria')).toBe('M');
    expect(initialsOf('')).toBe('');
    expect(initialsOf(null)).toBe('');
  });

  it('[DASH-03] an emoji in the name never gives a broken character: words without a letter are skipped', () => {
    expect(initialsOf('😀 Maria Silva')).toBe('MS');
    expect(initialsOf('Maria 😀')).toBe('M');
    expect(initialsOf('Maria Silva 👩‍👩‍👧')).toBe('MS');
    expect(initialsOf('😀Maria 🇧🇷Silva')).toBe('MS');
    expect(initialsOf('😀 🎉')).toBe('');
    for (const name of ['😀 Maria Silva', 'Maria 😀', '👍🏽 Ana']) {
      expect(initialsOf(name)).not.toMatch(/[\uD800-\uDFFF\uFFFD]/u);
    }
  });

  it('[DASH-03] accented and non-Latin letters are kept whole', () => {
    expect(initialsOf('Élida Ávila')).toBe('ÉÁ');
    // 'E' + combining acute accent: one letter, accent included.
    expect(initialsOf('e\u0301rica souza')).toBe('E\u0301S');
    expect(initialsOf('Ωmega Δelta')).toBe('ΩΔ');
  });
});
