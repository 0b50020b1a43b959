import type { FastifyInstance } from 'fastify';
import { and, asc, count, desc, eq, ilike, inArray, isNull, like, or, sql, type SQL } from 'drizzle-orm';
import { cpfDigits } from '@toque/contracts/cpf';
import type { AuditEntry, Client } from '@toque/contracts/admin';
import { adminMsg, condoMsg } from '@toque/contracts/messages';
import type { AuthUser } from '../../plugins/auth';
import { auditLog, condominiums, tagBatches, tagMembers, tags, unitResidents, users } from '../../db/schema';
import { operatorService } from '../operator/service';
import type { Batch, BatchCodes } from '@toque/contracts/admin';
import { usersRepository } from '../../db/repositories/users';
import { tagsRepository } from '../../db/repositories/tags';
import { Conflict, NotFound } from '../../errors';
import { recordAudit } from './audit';

function firstName(name: string): string {
  return name.trim().split(/\s+/)[0] ?? name;
}

/** `%`, `_` and `\` typed by the admin are matched literally. */
function likeEscape(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/**
 * ADM-03 / ADM-08: a search is CPF digits when it is made of digits and punctuation only
 * ('123.456', '789-09'), else part of a name or e-mail.
 */
export function clientFilter(search: string): SQL | undefined {
  const text = search.trim();
  if (!text) return undefined;
  if (/^[\d.\-/\s]+$/.test(text)) {
    const digits = cpfDigits(text);
    return digits ? like(users.cpfCnpj, `%${digits}%`) : undefined;
  }
  const pattern = `%${likeEscape(text)}%`;
  return or(ilike(users.name, pattern), ilike(users.email, pattern));
}

export function adminService(app: FastifyInstance) {
  const { db } = app;

  async function lockedTag(tx: Parameters<Parameters<typeof db.transaction>[0]>[0], code: string) {
    const tag = await tagsRepository.lockTag(tx, code);
    if (!tag) throw new NotFound(adminMsg.tagNotFound);
    return tag;
  }

  return {
    /** The client list, one page at a time, never loaded whole (ADM-08). */
    async listClients(query: {
      search: string;
      page: number;
      pageSize: number;
    }): Promise<{ total: number; clients: Client[] }> {
      const where = clientFilter(query.search);
      const [{ total } = { total: 0 }] = await db.select({ total: count() }).from(users).where(where);
      const page = await db
        .select({ id: users.id, name: users.name, email: users.email, cpf: users.cpfCnpj, blockedAt: users.blockedAt })
        .from(users)
        .where(where)
        .orderBy(asc(users.createdAt), asc(users.id))
        .limit(query.pageSize)
        .offset((query.page - 1) * query.pageSize);
      const owned = page.length
        ? await db
            .select({
              ownerId: tags.ownerId,
              code: tags.code,
              isActive: tags.isActive,
              productId: tags.productId,
              name: tags.name,
            })
            .from(tags)
            .where(
              and(
                inArray(
                  tags.ownerId,
                  page.map((u) => u.id),
                ),
                isNull(tags.disabledAt),
              ),
            )
            .orderBy(asc(tags.productId), asc(tags.createdAt), asc(tags.code))
        : [];
      return {
        total: Number(total),
        clients: page.map((u) => ({
          user_id: u.id,
          first_name: firstName(u.name),
          cpf: u.cpf,
          email: u.email,
          blocked: !!u.blockedAt,
          qrcodes: owned
            .filter((t) => t.ownerId === u.id)
            .map((t) => ({ code: t.code, is_active: t.isActive, product_id: t.productId, name: t.name })),
        })),
      };
    },

    /** ADM-03 / ADM-06: the active switch. */
    async setStatus(code: string, isActive: boolean, actor: AuthUser) {
      await db.transaction(async (tx) => {
        const tag = await lockedTag(tx, code);
        await tx.update(tags).set({ isActive }).where(eq(tags.code, code));
        await recordAudit(tx, {
          actorId: actor.id,
          action: 'tag.status',
          target: `tag:${code}`,
          before: { is_active: tag.isActive },
          after: { is_active: isActive },
        });
      });
    },

    /** ADM-07: back to unclaimed; members removed; a plate's condominium loses its síndico. */
    async release(code: string, actor: AuthUser) {
      await db.transaction(async (tx) => {
        const tag = await lockedTag(tx, code);
        const members = await tx
          .delete(tagMembers)
          .where(eq(tagMembers.tagCode, code))
          .returning({ userId: tagMembers.userId });
        await tx
          .update(tags)
          .set({ ownerId: null, name: '', importantInfo: '', showInfoToFinder: false })
          .where(eq(tags.code, code));
        await tx.update(condominiums).set({ adminUserId: null }).where(eq(condominiums.tagCode, code));
        await recordAudit(tx, {
          actorId: actor.id,
          action: 'tag.release',
          target: `tag:${code}`,
          before: { ownerId: tag.ownerId, name: tag.name, members: members.map((m) => m.userId) },
          after: { ownerId: null },
        });
      });
    },

    /** ADM-07: hand a tag to another account (by e-mail); members removed. */
    async transfer(code: string, email: string, actor: AuthUser) {
      const target = await usersRepository.findUserByEmail(db, email);
      if (!target) throw new NotFound(adminMsg.userNotFound);
      await db.transaction(async (tx) => {
        const tag = await lockedTag(tx, code);
        if (tag.disabledAt) throw new Conflict(condoMsg.plateDisabled);
        const members = await tx
          .delete(tagMembers)
          .where(eq(tagMembers.tagCode, code))
          .returning({ userId: tagMembers.userId });
        await tx.update(tags).set({ ownerId: target.id }).where(eq(tags.code, code));
        await tx.update(condominiums).set({ adminUserId: target.id }).where(eq(condominiums.tagCode, code));
        await recordAudit(tx, {
          actorId: actor.id,
          action: 'tag.transfer',
          target: `tag:${code}`,
          before: { ownerId: tag.ownerId, members: members.map((m) => m.userId) },
          after: { ownerId: target.id, email: target.email },
        });
      });
    },

    /**
     * ADM-07: a blocked account cannot log in; its token version moves on, so every session ends,
     * and its open sockets (on every process, through the adapter) are closed at once.
     */
    async block(userId: string, blocked: boolean, actor: AuthUser) {
      if (userId === actor.id) throw new Conflict(adminMsg.cannotBlockSelf);
      const [before] = await db.select({ blockedAt: users.blockedAt }).from(users).where(eq(users.id, userId)).limit(1);
      if (!before) throw new NotFound(adminMsg.userNotFound);
      await db.transaction(async (tx) => {
        await tx
          .update(users)
          .set(
            blocked
              ? { blockedAt: before.blockedAt ?? new Date(), tokenVersion: sql`${users.tokenVersion} + 1` }
              : { blockedAt: null },
          )
          .where(eq(users.id, userId));
        await recordAudit(tx, {
          actorId: actor.id,
          action: blocked ? 'user.block' : 'user.unblock',
          target: `user:${userId}`,
          before: { blocked: !!before.blockedAt },
          after: { blocked },
        });
      });
      // Blocked: every process forgets the user's row and the sockets close. Unblocked: the
      // processes forget the row that says blocked; there are no sockets to close.
      await app.sessions.invalidate(userId, { closeSockets: blocked });
    },

    /** ADM-07: remove any unit resident. */
    async removeResident(memberId: number, actor: AuthUser) {
      await db.transaction(async (tx) => {
        const removed = await tx
          .delete(unitResidents)
          .where(eq(unitResidents.id, memberId))
          .returning({ unitId: unitResidents.unitId, userId: unitResidents.userId });
        const row = removed[0];
        if (!row) throw new NotFound(condoMsg.memberNotFound);
        await recordAudit(tx, {
          actorId: actor.id,
          action: 'resident.remove',
          target: `unit:${row.unitId}`,
          before: { memberId, userId: row.userId },
        });
      });
    },

    async audit(query: { page: number; pageSize: number }): Promise<{ total: number; entries: AuditEntry[] }> {
      const [{ total } = { total: 0 }] = await db.select({ total: count() }).from(auditLog);
      const rows = await db
        .select({
          id: auditLog.id,
          actorId: auditLog.actorId,
          actorEmail: users.email,
          action: auditLog.action,
          target: auditLog.target,
          before: auditLog.before,
          after: auditLog.after,
          createdAt: auditLog.createdAt,
        })
        .from(auditLog)
        .leftJoin(users, eq(users.id, auditLog.actorId))
        .orderBy(desc(auditLog.id))
        .limit(query.pageSize)
        .offset((query.page - 1) * query.pageSize);
      return {
        total: Number(total),
        entries: rows.map((r) => ({
          id: r.id,
          actor_id: r.actorId,
          actor_email: r.actorEmail,
          action: r.action,
          target: r.target,
          before: r.before,
          after: r.after,
          created_at: r.createdAt.toISOString(),
        })),
      };
    },

    /** ADM-05: a batch of new unclaimed codes of one product type, minted by this admin. */
    async mint(productId: number, countWanted: number, actor: AuthUser) {
      const { batchId, codes } = await operatorService.mint(db, { productId, count: countWanted, createdBy: actor.id });
      await recordAudit(db, {
        actorId: actor.id,
        action: 'batch.mint',
        target: `batch:${batchId}`,
        after: { productId, count: codes.length },
      });
      return this.batch(batchId);
    },

    async batches(): Promise<Batch[]> {
      const rows = await db
        .select({
          id: tagBatches.id,
          productId: tagBatches.productId,
          count: tagBatches.count,
          createdAt: tagBatches.createdAt,
          email: users.email,
        })
        .from(tagBatches)
        .leftJoin(users, eq(users.id, tagBatches.createdBy))
        .orderBy(desc(tagBatches.id))
        .limit(50);
      return rows.map((r) => ({
        id: r.id,
        product_id: r.productId,
        count: r.count,
        created_at: r.createdAt.toISOString(),
        created_by: r.email,
      }));
    },

    async batch(batchId: number): Promise<BatchCodes> {
      const [row] = await db
        .select({
          id: tagBatches.id,
          productId: tagBatches.productId,
          count: tagBatches.count,
          createdAt: tagBatches.createdAt,
          email: users.email,
        })
        .from(tagBatches)
        .leftJoin(users, eq(users.id, tagBatches.createdBy))
        .where(eq(tagBatches.id, batchId))
        .limit(1);
      if (!row) throw new NotFound(adminMsg.batchNotFound);
      const codes = await db
        .select({ code: tags.code, ownerId: tags.ownerId })
        .from(tags)
        .where(eq(tags.batchId, batchId))
        .orderBy(asc(tags.code));
      return {
        batch: {
          id: row.id,
          product_id: row.productId,
          count: row.count,
          created_at: row.createdAt.toISOString(),
          created_by: row.email,
        },
        codes: codes.map((c) => ({ code: c.code, claimed: c.ownerId !== null })),
      };
    },
  };
}
