import { and, eq, sql } from 'drizzle-orm';
import { rowsOf, type Conn } from '../client';
import { outbox } from '../schema';

export interface NewMail {
  to: string;
  subject: string;
  text: string;
}

export interface ClaimedMail extends NewMail {
  id: number;
  attempts: number;
}

/** The mail queue (REL-03, docs/decisions/0014): the `outbox` table, written by the mailer, drained by its worker. */
export const outboxRepository = {
  /** `queued` for the SMTP worker; `outbox` when the embedded outbox is itself the delivery. */
  insert(db: Conn, mails: NewMail[], status: 'queued' | 'outbox') {
    if (mails.length === 0) return Promise.resolve();
    return db
      .insert(outbox)
      .values(mails.map((m) => ({ ...m, status, nextAttemptAt: status === 'queued' ? sql`now()` : null })))
      .then(() => undefined);
  },

  /**
   * Takes up to `limit` due mails for this worker: one statement, rows locked with SKIP LOCKED, so two
   * processes never take the same row. Claiming counts the try and pushes `next_attempt_at` a lease
   * ahead: if this process dies mid-send, the row falls due again after the lease.
   */
  claim(db: Conn, limit: number, leaseMs: number) {
    return rowsOf<ClaimedMail>(
      db.execute(sql`
        UPDATE ${outbox}
        SET attempts = attempts + 1, next_attempt_at = now() + make_interval(secs => ${leaseMs / 1000})
        WHERE id IN (
          SELECT id FROM ${outbox}
          WHERE status = 'queued' AND next_attempt_at <= now()
          ORDER BY next_attempt_at, id
          LIMIT ${limit}
          FOR UPDATE SKIP LOCKED
        )
        RETURNING id, "to", subject, text, attempts`),
    );
  },

  /** SEC-06: once SMTP has the mail, its text (maybe a reset code) is not kept. */
  markSent(db: Conn, id: number) {
    return db
      .update(outbox)
      .set({ status: 'sent', sentAt: sql`now()`, text: '', nextAttemptAt: null, lastError: null })
      .where(and(eq(outbox.id, id), eq(outbox.status, 'queued')));
  },

  retryLater(db: Conn, id: number, delayMs: number, error: string) {
    return db
      .update(outbox)
      .set({ nextAttemptAt: sql`now() + make_interval(secs => ${delayMs / 1000})`, lastError: error })
      .where(and(eq(outbox.id, id), eq(outbox.status, 'queued')));
  },

  /** Every try spent, or a permanent refusal: the mail is given up, and its text dropped like a sent one's. */
  markFailed(db: Conn, id: number, error: string) {
    return db
      .update(outbox)
      .set({ status: 'failed', text: '', nextAttemptAt: null, lastError: error })
      .where(and(eq(outbox.id, id), eq(outbox.status, 'queued')));
  },
};
