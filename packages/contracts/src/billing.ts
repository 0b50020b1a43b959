import { z } from 'zod';
import { CONDOMINIUM_PRODUCT_ID } from './constants';

/**
 * FIN-02 (docs/decisions/0040): a plan per claimed tag — monthly or annual at the product's list
 * price, in integer centavos — with its status read from its due date.
 */

/** The list prices the site shows (terms of use, FAQ, product pages), per month, in centavos. */
export const LIST_PRICE_CENTS: Record<number, number> = {
  1: 5490, // Pulseira
  2: 1990, // Campainha (residência)
  3: 2990, // Coleira
  4: 1190, // Objeto
  5: 1990, // Condomínio: per unit ("cada apartamento tem a sua própria licença")
};
/** An annual plan costs this many months. */
export const ANNUAL_MONTHS = 10;
/** A newly claimed tag's trial, in days (the administrator's setting, FIN-06, starts here). */
export const TRIAL_DAYS_DEFAULT = 30;
/** 'vencendo' this many days before the due date. */
export const DUE_SOON_DAYS = 7;
/** More than this many days overdue: suspended (the terms of use: "mais de 30 dias de atraso"). */
export const SUSPEND_AFTER_DAYS = 30;

export const planIntervals = ['monthly', 'annual'] as const;
export type PlanInterval = (typeof planIntervals)[number];
export const planStatuses = ['em_dia', 'vencendo', 'em_atraso', 'suspenso', 'cancelado'] as const;
export type PlanStatus = (typeof planStatuses)[number];

export const planWords = {
  interval: { monthly: 'Mensal', annual: 'Anual' } satisfies Record<PlanInterval, string>,
  per: { monthly: 'por mês', annual: 'por ano' } satisfies Record<PlanInterval, string>,
  chosen: { monthly: 'Plano mensal escolhido.', annual: 'Plano anual escolhido.' } satisfies Record<
    PlanInterval,
    string
  >,
  status: {
    em_dia: 'Em dia',
    vencendo: 'Vencendo',
    em_atraso: 'Em atraso',
    suspenso: 'Suspenso',
    cancelado: 'Cancelado',
  } satisfies Record<PlanStatus, string>,
} as const;

const DAY_MS = 24 * 60 * 60 * 1000;

/** The plan's price for one period, in centavos; a plate pays one unit's licence per unit (at least one). */
export function planPriceCents(productId: number, interval: PlanInterval, units = 1): number {
  const monthly = (LIST_PRICE_CENTS[productId] ?? 0) * (productId === CONDOMINIUM_PRODUCT_ID ? Math.max(1, units) : 1);
  return interval === 'annual' ? monthly * ANNUAL_MONTHS : monthly;
}

/** What the due date says today: em dia, vencendo (≤ 7 days), em atraso, suspenso (> 30 days late); cancelado without a plan. */
export function planStatus(dueAt: Date | null, now: Date, cancelled = false): PlanStatus {
  if (cancelled || !dueAt) return 'cancelado';
  const days = (dueAt.getTime() - now.getTime()) / DAY_MS;
  if (days < -SUSPEND_AFTER_DAYS) return 'suspenso';
  if (days < 0) return 'em_atraso';
  if (days <= DUE_SOON_DAYS) return 'vencendo';
  return 'em_dia';
}

/** A date as the finance screens write it: dd/mm/aaaa, in Brasília's time. */
export function formatDueDate(iso: string): string {
  return new Intl.DateTimeFormat('pt-BR', {
    timeZone: 'America/Sao_Paulo',
    day: '2-digit',
    month: '2-digit',
    year: 'numeric',
  }).format(new Date(iso));
}

export const financePlan = z.object({
  code: z.string(),
  name: z.string(),
  product_id: z.number().int(),
  interval: z.enum(planIntervals),
  /** One period's price, in centavos. */
  price_cents: z.number().int(),
  due_at: z.string(),
  status: z.enum(planStatuses),
});
export type FinancePlan = z.infer<typeof financePlan>;
export const financePlans = z.array(financePlan);

export const planIntervalBody = z.object({ interval: z.enum(planIntervals, { message: 'Escolha mensal ou anual.' }) });

export const financeApi = {
  plans: '/finance/plans',
  plan: (code: string) => `/finance/plans/${encodeURIComponent(code)}`,
} as const;
