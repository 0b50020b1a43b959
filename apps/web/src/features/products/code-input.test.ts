import { describe, expect, it } from 'vitest';
import { sanitizePasted, sanitizeTyped } from './code-input';

describe('add-tag code input', () => {
  it('[TAG-02] typing keeps letters and digits only, 8 at most', () => {
    expect(sanitizeTyped('ab-12 cd!34ef', null)).toEqual({ value: 'ab12cd34', caret: 8 });
    expect(sanitizeTyped('ç@#', 3)).toEqual({ value: '', caret: 0 });
  });

  it('[TAG-02] a character typed in the middle keeps the caret where it was typed', () => {
    // 'ab|cd' + '-' typed at 2: the dash goes, the caret stays after 'ab'.
    expect(sanitizeTyped('ab-cd', 3)).toEqual({ value: 'abcd', caret: 2 });
    expect(sanitizeTyped('abXcd', 3)).toEqual({ value: 'abXcd', caret: 3 });
  });

  it('[TAG-02] pasting cleans the pasted text before it counts against the 8 characters', () => {
    expect(sanitizePasted('', 0, 0, 'ab-12 cd!34ef')).toEqual({ value: 'ab12cd34', caret: 8 });
    // Pasted over a selection, between kept characters.
    expect(sanitizePasted('abXXgh', 2, 4, ' c-d e.f ')).toEqual({ value: 'abcdefgh', caret: 6 });
    // No selection information: appended.
    expect(sanitizePasted('ab', null, null, '-12')).toEqual({ value: 'ab12', caret: 4 });
  });
});
