import type { AuditAction } from '@toque/contracts/admin';
import type { Conn } from '../client';
import { auditLog } from '../schema';

export interface AuditRecord {
  actorId: string;
  action: AuditAction;
  target: string;
  before?: unknown;
  after?: unknown;
}

/**
 * ADM-07: one row per administrative action — who, what, when, before/after. Shared: the admin
 * and condominium modules both write it, each inside the transaction of the action it records.
 */
export const auditRepository = {
  record(db: Conn, entry: AuditRecord) {
    return db.insert(auditLog).values({
      actorId: entry.actorId,
      action: entry.action,
      target: entry.target,
      before: entry.before ?? null,
      after: entry.after ?? null,
    });
  },
};
