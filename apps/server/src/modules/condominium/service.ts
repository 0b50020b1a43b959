import type { FastifyInstance } from 'fastify';
import { CONDOMINIUM_PRODUCT_ID, MEMBERS_PER_UNIT } from '@toque/contracts/constants';
import {
  BULK_REFUSALS_SHOWN,
  BULK_UNITS_MAX,
  bulkMsg,
  type BulkMatch,
  type BulkUnitsResponse,
} from '@toque/contracts/units-bulk';
import { priceWith } from '@toque/contracts/billing';
import { firstName } from '@toque/contracts/names';
import { parseUnitNumber, unitNumber, type MyUnit, type Unit } from '@toque/contracts/condominium';
import { callMsg, condoMsg, tagMsg } from '@toque/contracts/messages';
import type { AuthUser } from '../../plugins/auth';
import type { Db } from '../../db/client';
import { auditRepository } from '../../db/repositories/audit';
import { tagMembersRepository } from '../../db/repositories/tag-members';
import { usersRepository } from '../../db/repositories/users';
import { tagsRepository } from '../../db/repositories/tags';
import { BadRequest, Conflict, Forbidden, NotFound } from '../../errors';
import { unitInvitationsRepository as unitInvitations } from '../../db/repositories/unit-invitations';
import { decodeCsv } from '../../lib/csv-text';
import { planFromCsv, planFromText, unitKey, type UnitPlan } from './bulk-units';
import { unitInvitationMail } from './mail';
import { newTagCode } from '../../lib/codes';
import { condominiumRepository as repo, type UnitRow } from './repository';
import { plateGeofenceRepository } from '../../db/repositories/plate-geofence';
import { geofenceMsg, type PlatePosition, type PlatePositionBody } from '@toque/contracts/geofence';
import { loadBilling } from '../finance/settings';

/** A unit as the síndico reads it: 'Bloco B - 101', or '101' without a block. */
const shownUnit = (block: string | null, name: string) => (block ? `${block} - ${name}` : name);

/**
 * CONDO-19: the condominium's named units by the key they read as (unitKey), each with how it is
 * written. A unit with a temporary name (null) reads as nothing and matches nothing.
 */
function byKey(rows: { id: number; block: string | null; name: string | null }[]) {
  const map = new Map<string, { id: number; shown: string }>();
  for (const row of rows)
    if (row.name !== null) map.set(unitKey(row.block, row.name), { id: row.id, shown: shownUnit(row.block, row.name) });
  return map;
}

/** A code that is neither a tag nor another unit's association code. */
async function freshAssociationCode(db: Db): Promise<string> {
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
    const ids = rows.map((r) => r.unit_id);
    const [residents, invitations] = await Promise.all([repo.residentsOf(db, ids), unitInvitations.pendingOf(db, ids)]);
    const byUnit = <T extends { unitId: number }>(list: T[]) => {
      const map = new Map<number, T[]>();
      for (const item of list) map.set(item.unitId, [...(map.get(item.unitId) ?? []), item]);
      return map;
    };
    const residentsByUnit = byUnit(residents);
    const invitationsByUnit = byUnit(invitations);
    return rows.map((r) => ({
      unit_id: r.unit_id,
      unit_number: unitNumber(r.name, r.association_code),
      condominium_name: r.condominium_name,
      residents: (residentsByUnit.get(r.unit_id) ?? []).map((m) => ({
        user: { first_name: firstName(m.name), user_id: m.userId },
        member_id: m.memberId,
      })),
      block: r.block,
      invitations: (invitationsByUnit.get(r.unit_id) ?? []).map((i) => ({
        id: i.id,
        email: i.email,
        created_at: i.createdAt.toISOString(),
      })),
    }));
  }

  /** CONDO-12: the síndico's input as units; a CSV wins over a pasted list when both come. */
  function readPlan(body: { text?: string; csvBase64?: string; block: string }): UnitPlan {
    if (body.csvBase64) {
      const text = decodeCsv(Buffer.from(body.csvBase64, 'base64'));
      if (text === null) throw new BadRequest(bulkMsg.csvUnreadable);
      return planFromCsv(text);
    }
    return planFromText(body.text ?? '', body.block);
  }

  /** New association codes, none a tag's or another unit's. */
  async function freshCodes(conn: Db, n: number): Promise<string[]> {
    const codes = new Set<string>();
    while (codes.size < n) {
      const batch: string[] = [];
      while (batch.length + codes.size < n) {
        const code = newTagCode();
        if (!codes.has(code) && !batch.includes(code)) batch.push(code);
      }
      const taken = await repo.codesInUse(conn, batch);
      for (const code of batch) if (!taken.has(code)) codes.add(code);
    }
    return [...codes];
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
        await auditRepository.record(tx, {
          actorId: actor.id,
          action: 'condominium.create',
          target: `condominium:${id}`,
          after: { name },
        });
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
        if (condo.adminUserId && condo.adminUserId !== sindico.id)
          throw new Conflict(condoMsg.condominiumHasOtherAdmin);
        if (await repo.condominiumOfPlate(tx, body.qrCode, condo.id))
          throw new Conflict(condoMsg.plateInOtherCondominium);
        if (!plate.ownerId) await tagsRepository.claimTag(tx, plate, sindico.id);
        await repo.attachPlate(tx, condo.id, body.qrCode, sindico.id);
        const name = body.nameOfUnit.trim() || null;
        // CONDO-19: a unit that reads as an existing one ('UNIDADE 101' beside 'Apto 101') is that unit.
        const taken = name === null ? undefined : byKey(await repo.unitNames(tx, condo.id)).get(unitKey(null, name));
        if (taken) throw new Conflict(condoMsg.unitNameTaken(taken.shown));
        const { id } = await repo.insertUnit(tx, { condominiumId: condo.id, name, associationCode });
        // FIN-07: the plate's price counts its units; a charge made for the old count is no longer owed.
        await repo.expireOpenChargesOfPlate(tx, body.qrCode);
        await auditRepository.record(tx, {
          actorId: actor.id,
          action: 'unit.create',
          target: `unit:${id}`,
          after: { condominiumId: condo.id, plate: body.qrCode, sindico: sindico.email, name },
        });
        return id;
      });
    },

    /**
     * CONDO-12: many units at once. Without `confirm`, the preview: what would be created, which
     * e-mails have an account (they join at once) and which get an invitation, every refused line
     * with its reason — nothing written. With `confirm`, all or nothing in one transaction under the
     * condominium's row lock: any refused line, or a unit created meanwhile, refuses the whole step.
     */
    async bulkUnits(
      body: { qrCode: string; block: string; text?: string; csvBase64?: string; confirm: boolean },
      user: AuthUser,
    ): Promise<BulkUnitsResponse> {
      await requirePlate(body.qrCode, user);
      const condo = await repo.condominiumByPlate(db, body.qrCode);
      if (!condo) throw new NotFound(bulkMsg.noCondominium);
      await app.limits.consume('bulkUnitsPerAccount', user.id);
      const plan = readPlan(body);
      const existingRows = await repo.unitNames(db, condo.id);
      const existing = byKey(existingRows);
      const refused = [...plan.refused];
      // CONDO-19: a unit of the list that reads as an existing one is that unit: named in the preview and
      // left as it is (the síndico asked for 101–104 to exist). With e-mails it is refused: residents are
      // added on the unit's own card, where the limit of 3 is counted.
      const matched: BulkMatch[] = [];
      const units = plan.units.filter((u) => {
        const same = existing.get(unitKey(u.block, u.name));
        if (!same) return true;
        if (u.emails.length > 0) refused.push({ line: u.line, text: u.text, reason: bulkMsg.existsWithEmails(same.shown) });
        else matched.push({ line: u.line, name: shownUnit(u.block, u.name), existing: same.shown });
        return false;
      });
      refused.sort((a, b) => a.line - b.line);
      if (units.length > BULK_UNITS_MAX) throw new BadRequest(bulkMsg.tooManyUnits);
      if (units.length === 0 && refused.length === 0 && matched.length === 0) throw new BadRequest(bulkMsg.nothing);
      // FIN-07: a plate pays per unit; the síndico sees the monthly price the new units make before confirming.
      const prices = await loadBilling(db);
      const monthly = (n: number) => priceWith(prices, CONDOMINIUM_PRODUCT_ID, 'monthly', n);
      const emails = [...new Set(units.flatMap((u) => u.emails))];
      const accounts = new Map((await repo.usersByEmails(db, emails)).map((a) => [a.email, a.id]));
      const preview = units.map((u) => ({
        block: u.block,
        name: u.name,
        emails: u.emails.map((email) => ({ email, has_account: accounts.has(email) })),
      }));
      const result = {
        units: preview,
        refused: refused.slice(0, BULK_REFUSALS_SHOWN),
        refused_total: refused.length,
        matched: matched.slice(0, BULK_REFUSALS_SHOWN),
        matched_total: matched.length,
        current_monthly_cents: monthly(existingRows.length),
        new_monthly_cents: monthly(existingRows.length + units.length),
        created: 0,
        residents_added: 0,
        invitations_sent: 0,
        message: '',
      };
      if (!body.confirm) return result;
      if (refused.length > 0) throw new Conflict(bulkMsg.hasRefused);
      if (units.length === 0) throw new BadRequest(bulkMsg.nothing);

      const sindico = await usersRepository.findUser(db, user.id);
      const written = await db.transaction(async (tx) => {
        const locked = await repo.lockCondominiumOfPlate(tx, body.qrCode);
        if (!locked) throw new NotFound(bulkMsg.noCondominium);
        // The plate's row next (the order createUnit takes): a payment of the plate, which locks it first
        // and then counts the units, waits for these units instead of counting around them (SEC-08).
        await tagsRepository.lockTag(tx, body.qrCode);
        const now = byKey(await repo.unitNames(tx, locked.id));
        if (units.some((u) => now.has(unitKey(u.block, u.name)))) throw new Conflict(bulkMsg.changed);
        const codes = await freshCodes(tx, units.length);
        const rows = units.map((u, i) => ({
          condominiumId: locked.id,
          name: u.name,
          block: u.block,
          associationCode: codes[i]!,
        }));
        const inserted = [];
        for (let i = 0; i < rows.length; i += 500)
          inserted.push(...(await repo.insertUnits(tx, rows.slice(i, i + 500))));
        const idOf = new Map(inserted.map((r) => [unitKey(r.block, r.name ?? ''), r.id]));
        const residents: { unitId: number; userId: string }[] = [];
        const invites: { unitId: number; email: string; invitedBy: string; unit: string }[] = [];
        for (const u of units) {
          const unitId = idOf.get(unitKey(u.block, u.name))!;
          for (const email of u.emails) {
            const account = accounts.get(email);
            if (account) residents.push({ unitId, userId: account });
            else invites.push({ unitId, email, invitedBy: user.id, unit: u.block ? `${u.block} - ${u.name}` : u.name });
          }
        }
        await repo.addResidents(tx, residents);
        await unitInvitations.insertMany(
          tx,
          invites.map(({ unitId, email, invitedBy }) => ({ unitId, email, invitedBy })),
        );
        for (const invite of invites) {
          await app.mailer.queue(
            tx,
            unitInvitationMail(
              invite.email,
              { sindicoName: sindico?.name ?? '', condominium: locked.name, unit: invite.unit },
              app.config.publicUrl,
            ),
          );
        }
        // FIN-07: the plate's open charges priced the old unit count; the next one prices every unit.
        await repo.expireOpenChargesOfPlate(tx, body.qrCode);
        await auditRepository.record(tx, {
          actorId: user.id,
          action: 'units.bulk_create',
          target: `condominium:${locked.id}`,
          after: { units: units.length, residents: residents.length, invitations: invites.length },
        });
        return { residents: residents.length, invitations: invites.length };
      });
      if (written.invitations > 0) app.mailer.wake();
      return {
        ...result,
        created: units.length,
        residents_added: written.residents,
        invitations_sent: written.invitations,
        message: bulkMsg.created(units.length),
      };
    },

    /**
     * CONDO-14: a resident by e-mail. An account joins at once; an e-mail without one gets an
     * invitation (mail queue) that joins the unit at sign-up. Residents and pending invitations
     * together stay within 3, counted under the unit's row lock.
     */
    async inviteResident(unitId: number, email: string, user: AuthUser): Promise<'resident' | 'invitation'> {
      const unit = await requireUnit(unitId, user);
      await app.limits.consume('unitInvitationsPerAccount', user.id);
      const target = await usersRepository.findUserByEmail(db, email);
      const sindico = await usersRepository.findUser(db, user.id);
      const condo = unit.tagCode ? await repo.condominiumByPlate(db, unit.tagCode) : undefined;
      const outcome = await db.transaction(async (tx) => {
        const locked = await repo.lockUnit(tx, unitId);
        if (!locked) throw new NotFound(condoMsg.unitNotFound);
        const residents = await repo.residentsOf(tx, [unitId]);
        const pending = await unitInvitations.countPending(tx, unitId);
        if (target && residents.some((r) => r.userId === target.id)) throw new Conflict(bulkMsg.alreadyResident);
        const previous = target ? undefined : await unitInvitations.find(tx, unitId, email);
        if (previous && !previous.acceptedAt) throw new Conflict(bulkMsg.alreadyInvited);
        if (residents.length + pending >= MEMBERS_PER_UNIT) throw new Conflict(tagMsg.unitFull);
        if (target) {
          await repo.addResidents(tx, [{ unitId, userId: target.id }]);
          return 'resident' as const;
        }
        // An accepted invitation of an account deleted since: the new one replaces it.
        if (previous) await unitInvitations.remove(tx, previous.id);
        await unitInvitations.insertMany(tx, [{ unitId, email, invitedBy: user.id }]);
        const unitName = locked.name ?? callMsg.temporaryUnit;
        await app.mailer.queue(
          tx,
          unitInvitationMail(
            email,
            {
              sindicoName: sindico?.name ?? '',
              condominium: condo?.name ?? '',
              unit: locked.block ? `${locked.block} - ${unitName}` : unitName,
            },
            app.config.publicUrl,
          ),
        );
        return 'invitation' as const;
      });
      if (outcome === 'invitation') app.mailer.wake();
      return outcome;
    },

    /** CONDO-14: the síndico revokes a pending invitation. */
    async cancelInvitation(id: number, user: AuthUser) {
      const invitation = await unitInvitations.withPlate(db, id);
      if (!invitation?.tagCode || invitation.acceptedAt) throw new NotFound(bulkMsg.invitationNotFound);
      await requirePlate(invitation.tagCode, user);
      await unitInvitations.remove(db, id);
    },

    /** CONDO-02 / CONDO-07: the plate's units, sorted by unit_id, with their residents. */
    async units(qrCode: string, user: AuthUser) {
      await requirePlate(qrCode, user);
      return withResidents(await repo.unitsOfPlate(db, qrCode));
    },

    /**
     * CONDO-04 / CONDO-19: a new name, never one that reads as another unit's of the same block (a 409);
     * checked and written under the condominium's row lock, like every creation of units.
     */
    async renameUnit(unitId: number, name: string, user: AuthUser) {
      const unit = await requireUnit(unitId, user);
      await db.transaction(async (tx) => {
        await repo.lockCondominium(tx, unit.condominiumId);
        const taken = byKey((await repo.unitNames(tx, unit.condominiumId)).filter((u) => u.id !== unitId)).get(
          unitKey(unit.block, name),
        );
        if (taken) throw new Conflict(condoMsg.unitNameTaken(taken.shown));
        await repo.renameUnit(tx, unitId, name);
      });
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

    /** CONDO-17: where the plate hangs and whether a call needs the visitor there (the síndico's or an administrator's view). */
    async platePosition(qrCode: string, user: AuthUser): Promise<PlatePosition> {
      const plate = await requirePlate(qrCode, user);
      const fence = await plateGeofenceRepository.ofPlate(db, plate.code);
      if (!fence) throw new NotFound(geofenceMsg.noCondominium);
      return { latitude: fence.latitude, longitude: fence.longitude, required: fence.required, radius_m: fence.radiusM };
    },

    /** CONDO-17: the síndico places the plate (or takes its position away); the change and its audit row in one transaction. */
    async setPlatePosition(body: PlatePositionBody, user: AuthUser): Promise<PlatePosition> {
      const plate = await requirePlate(body.qrCode, user);
      const fence = { latitude: body.latitude, longitude: body.longitude, required: body.required, radiusM: body.radiusM };
      return db.transaction(async (tx) => {
        const before = await plateGeofenceRepository.lockOfPlate(tx, plate.code);
        if (!before) throw new NotFound(geofenceMsg.noCondominium);
        await plateGeofenceRepository.set(tx, before.id, fence);
        await auditRepository.record(tx, {
          actorId: user.id,
          action: 'plate.position',
          target: `condominium:${before.id}`,
          before: { latitude: before.latitude, longitude: before.longitude, required: before.required, radiusM: before.radiusM },
          after: fence,
        });
        return { latitude: fence.latitude, longitude: fence.longitude, required: fence.required, radius_m: fence.radiusM };
      });
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
