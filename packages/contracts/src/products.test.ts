import { describe, expect, test } from 'vitest';
import { codeBody, sanitizeTagCode } from './products';
import { productLabel, UNKNOWN_PRODUCT } from './constants';
import { msg } from './messages';

describe('tag codes', () => {
  test('[TAG-02] strips everything but letters and digits, and keeps at most 8', () => {
    expect(sanitizeTagCode('ab-12 cd!34ef')).toBe('ab12cd34');
    expect(sanitizeTagCode('  ç@#')).toBe('');
    expect(sanitizeTagCode('ABCDEFGHIJK')).toBe('ABCDEFGH');
  });

  test('[TAG-02] a code of other than 8 alphanumerics is refused with the catalogue message', () => {
    for (const bad of ['abc', 'abcdefghi', 'abcd-efg', '']) {
      const r = codeBody.safeParse({ code: bad });
      expect(r.success).toBe(false);
      expect(r.error?.issues[0]?.message).toBe(msg.tagCodeLength);
    }
    expect(codeBody.parse({ code: 'ab12cd34' })).toEqual({ code: 'AB12CD34' });
  });
});

describe('product types', () => {
  test('[TAG-01] ids 1 to 5 have their labels and anything else is "Desconhecido"', () => {
    expect([1, 2, 3, 4, 5].map(productLabel)).toEqual(['Pulseira', 'Campainha', 'Pet', 'Objeto', 'Condomínio']);
    expect(productLabel(0)).toBe(UNKNOWN_PRODUCT);
    expect(productLabel(9)).toBe('Desconhecido');
  });
});
