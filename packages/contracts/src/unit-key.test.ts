import { describe, expect, test } from 'vitest';
import { unitKey } from './unit-key';

const same = (a: [string | null, string], b: [string | null, string]) => unitKey(...a) === unitKey(...b);

describe('CONDO-19 units compared as people read them', () => {
  test('[CONDO-19] "101", "Apto 101", "apartamento 0101", "UNIDADE 101", "Apto. 101", "Ap 101" and "apto101" are one unit', () => {
    for (const name of ['Apto 101', 'apartamento 0101', 'UNIDADE 101', 'Apto. 101', 'Ap 101', 'AP. 101', 'apto101', ' Apto  101 ', 'Unid. 101'])
      expect([name, unitKey(null, name)]).toEqual([name, unitKey(null, '101')]);
  });

  test('[CONDO-19] accents, case and spaces aside: "Térreo" is "terreo", "Loja 01 A" is "loja 1a"', () => {
    expect(same([null, 'Térreo'], [null, 'terreo'])).toBe(true);
    expect(same([null, 'Loja 01 A'], [null, 'loja 1a'])).toBe(true);
    expect(same(['Bloco Á', '101'], ['bloco a', 'Apto 101'])).toBe(true);
    expect(same(['Torre 02', '101'], ['torre 2', '101'])).toBe(true);
  });

  test('[CONDO-19] what reads differently stays different: "1010" is not "101", another block, "Apoio" keeps its letters, "10" is not "100"', () => {
    expect(same([null, '1010'], [null, '101'])).toBe(false);
    expect(same([null, '10'], [null, '100'])).toBe(false);
    expect(same(['Bloco A', '101'], [null, '101'])).toBe(false);
    expect(same(['Bloco A', '101'], ['Bloco B', 'Apto 101'])).toBe(false);
    expect(same([null, 'Apoio'], [null, 'oio'])).toBe(false);
    expect(same([null, 'Apoio'], [null, 'APOIO'])).toBe(true);
    expect(same([null, 'Unidade'], [null, ''])).toBe(false);
    expect(same([null, '0'], [null, '00'])).toBe(true);
    expect(same([null, '0'], [null, ''])).toBe(false);
  });
});
