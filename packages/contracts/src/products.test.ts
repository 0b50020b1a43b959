import { describe, expect, test } from 'vitest';
import { codeBody, defaultTagName, sanitizeTagCode, tagDisplayName } from './products';
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

describe('default tag names', () => {
  test('[TAG-10] a tag is named by its type and the last 4 characters of its code', () => {
    expect(defaultTagName(1, 'ab23cd45')).toBe('Pulseira CD45');
    expect(defaultTagName(2, 'AB23CD45')).toBe('Campainha CD45');
    expect(defaultTagName(3, 'AB23CD45')).toBe('Pet CD45');
    expect(defaultTagName(4, 'AB23CD45')).toBe('Objeto CD45');
  });

  test('[TAG-10] a tag saved with an empty or blank name shows its default; a named one its own', () => {
    expect(tagDisplayName({ name: '', product_id: 4, code: 'AB23CD45' })).toBe('Objeto CD45');
    expect(tagDisplayName({ name: '   ', product_id: 1, code: 'AB23XY99' })).toBe('Pulseira XY99');
    expect(tagDisplayName({ name: 'Mochila', product_id: 4, code: 'AB23CD45' })).toBe('Mochila');
  });
});
