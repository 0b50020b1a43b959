import type { AuditAction } from '@toque/contracts/admin';
import type { Db, Tx } from '../../db/client';
import { auditLog } from '../../db/schema';

/** ADM-07: one row per administrative action — who, what, when, before/after. */
export function recordAudit(
  db: Db | Tx,
  entry: { actorId: string; action: AuditAction; target: string; before?: unknown; after?: unknown },
) {
  return db.insert(auditLog).values({
    actorId: entry.actorId,
    action: entry.action,
    target: entry.target,
    before: entry.before ?? null,
    after: entry.after ?? null,
  });
}
