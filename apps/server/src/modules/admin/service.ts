import type { PassThrough } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import {
  EXPORT_FILENAME,
  type AuditEntry,
  type ClientsQuery,
  type LabelLayout,
  type AuditQuery,
  type Batch,
  type BatchCodes,
  type Client,
} from '@toque/contracts/admin';
import { adminMsg, condoMsg } from '@toque/contracts/messages';
import { firstName } from '@toque/contracts/names';
import type { Tx } from '../../db/client';
import { auditRepository } from '../../db/repositories/audit';
import { tagMembersRepository } from '../../db/repositories/tag-members';
import { tagsRepository } from '../../db/repositories/tags';
import { usersRepository } from '../../db/repositories/users';
import { Conflict, NotFound } from '../../errors';
import type { AuthUser } from '../../plugins/auth';
import { operatorService } from '../operator/service';
import { tagSwitchedOffMail } from './mail';
import { printSheet } from './print-sheet';
import { adminRepository as repo } from './repository';
import { writeClientsWorkbook } from './spreadsheet';

export function adminService(app: FastifyInstance) {
  const { db } = app;

  async function lockedTag(tx: Tx, code: string) {
    const tag = await tagsRepository.lockTag(tx, code);
    if (!tag) throw new NotFound(adminMsg.tagNotFound);
    return tag;
  }

  return {
    /** The client list, one page at a time, never loaded whole (ADM-08). */
    async listClients(query: ClientsQuery): Promise<{ total: number; clients: Client[] }> {
      const { total, page, owned } = await repo.clients(db, query);
      return {
        total,
        clients: page.map((u) => ({
          user_id: u.id,
          first_name: firstName(u.name),
          name: u.name,
          created_at: u.createdAt.toISOString(),
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
    /**
     * ADM-03 / ADM-10: the switch. Switching off records the reason in the audit row and, in the same
     * transaction, queues the owner's e-mail saying why (a tag already off, or nobody's, mails no one).
     */
    async setStatus(code: string, isActive: boolean, actor: AuthUser, reason?: string) {
      let mailed = false;
      await db.transaction(async (tx) => {
        const tag = await lockedTag(tx, code);
        await repo.setActive(tx, code, isActive);
        await auditRepository.record(tx, {
          actorId: actor.id,
          action: 'tag.status',
          target: `tag:${code}`,
          before: { is_active: tag.isActive },
          after: reason && !isActive ? { is_active: isActive, reason } : { is_active: isActive },
        });
        const owner =
          !isActive && tag.isActive && tag.ownerId ? await usersRepository.findUser(tx, tag.ownerId) : undefined;
        if (owner) {
          await app.mailer.queue(
            tx,
            tagSwitchedOffMail(owner, { code, name: tag.name, productId: tag.productId }, reason),
          );
          mailed = true;
        }
      });
      if (mailed) app.mailer.wake();
    },

    /** ADM-07: back to unclaimed; members removed; a plate's condominium loses its síndico. */
    async release(code: string, actor: AuthUser) {
      await db.transaction(async (tx) => {
        const tag = await lockedTag(tx, code);
        const members = await tagMembersRepository.removeAll(tx, code);
        await repo.release(tx, code);
        await auditRepository.record(tx, {
          actorId: actor.id,
          action: 'tag.release',
          target: `tag:${code}`,
          before: { ownerId: tag.ownerId, name: tag.name, members },
          after: { ownerId: null },
        });
      });
    },

    /**
     * ADM-07: hand a tag to another account (by e-mail); members removed. ACC-08: a tag retired with its
     * owner's account (switched off, no owner) is re-issued this way — switched on again for the person
     * support has checked; a tag its owner deleted stays deleted.
     */
    async transfer(code: string, email: string, actor: AuthUser) {
      const target = await usersRepository.findUserByEmail(db, email);
      if (!target) throw new NotFound(adminMsg.userNotFound);
      await db.transaction(async (tx) => {
        const tag = await lockedTag(tx, code);
        const retired = tag.disabledAt !== null && tag.ownerId === null;
        if (tag.disabledAt && !retired) throw new Conflict(condoMsg.plateDisabled);
        const members = await tagMembersRepository.removeAll(tx, code);
        await repo.transfer(tx, code, target.id, retired);
        await auditRepository.record(tx, {
          actorId: actor.id,
          action: 'tag.transfer',
          target: `tag:${code}`,
          before: { ownerId: tag.ownerId, members, ...(retired ? { retired: true } : {}) },
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
      const before = await repo.blockedAt(db, userId);
      if (!before) throw new NotFound(adminMsg.userNotFound);
      await db.transaction(async (tx) => {
        await repo.setBlocked(tx, userId, blocked ? (before.blockedAt ?? new Date()) : null);
        await auditRepository.record(tx, {
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
        const row = await repo.removeResident(tx, memberId);
        if (!row) throw new NotFound(condoMsg.memberNotFound);
        await auditRepository.record(tx, {
          actorId: actor.id,
          action: 'resident.remove',
          target: `unit:${row.unitId}`,
          before: { memberId, userId: row.userId },
        });
      });
    },

    async audit(query: AuditQuery): Promise<{ total: number; entries: AuditEntry[] }> {
      const { total, rows } = await repo.auditPage(db, query);
      return {
        total,
        entries: rows.map((r) => ({
          id: r.id,
          actor_id: r.actorId,
          actor_email: r.actorEmail,
          actor_name: r.actorName,
          target_owner_name: r.targetOwnerName,
          target_unit_name: r.targetUnitName === null ? null : [r.targetUnitBlock, r.targetUnitName].filter(Boolean).join(' '),
          target_condominium_name: r.targetCondominiumName,
          action: r.action,
          target: r.target,
          before: r.before,
          after: r.after,
          created_at: r.createdAt.toISOString(),
        })),
      };
    },

    /**
     * ADM-05: a batch of new unclaimed codes of one product type, minted by this admin. The batch,
     * its codes and its audit row are written in one transaction: no batch without its row.
     */
    async mint(productId: number, countWanted: number, actor: AuthUser) {
      const batchId = await db.transaction(async (tx) => {
        const minted = await operatorService.mint(tx, { productId, count: countWanted, createdBy: actor.id });
        await auditRepository.record(tx, {
          actorId: actor.id,
          action: 'batch.mint',
          target: `batch:${minted.batchId}`,
          after: { productId, count: minted.codes.length },
        });
        return minted.batchId;
      });
      return this.batch(batchId);
    },

    async batches(): Promise<Batch[]> {
      const rows = await repo.batches(db);
      return rows.map((r) => ({
        id: r.id,
        product_id: r.productId,
        count: r.count,
        created_at: r.createdAt.toISOString(),
        created_by: r.email,
        claimed: r.claimed,
      }));
    },

    /** ADM-11: the batch's print sheet as a PDF (every code of it, claimed or not). */
    async batchPdf(batchId: number, layout: LabelLayout): Promise<Uint8Array> {
      const { batch, codes } = await this.batch(batchId);
      return printSheet(
        codes.map((c) => c.code),
        batch.product_id,
        app.config.publicUrl,
        layout,
      );
    },

    async batch(batchId: number): Promise<BatchCodes> {
      const row = await repo.batch(db, batchId);
      if (!row) throw new NotFound(adminMsg.batchNotFound);
      const codes = await repo.batchCodes(db, batchId);
      return {
        batch: {
          id: row.id,
          product_id: row.productId,
          count: row.count,
          created_at: row.createdAt.toISOString(),
          created_by: row.email,
          claimed: row.claimed,
        },
        codes: codes.map((c) => ({ code: c.code, claimed: c.ownerId !== null })),
      };
    },

    /**
     * ADM-04: the spreadsheet report, audited, then written into `out` as its rows are read (the
     * caller sends `out` meanwhile). A failure half-way goes to `failed`, not to this promise.
     */
    async exportClients(actor: AuthUser, out: PassThrough, failed: (err: unknown) => void) {
      await auditRepository.record(db, { actorId: actor.id, action: 'export.excel', target: EXPORT_FILENAME });
      writeClientsWorkbook(db, out).catch(failed);
    },
  };
}
