import fp from 'fastify-plugin';
import nodemailer from 'nodemailer';
import type { Db, Tx } from '../db/client';
import { outboxRepository as repo, type ClaimedMail } from '../db/repositories/outbox';

export interface Mail {
  to: string;
  subject: string;
  text: string;
}
interface Mailer {
  /**
   * Writes mails on `conn` — the caller's transaction where it has one, so a mail exists exactly when
   * the change it reports commits. Call `wake()` once the transaction has committed.
   */
  queue(conn: Db | Tx, ...mails: Mail[]): Promise<void>;
  /** Queues on the app's own connection and wakes the worker (no transaction to wait for). */
  send(mail: Mail): Promise<void>;
  /** Sends what is due now rather than at the next poll; a no-op without SMTP. */
  wake(): void;
}

export interface MailQueueOptions {
  pollMs: number;
  retryBaseMs: number;
  retryMaxMs: number;
  maxAttempts: number;
  leaseMs: number;
}

declare module 'fastify' {
  interface FastifyInstance {
    mailer: Mailer;
  }
}

/** Exponential backoff with ±20 % jitter, so a queue that failed together does not retry together. */
function retryDelay(attempts: number, opts: Pick<MailQueueOptions, 'retryBaseMs' | 'retryMaxMs'>): number {
  const exact = Math.min(opts.retryBaseMs * 2 ** Math.max(0, attempts - 1), opts.retryMaxMs);
  return Math.round(exact * (0.8 + Math.random() * 0.4));
}

/** An SMTP 5xx answer is a refusal for good (unknown mailbox…): trying again would not change it. */
function isPermanent(error: unknown): boolean {
  const code = (error as { responseCode?: unknown }).responseCode;
  return typeof code === 'number' && code >= 500 && code < 600;
}

function describe(error: unknown): string {
  return (error instanceof Error ? error.message : String(error)).slice(0, 500);
}

/**
 * REL-03: every mail goes through the `outbox` table (docs/decisions/0014).
 * With SMTP_URL a worker in this process sends the queued rows, with retries and backoff; a request
 * never waits for SMTP, so SMTP being down never fails it. Without SMTP_URL (the embedded default)
 * the row itself is the delivery: an operator reads it with `npm run toque -- outbox`.
 */
export const mailerPlugin = fp<{ smtpUrl?: string | undefined; from: string; queue: MailQueueOptions }>(
  async (app, opts) => {
    const { db } = app;

    if (!opts.smtpUrl) {
      const queue = async (conn: Db | Tx, ...mails: Mail[]) => {
        await repo.insert(conn, mails, 'outbox');
        for (const _ of mails) app.metrics.mail('queued');
        for (const m of mails) app.log.info({ to: m.to, subject: m.subject }, 'mail written to the outbox');
      };
      app.decorate('mailer', { queue, send: (mail) => queue(db, mail), wake() {} } satisfies Mailer);
      return;
    }

    const q = opts.queue;
    // Short timeouts: a send must end well inside the lease, or another process would take the row too.
    const transport = nodemailer.createTransport({
      url: opts.smtpUrl,
      connectionTimeout: 10_000,
      greetingTimeout: 10_000,
      socketTimeout: 30_000,
    });

    async function deliver(mail: ClaimedMail) {
      try {
        await transport.sendMail({ from: opts.from, to: mail.to, subject: mail.subject, text: mail.text });
      } catch (error) {
        const reason = describe(error);
        if (isPermanent(error) || mail.attempts >= q.maxAttempts) {
          await repo.markFailed(db, mail.id, reason);
          app.metrics.mail('failed');
          app.log.error({ mailId: mail.id, attempts: mail.attempts, err: error }, 'mail given up');
        } else {
          const delay = retryDelay(mail.attempts, q);
          await repo.retryLater(db, mail.id, delay, reason);
          app.log.warn(
            { mailId: mail.id, attempts: mail.attempts, retryInMs: delay, reason },
            'mail not sent, will retry',
          );
        }
        return;
      }
      await repo.markSent(db, mail.id);
      app.metrics.mail('sent');
    }

    let closing = false;
    let running: Promise<void> | null = null;
    let again = false;

    async function drain() {
      while (!closing) {
        const batch = await repo.claim(db, 10, q.leaseMs);
        if (batch.length === 0) return;
        for (const mail of batch) await deliver(mail);
      }
    }

    /** One drain at a time in this process; a wake during a drain runs one more after it. */
    function wake() {
      if (closing) return;
      if (running) {
        again = true;
        return;
      }
      running = drain()
        .catch((err: unknown) => app.log.error({ err }, 'mail queue drain failed'))
        .finally(() => {
          running = null;
          if (again) {
            again = false;
            wake();
          }
        });
    }

    // Retries fall due, and other processes queue mails: poll for them.
    const poller = setInterval(wake, q.pollMs);
    poller.unref();

    app.decorate('mailer', {
      async queue(conn, ...mails) {
        await repo.insert(conn, mails, 'queued');
        for (const _ of mails) app.metrics.mail('queued');
      },
      async send(mail) {
        await repo.insert(db, [mail], 'queued');
        app.metrics.mail('queued');
        wake();
      },
      wake,
    } satisfies Mailer);

    app.addHook('onReady', async () => wake());
    app.addHook('onClose', async () => {
      closing = true;
      clearInterval(poller);
      // A mail being sent finishes (and is marked) before the database closes; the rest waits for the next process.
      while (running) await running;
      transport.close();
    });
  },
);
