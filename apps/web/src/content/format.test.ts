import { describe, expect, it } from 'vitest';
import { formatPrice } from './format';

describe('formatPrice', () => {
  it('[PUB-02] writes the monthly prices in the Brazilian format', () => {
    expect([54.9, 29.9, 11.9, 19.9].map(formatPrice)).toEqual(['R$ 54,90', 'R$ 29,90', 'R$ 11,90', 'R$ 19,90']);
  });
  it('groups thousands with a dot and rounds to cents', () => {
    expect(formatPrice(1234.5)).toBe('R$ 1.234,50');
    expect(formatPrice(1234567.891)).toBe('R$ 1.234.567,89');
    expect(formatPrice(0)).toBe('R$ 0,00');
  });
});
