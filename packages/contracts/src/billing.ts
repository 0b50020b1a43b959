import { z } from 'zod';
import { CONDOMINIUM_PRODUCT_ID, DAY_MS } from './constants';
import { brasiliaDate } from './time-format';

/**
 * FIN-02 (docs/decisions/0041-billing.md): a plan per claimed tag — monthly or annual at the product's list
 * price, in integer centavos — with its status read from its due date.
 */

/** The list prices the site shows (terms of use, FAQ, product pages), per month, in centavos. */
const LIST_PRICE_CENTS: Record<number, number> = {
  1: 5490, // Pulseira
  2: 1990, // Campainha (residência)
  3: 2990, // Coleira
  4: 1190, // Objeto
  5: 1990, // Condomínio: per unit ("cada apartamento tem a sua própria licença")
};
/** An annual plan costs this many months. */
const ANNUAL_MONTHS = 10;
/** A newly claimed tag's trial, in days (the administrator's setting, FIN-06, starts here). */
export const TRIAL_DAYS_DEFAULT = 30;
/** 'vencendo' this many days before the due date. */
const DUE_SOON_DAYS = 7;
/** More than this many days overdue: suspended (the terms of use: "mais de 30 dias de atraso"). */
export const SUSPEND_AFTER_DAYS = 30;

export const planIntervals = ['monthly', 'annual'] as const;
export type PlanInterval = (typeof planIntervals)[number];
const planStatuses = ['em_dia', 'vencendo', 'em_atraso', 'suspenso', 'cancelado'] as const;
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
  return brasiliaDate.format(new Date(iso));
}

const financePlan = z.object({
  code: z.string(),
  name: z.string(),
  product_id: z.number().int(),
  interval: z.enum(planIntervals),
  /** One period's price, in centavos. */
  price_cents: z.number().int(),
  due_at: z.string(),
  status: z.enum(planStatuses),
  /** FIN-07: never paid and its due date still ahead — the free trial, which ends at `due_at`. */
  trial: z.boolean(),
});
export type FinancePlan = z.infer<typeof financePlan>;
export const financePlans = z.array(financePlan);

export const planIntervalBody = z.object({ interval: z.enum(planIntervals, { message: 'Escolha mensal ou anual.' }) });

export const financeApi = {
  plans: '/finance/plans',
  plan: (code: string) => `/finance/plans/${encodeURIComponent(code)}`,
} as const;

// ── FIN-03 / FIN-04: Pix charges ──

const chargeStatuses = ['pending', 'paid', 'review', 'expired'] as const;
export type ChargeStatus = (typeof chargeStatuses)[number];

export const chargeWords = {
  status: {
    pending: 'Aguardando pagamento',
    paid: 'Pago',
    review: 'Em análise',
    expired: 'Expirada',
  } satisfies Record<ChargeStatus, string>,
  notOwned: 'Escolha Toques que são seus.',
  alreadyPaid: 'Estes Toques já estão pagos neste período.',
  chargeNotFound: 'Cobrança não encontrada.',
  paidByAdmin: 'Pagamento registrado.',
  endToEndInvalid: 'Informe o identificador do pagamento (E2E id) que o banco mostra: 32 letras e números.',
  endToEndUsed: 'Este identificador de pagamento já foi usado em outra cobrança.',
  /** SEC-10: the webhook reached the app without the proxy's mutual-TLS verification. */
  webhookUnverified: 'Notificação recusada: o certificado do provedor de pagamento não foi verificado.',
} as const;

export const chargeBody = z.object({
  codes: z
    .array(
      z
        .string()
        .trim()
        .toUpperCase()
        .regex(/^[A-Z0-9]{8}$/, chargeWords.notOwned),
    )
    .min(1, chargeWords.notOwned)
    .max(50, chargeWords.notOwned),
});

/**
 * FIN-07: one tag's part of a charge, from what the charge recorded — its price and terms, and the period
 * it pays (`from` the due date to `to`, the day before the next one); `name` is the tag's name now (its
 * code when it has none).
 */
const chargeLine = z.object({
  code: z.string(),
  name: z.string(),
  product_id: z.number().int(),
  interval: z.enum(planIntervals),
  units: z.number().int(),
  cents: z.number().int(),
  from: z.string(),
  to: z.string(),
});

export const charge = z.object({
  id: z.number().int(),
  txid: z.string(),
  tag_codes: z.array(z.string()),
  amount_cents: z.number().int(),
  /** The Pix "copia e cola" payload (EMV BR Code); the QR code shows the same text. */
  br_code: z.string(),
  status: z.enum(chargeStatuses),
  created_at: z.string(),
  expires_at: z.string(),
  paid_at: z.string().nullable(),
  lines: z.array(chargeLine),
});
export type Charge = z.infer<typeof charge>;
export const chargeList = z.array(charge);

/** The Banco Central's Pix API webhook body (POST {webhook}/pix): received Pix, each by its end-to-end id. */
export const pixWebhookBody = z.object({
  pix: z
    .array(
      z.object({
        endToEndId: z.string().regex(/^[A-Za-z0-9]{32}$/),
        txid: z.string().regex(/^[A-Za-z0-9]{1,35}$/),
        valor: z.string().regex(/^\d{1,10}\.\d{2}$/),
        horario: z.string().max(40),
      }),
    )
    .min(1)
    .max(1000),
});

export const markPaidBody = z.object({
  endToEndId: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9]{32}$/, chargeWords.endToEndInvalid),
});

/** 'R$ 12,34' from the webhook's '12.34': integer centavos, never a float. */
export function valorToCents(valor: string): number {
  const [reais = '0', cents = '00'] = valor.split('.');
  return Number(reais) * 100 + Number(cents.padEnd(2, '0').slice(0, 2));
}

export const chargesApi = {
  charges: '/finance/charges',
  webhook: (secret: string) => `/webhooks/pix/${encodeURIComponent(secret)}`,
  adminCharges: '/admin/charges',
  adminMarkPaid: (id: number) => `/admin/charges/${id}/paid`,
} as const;

/** FIN-04: a bank statement to reconcile (CSV as the banks export it). */
export const statementBody = z.object({
  csvBase64: z
    .string()
    .min(1, 'Escolha o arquivo do extrato.')
    .max(1_400_000, 'O extrato pode ter no máximo 1 MB.')
    .regex(/^[A-Za-z0-9+/]*={0,2}$/, 'Não foi possível ler o arquivo: envie o extrato em CSV.'),
});
const statementLine = z.object({ line: z.number().int(), text: z.string() });
export const statementResult = z.object({
  matched: z.array(statementLine.extend({ txid: z.string() })),
  duplicates: z.array(statementLine.extend({ txid: z.string() })),
  unmatched: z.array(statementLine.extend({ reason: z.string() })),
  /** Lines that are no credit (a header, a debit, a balance). */
  ignored: z.number().int(),
});
export type StatementResult = z.infer<typeof statementResult>;

/**
 * Lines of a bank statement, counted before it is parsed (SEC-09): weeks of a busy account, and a
 * bound under which the whole import stays well within the 2 s a request may take.
 */
export const STATEMENT_LINES_MAX = 5000;
/** Columns a statement line may average, counted before parsing (SEC-09): banks export 4–10. */
export const STATEMENT_COLUMNS_MAX = 12;

export const statementWords = {
  unreadable: 'Não foi possível ler o arquivo: envie o extrato em CSV.',
  tooManyLines: 'O extrato pode ter no máximo 5.000 linhas: exporte um período menor.',
  tooManyCells: 'O extrato tem colunas demais: exporte no máximo 12 colunas por linha.',
  noTxid: 'Nenhuma cobrança aberta com um txid desta linha.',
  wrongAmount: (expected: string) => `Valor diferente do cobrado (${expected}).`,
} as const;

export const statementApi = '/admin/charges/statement';

// ── FIN-06: the administrator's finance view ──

/** The prices, the annual plan's months and the trial the administrator sets (defaults: the site's list). */
export const billingSettings = z.object({
  prices: z.record(
    z.enum(['1', '2', '3', '4', '5']),
    z
      .number({ message: 'Informe um preço válido.' })
      .int()
      .min(1, 'Informe um preço válido.')
      .max(10_000_000, 'Informe um preço válido.'),
  ),
  annualMonths: z.number({ message: 'De 1 a 12 meses.' }).int().min(1, 'De 1 a 12 meses.').max(12, 'De 1 a 12 meses.'),
  trialDays: z.number({ message: 'De 0 a 365 dias.' }).int().min(0, 'De 0 a 365 dias.').max(365, 'De 0 a 365 dias.'),
});
export type BillingSettings = z.infer<typeof billingSettings>;

export const DEFAULT_BILLING: BillingSettings = {
  prices: Object.fromEntries(Object.entries(LIST_PRICE_CENTS).map(([k, v]) => [k, v])) as BillingSettings['prices'],
  annualMonths: ANNUAL_MONTHS,
  trialDays: TRIAL_DAYS_DEFAULT,
};

/** planPriceCents with the administrator's prices. */
export function priceWith(settings: BillingSettings, productId: number, interval: PlanInterval, units = 1): number {
  const key = String(productId) as keyof BillingSettings['prices'];
  const monthly =
    (settings.prices[key] ?? LIST_PRICE_CENTS[productId] ?? 0) *
    (productId === CONDOMINIUM_PRODUCT_ID ? Math.max(1, units) : 1);
  return interval === 'annual' ? monthly * settings.annualMonths : monthly;
}

export const financeReport = z.object({
  settings: billingSettings,
  /** Paid charges by month (America/Sao_Paulo, 'YYYY-MM') and product, in centavos. */
  revenue: z.array(z.object({ month: z.string(), product_id: z.number().int(), cents: z.number().int() })),
  overdue: z.array(
    z.object({
      code: z.string(),
      name: z.string(),
      product_id: z.number().int(),
      owner_name: z.string(),
      owner_email: z.string(),
      due_at: z.string(),
      status: z.enum(planStatuses),
    }),
  ),
});
export type FinanceReport = z.infer<typeof financeReport>;

export const financeAdminApi = { report: '/admin/finance', settings: '/admin/finance/settings' } as const;
export const financeAdminWords = { saved: 'Preços e período de teste salvos.' } as const;
