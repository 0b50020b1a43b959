import { describe, expect, test } from 'vitest';
import { formatDueDate, planPriceCents, planStatus } from './billing';

const day = 24 * 60 * 60 * 1000;
const now = new Date('2026-11-27T12:00:00Z');
const inDays = (n: number) => new Date(now.getTime() + n * day);

describe('FIN-02 plans', () => {
  test('[FIN-02] list prices in centavos: Pulseira 5490, Campainha 1990, Coleira 2990, Objeto 1190, a plate 1990 per unit; annual = 10 months', () => {
    expect([1, 2, 3, 4].map((p) => planPriceCents(p, 'monthly'))).toEqual([5490, 1990, 2990, 1190]);
    expect(planPriceCents(5, 'monthly', 60)).toBe(119_400);
    expect(planPriceCents(5, 'monthly', 0)).toBe(1990);
    expect(planPriceCents(1, 'annual')).toBe(54_900);
    expect(Number.isInteger(planPriceCents(3, 'annual'))).toBe(true);
  });

  test('[FIN-02] the status follows the due date: em dia, vencendo within 7 days, em atraso, suspenso after 30 days late, cancelado without a plan', () => {
    expect(planStatus(inDays(8), now)).toBe('em_dia');
    expect(planStatus(inDays(7), now)).toBe('vencendo');
    expect(planStatus(inDays(0), now)).toBe('vencendo');
    expect(planStatus(inDays(-1), now)).toBe('em_atraso');
    expect(planStatus(inDays(-30), now)).toBe('em_atraso');
    expect(planStatus(inDays(-31), now)).toBe('suspenso');
    expect(planStatus(null, now)).toBe('cancelado');
    expect(planStatus(inDays(100), now, true)).toBe('cancelado');
  });

  test('[FIN-02] due dates read dd/mm/aaaa in Brasília time (a UTC midnight is still the day before there)', () => {
    expect(formatDueDate('2026-12-27T15:00:00Z')).toBe('27/12/2026');
    expect(formatDueDate('2026-12-27T02:00:00Z')).toBe('26/12/2026');
  });
});
