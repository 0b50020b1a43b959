import { describe, expect, test } from 'vitest';
import { formatReais, parseReais, reaisInput } from './money';

describe('amounts in reais (TAG-11)', () => {
  test('[TAG-11] typed amounts become centavos; empty is none; anything else is not an amount', () => {
    expect(parseReais('200')).toBe(20_000);
    expect(parseReais(' R$ 200,5 ')).toBe(20_050);
    expect(parseReais('150,50')).toBe(15_050);
    expect(parseReais('1.200,00')).toBe(120_000);
    expect(parseReais('99.90')).toBe(9_990);
    expect(parseReais('')).toBeNull();
    expect(parseReais('   ')).toBeNull();
    for (const bad of ['abc', '-5', '1,234,5', '10,505', '1.2.3', '1e3', '12 reais'])
      expect(parseReais(bad), bad).toBeNaN();
  });

  test('[TAG-11] formatted for the reader: pt-BR, English and Spanish', () => {
    expect(formatReais(20_000)).toBe('R$ 200,00');
    expect(formatReais(123_456)).toBe('R$ 1.234,56');
    expect(formatReais(20_000, 'en')).toBe('R$200.00');
    expect(formatReais(20_000, 'es')).toBe('200,00 R$');
    expect(reaisInput(20_050)).toBe('200,50');
    expect(reaisInput(null)).toBe('');
  });
});
