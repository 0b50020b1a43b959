import { and, asc, count, eq, isNull } from 'drizzle-orm';
import type { Conn, Tx } from '../client';
import { tagInvitations } from '../schema';

/**
 * TAG-11: invitations to share a tag with an e-mail that has no account yet. Shared by products
 * (send, list, cancel), auth (joined at sign-up) and account (export, erasure).
 */
export const invitationsRepository = {
  pending(db: Conn, code: string) {
    return db
      .select()
      .from(tagInvitations)
      .where(and(eq(tagInvitations.tagCode, code), isNull(tagInvitations.acceptedAt)))
      .orderBy(asc(tagInvitations.createdAt), asc(tagInvitations.id));
  },

  countPending(db: Conn, code: string) {
    return db
      .select({ n: count() })
      .from(tagInvitations)
      .where(and(eq(tagInvitations.tagCode, code), isNull(tagInvitations.acceptedAt)))
      .then((r) => r[0]?.n ?? 0);
  },

  /** An invitation already sent (pending or accepted) to this e-mail for this tag. */
  find(db: Conn, code: string, email: string) {
    return db
      .select()
      .from(tagInvitations)
      .where(and(eq(tagInvitations.tagCode, code), eq(tagInvitations.email, email)))
      .then((r) => r[0]);
  },

  insert(tx: Tx, values: { tagCode: string; email: string; invitedBy: string }) {
    return tx
      .insert(tagInvitations)
      .values(values)
      .returning()
      .then((r) => r[0]!);
  },

  /** Removes one of the tag's pending invitations; [] when there is none with that id. */
  cancel(db: Conn, code: string, id: number) {
    return db
      .delete(tagInvitations)
      .where(and(eq(tagInvitations.id, id), eq(tagInvitations.tagCode, code), isNull(tagInvitations.acceptedAt)))
      .returning({ id: tagInvitations.id });
  },

  /** Every pending invitation addressed to `email` (a new account's), oldest first. */
  pendingFor(db: Conn, email: string) {
    return db
      .select()
      .from(tagInvitations)
      .where(and(eq(tagInvitations.email, email), isNull(tagInvitations.acceptedAt)))
      .orderBy(asc(tagInvitations.createdAt), asc(tagInvitations.id));
  },

  markAccepted(tx: Tx, id: number) {
    return tx.update(tagInvitations).set({ acceptedAt: new Date() }).where(eq(tagInvitations.id, id));
  },

  remove(tx: Tx, id: number) {
    return tx.delete(tagInvitations).where(eq(tagInvitations.id, id));
  },
};
