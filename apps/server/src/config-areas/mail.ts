import { z } from 'zod';
import type { Values } from './area';
import { positive, urlOf } from './area';

/** Outgoing mail and its durable queue. */
export const mailVariables = {
  SMTP_URL: urlOf(['smtp:', 'smtps:'], 'an SMTP URL: smtp://user:password@host:587').optional(),
  MAIL_FROM: z.string().default('Toque <nao-responda@toque.app.br>'),
  /** The SMTP mail queue (REL-03): poll interval, backoff, tries, and how long a claimed mail stays taken. */
  MAIL_POLL_MS: positive(5_000),
  MAIL_RETRY_BASE_MS: positive(30_000),
  MAIL_RETRY_MAX_MS: positive(60 * 60 * 1000),
  MAIL_MAX_ATTEMPTS: positive(12),
  MAIL_LEASE_MS: positive(5 * 60 * 1000),
};

export function mailConfig(e: Values<typeof mailVariables>) {
  return {
    smtpUrl: e.SMTP_URL || undefined,
    mailFrom: e.MAIL_FROM,
    mailQueue: {
      pollMs: e.MAIL_POLL_MS,
      retryBaseMs: e.MAIL_RETRY_BASE_MS,
      retryMaxMs: e.MAIL_RETRY_MAX_MS,
      maxAttempts: e.MAIL_MAX_ATTEMPTS,
      leaseMs: e.MAIL_LEASE_MS,
    },
  };
}
