import type { FastifyInstance } from 'fastify';
import { CONDOMINIUM_PRODUCT_ID } from '@toque/contracts/constants';
import { firstName } from '@toque/contracts/names';
import { parseUnitNumber, unitNumber, type MyUnit, type Unit } from '@toque/contracts/condominium';
import { condoMsg, tagMsg } from '@toque/contracts/messages';
import type { AuthUser } from '../../plugins/auth';
import type { Db } from '../../db/client';
import { auditRepository } from '../../db/repositories/audit';
import { tagMembersRepository } from '../../db/repositories/tag-members';
import { usersRepository } from '../../db/repositories/users';
import { tagsRepository } from '../../db/repositories/tags';
import { Conflict, Forbidden, NotFound } from '../../errors';
import { newTagCode } from '../../lib/codes';
import { condominiumRepository as repo, type UnitRow } from './repository';

/** A code that is neither a tag nor another unit's association code. */
export async function freshAssociationCode(db: Db): Promise<string> {
  for (;;) {
    const code = newTagCode();
    if (!(await repo.codeInUse(db, code))) return code;
  }
}

export function condominiumService(app: FastifyInstance) {
  const { db } = app;

  /** CONDO-01 / SEC-02: only the plate's owner (the síndico) — or an administrator — acts on its units. */
  async function requirePlate(qrCode: string, user: AuthUser) {
    const tag = await tagsRepository.findTag(db, qrCode);
    if (!tag || tag.disabledAt) throw new NotFound(condoMsg.plateNotFound);
    if (tag.productId !== CONDOMINIUM_PRODUCT_ID) throw new Conflict(condoMsg.notAPlate);
    if (!user.isAdmin && tag.ownerId !== user.id) throw new Forbidden(condoMsg.notPlateOwner);
    return tag;
  }

  async function requireUnit(unitId: number, user: AuthUser) {
    const unit = await repo.unitWithPlate(db, unitId);
    if (!unit?.tagCode) throw new NotFound(condoMsg.unitNotFound);
    await requirePlate(unit.tagCode, user);
    return unit;
  }

  async function withResidents(rows: UnitRow[]): Promise<Unit[]> {
    const residents = await repo.residentsOf(
      db,
      rows.map((r) => r.unit_id),
    );
    return rows.map((r) => ({
      unit_id: r.unit_id,
      unit_number: unitNumber(r.name, r.association_code),
      condominium_name: r.condominium_name,
      residents: residents
        .filter((m) => m.unitId === r.unit_id)
        .map((m) => ({ user: { first_name: firstName(m.name), user_id: m.userId }, member_id: m.memberId })),
    }));
  }

  return {
    /** CONDO-11: the resident's own view of their units (first names only; the plate's code, which is printed on the door). */
    async myUnits(userId: string): Promise<MyUnit[]> {
      const rows = (await repo.unitsOfResident(db, userId)).filter((r) => r.plateCode !== null);
      const residents = await repo.residentsOf(
        db,
        rows.map((r) => r.unitId),
      );
      return rows.map((r) => ({
        plate_code: r.plateCode!,
        condominium_name: r.condominium,
        unit_id: r.unitId,
        unit_name: r.unitName,
        residents: residents
          .filter((m) => m.unitId === r.unitId)
          .map((m) => ({ first_name: firstName(m.name), is_me: m.userId === userId })),
      }));
    },

    async createCondominium(name: string, actor: AuthUser) {
      return db.transaction(async (tx) => {
        const { id } = await repo.insertCondominium(tx, name);
        await auditRepository.record(tx, { actorId: actor.id, action: 'condominium.create', target: `condominium:${id}`, after: { name } });
        return id;
      });
    },

    /**
     * ADM-02: one unit of a condominium under its plate. The síndico (found by e-mail) becomes the
     * plate's owner; the plate must be unclaimed or already the síndico's, and belong to no other
     * condominium. The condominium's row and the plate's row are locked in that order, so concurrent
     * activations of one plate serialise: one condominium gets it, the other a 409.
     */
    async createUnit(
      body: { condominiumId: number; qrCode: string; nameOfUnit: string; emailAdminCond: string },
      actor: AuthUser,
    ) {
      const sindico = await usersRepository.findUserByEmail(db, body.emailAdminCond);
      if (!sindico) throw new NotFound(condoMsg.adminEmailNotFound);
      const associationCode = await freshAssociationCode(db);
      return db.transaction(async (tx) => {
        const condo = await repo.lockCondominium(tx, body.condominiumId);
        if (!condo) throw new NotFound(condoMsg.condominiumNotFound);
        const plate = await tagsRepository.lockTag(tx, body.qrCode);
        if (!plate) throw new NotFound(condoMsg.plateNotFound);
        if (plate.productId !== CONDOMINIUM_PRODUCT_ID) throw new Conflict(condoMsg.notAPlate);
        if (plate.disabledAt) throw new Conflict(condoMsg.plateDisabled);
        if (plate.ownerId && plate.ownerId !== sindico.id) throw new Conflict(condoMsg.plateTaken);
        if (condo.tagCode && condo.tagCode !== body.qrCode) throw new Conflict(condoMsg.condominiumHasOtherPlate);
        if (condo.adminUserId && condo.adminUserId !== sindico.id) throw new Conflict(condoMsg.condominiumHasOtherAdmin);
        if (await repo.condominiumOfPlate(tx, body.qrCode, condo.id)) throw new Conflict(condoMsg.plateInOtherCondominium);
        if (!plate.ownerId) await tagsRepository.claimTag(tx, plate, sindico.id);
        await repo.attachPlate(tx, condo.id, body.qrCode, sindico.id);
        const name = body.nameOfUnit.trim() || null;
        const { id } = await repo.insertUnit(tx, { condominiumId: condo.id, name, associationCode });
        await auditRepository.record(tx, {
          actorId: actor.id,
          action: 'unit.create',
          target: `unit:${id}`,
          after: { condominiumId: condo.id, plate: body.qrCode, sindico: sindico.email, name },
        });
        return id;
      });
    },

    /** CONDO-02 / CONDO-07: the plate's units, sorted by unit_id, with their residents. */
    async units(qrCode: string, user: AuthUser) {
      await requirePlate(qrCode, user);
      return withResidents(await repo.unitsOfPlate(db, qrCode));
    },

    async renameUnit(unitId: number, name: string, user: AuthUser) {
      await requireUnit(unitId, user);
      await repo.renameUnit(db, unitId, name);
    },

    /**
     * CONDO-04: removing a Morador. `unit_number` must name the resident's unit (its association
     * code after the dash), so a stale screen cannot remove someone from another unit. An
     * administrator's removal is audited (ADM-07) in the same transaction: no removal without its row.
     */
    async removeResident(memberId: number, unitNumberText: string | undefined, user: AuthUser) {
      const resident = await repo.residentWithUnit(db, memberId);
      if (!resident?.tagCode) throw new NotFound(condoMsg.memberNotFound);
      await requirePlate(resident.tagCode, user);
      if (unitNumberText !== undefined && parseUnitNumber(unitNumberText).code !== resident.associationCode) {
        throw new NotFound(condoMsg.memberNotFound);
      }
      await db.transaction(async (tx) => {
        await repo.deleteResident(tx, memberId);
        if (user.isAdmin) {
          await auditRepository.record(tx, {
            actorId: user.id,
            action: 'resident.remove',
            target: `unit:${resident.unitId}`,
            before: { memberId: resident.memberId, userId: resident.userId },
          });
        }
      });
    },

    /** CONDO-08: a new association code; the old one stops working at once. */
    async regenerateCode(unitId: number, user: AuthUser) {
      const unit = await requireUnit(unitId, user);
      const code = await freshAssociationCode(db);
      await repo.setAssociationCode(db, unitId, code);
      return unitNumber(unit.name, code);
    },

    /** CONDO-09: a member leaves a shared tag; a resident leaves the units under a plate. */
    async leave(code: string, userId: string) {
      const tag = await tagsRepository.findTag(db, code);
      if (!tag) throw new NotFound(tagMsg.tagNotFound);
      if (tag.ownerId === userId) throw new Conflict(condoMsg.ownerCannotLeave);
      const removed = await db.transaction(async (tx) => {
        const members = await tagMembersRepository.remove(tx, code, userId);
        const residencies = await repo.leaveUnitsOfPlate(tx, code, userId);
        return members + residencies.length;
      });
      if (removed === 0) throw new NotFound(condoMsg.notMember);
    },
  };
}
