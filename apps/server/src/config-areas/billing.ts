import { z } from 'zod';
import type { httpVariables } from './http';
import type { Values } from './area';
import { positive } from './area';

/** FIN-03 / FIN-04: the company's Pix details in every BR Code, and the payment provider's webhook. */
export const billingVariables = {
  /** The Pix key charges are paid to (e-mail, phone, CPF/CNPJ or random key). */
  PIX_KEY: z.string().trim().min(1).max(77).default('financeiro@toque.app.br'),
  /** The receiver as the payer's bank app shows it (at most 25 characters; accents are dropped). */
  PIX_MERCHANT_NAME: z.string().trim().min(1).max(25).default('TOQUE'),
  PIX_MERCHANT_CITY: z.string().trim().min(1).max(15).default('BELO HORIZONTE'),
  /** The shared secret in the webhook's path (with mutual TLS at the proxy, deploy/nginx); unset: no webhook. */
  PIX_WEBHOOK_SECRET: z.string().min(16, 'PIX_WEBHOOK_SECRET: at least 16 characters').optional(),
  /**
   * SEC-10: the webhook is behind mutual TLS (deploy/nginx/pix-webhook.conf): the app takes it only from
   * a proxy TRUST_PROXY names that says `X-Client-Verify: SUCCESS` (nginx's $ssl_client_verify).
   * The deploy files set it; off by default, for a development machine without the proxy.
   */
  PIX_WEBHOOK_REQUIRE_MTLS: z.enum(['true', 'false']).default('false'),
  /** How long a charge can be paid. */
  PIX_CHARGE_TTL_MS: positive(24 * 60 * 60 * 1000),
  /** FIN-05: how often the renewal reminders job looks for plans 7 and 1 days before, and 3 days after, their due date. */
  BILLING_REMINDER_INTERVAL_MS: positive(60 * 60 * 1000),
};

export function billingConfig(e: Values<typeof billingVariables>) {
  return {
    billing: {
      pixKey: e.PIX_KEY,
      merchantName: e.PIX_MERCHANT_NAME,
      merchantCity: e.PIX_MERCHANT_CITY,
      webhookSecret: e.PIX_WEBHOOK_SECRET,
      webhookRequiresMtls: e.PIX_WEBHOOK_REQUIRE_MTLS === 'true',
      chargeTtlMs: e.PIX_CHARGE_TTL_MS,
      reminderIntervalMs: e.BILLING_REMINDER_INTERVAL_MS,
    },
  };
}

/**
 * SEC-10: the verification is believed from the proxy alone. Every peer trusted (TRUST_PROXY=true)
 * would let anyone claim it; none (false) would refuse the provider too.
 */
export function checkBilling(
  e: Values<typeof billingVariables & Pick<typeof httpVariables, 'TRUST_PROXY'>>,
  ctx: z.RefinementCtx,
) {
  if (e.PIX_WEBHOOK_REQUIRE_MTLS === 'true' && (e.TRUST_PROXY === 'true' || e.TRUST_PROXY === 'false')) {
    ctx.addIssue({
      code: 'custom',
      path: ['PIX_WEBHOOK_REQUIRE_MTLS'],
      message: `PIX_WEBHOOK_REQUIRE_MTLS needs TRUST_PROXY to name the proxy that verifies the certificate (not ${e.TRUST_PROXY})`,
    });
  }
}
