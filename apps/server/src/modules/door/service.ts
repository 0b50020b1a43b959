import { createHash, randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { CONDOMINIUM_PRODUCT_ID, DAY_MS } from '@toque/contracts/constants';
import {
  DELIVERY_PHOTO_ATTEMPTS,
  DELIVERY_PHOTO_WINDOW_MS,
  deliveryCompanyLabel,
  doorMsg,
  doorUi,
  PASS_LIST_DAYS,
  PASS_MAX_MS,
  PASS_START_GRACE_MS,
  passUrl,
  type CreateDeliveryBody,
  type CreatePassBody,
  type CreatePassResponse,
  type Delivery,
  type DeliveryCompany,
  type DeliveryEvent,
  type PassLookup,
  type PlateDelivery,
  type PassStatus,
  type VisitorPass,
} from '@toque/contracts/door';
import { callMsg, condoMsg, photoMsg } from '@toque/contracts/messages';
import { firstName } from '@toque/contracts/names';
import { paths } from '@toque/contracts/routes';
import { brasiliaClock, brasiliaIsoDay } from '@toque/contracts/time-format';
import { tagsRepository } from '../../db/repositories/tags';
import { gateControllersRepository, unitMayOpen } from '../../db/repositories/gate-controllers';
import { passTokenHash, visitorPassesRepository, type VisitorPassRow } from '../../db/repositories/visitor-passes';
import { unitResidentsRepository as residentsRepo } from '../../db/repositories/unit-residents';
import { BadRequest, Conflict, Forbidden, NotFound, ServiceUnavailable } from '../../errors';
import { PhotoRejected } from '../../lib/photo';
import { clientKey } from '../../lib/client-address';
import { isTagCodeShape } from '../../lib/codes';
import type { AuthUser } from '../../plugins/auth';
import { userRoom } from '../../plugins/realtime';
import { notCallableMessage, tagState } from '../calls/tag-state';
import { doorRepository as repo, type DeliveryRow } from './repository';

/** A resident's list: the deliveries of the last days (the history keeps calls longer; a package is fetched within days). */
const UNIT_DELIVERY_DAYS = 30;
const UNIT_DELIVERY_LIMIT = 100;
const PLATE_DAY_LIMIT = 1000;


/** Midnight of today in Brasília (UTC−3 all year since 2019: Brazil has no summer time any more). */
export function brasiliaMidnight(now: Date): Date {
  return new Date(`${brasiliaIsoDay.format(now)}T00:00:00-03:00`);
}

/** CONDO-16: where a pass stands at `now`; the window is closed at both ends (from ≤ now ≤ until). */
export function passStatusAt(
  pass: Pick<VisitorPassRow, 'validFrom' | 'validUntil' | 'revokedAt'>,
  now: Date,
): PassStatus {
  if (pass.revokedAt) return 'revoked';
  if (now.getTime() < pass.validFrom.getTime()) return 'upcoming';
  if (now.getTime() > pass.validUntil.getTime()) return 'expired';
  return 'active';
}

type DeliveryWithNames = {
  delivery: DeliveryRow;
  hasPhoto: boolean;
  unitName: string | null;
  block: string | null;
  collectorName: string | null;
};

const photoTokenHash = (token: string) => createHash('sha256').update(token).digest('hex');

function toDelivery({ delivery: d, hasPhoto, unitName, block, collectorName }: DeliveryWithNames): Delivery {
  return {
    id: d.id,
    unitId: d.unitId,
    unitName: unitName ?? callMsg.temporaryUnit,
    block,
    company: d.company as DeliveryCompany,
    companyLabel: deliveryCompanyLabel(d.company as DeliveryCompany, d.companyOther),
    createdAt: d.createdAt.toISOString(),
    collectedAt: d.collectedAt?.toISOString() ?? null,
    collectedBy: d.collectedAt ? (collectorName ? firstName(collectorName) : '') : null,
    hasPhoto: !!hasPhoto,
  };
}

function toPass(p: VisitorPassRow, now: Date): VisitorPass {
  return {
    id: p.id,
    unitId: p.unitId,
    visitorName: p.visitorName,
    validFrom: p.validFrom.toISOString(),
    validUntil: p.validUntil.toISOString(),
    status: passStatusAt(p, now),
    revokedAt: p.revokedAt?.toISOString() ?? null,
    canOpenGate: p.canOpenGate,
  };
}

export type DoorService = ReturnType<typeof doorService>;

/**
 * CONDO-15 deliveries and CONDO-16 expected visitors (docs/decisions/0045). A unit's deliveries and
 * passes are its residents' alone: anyone else meets 404, as if the unit had none.
 */
export function doorService(app: FastifyInstance, background: (work: () => Promise<unknown>) => void) {
  const { db, config } = app;

  async function findPlate(rawCode: string) {
    const code = rawCode.trim().toUpperCase();
    const tag = isTagCodeShape(code) ? await tagsRepository.findTag(db, code) : undefined;
    if (!tag) throw new NotFound(callMsg.tagNotFound);
    return tag;
  }

  async function requireResident(unitId: number, userId: string) {
    if (!(await residentsRepo.includes(db, unitId, userId))) throw new NotFound(condoMsg.unitNotFound);
  }

  function toResidents(userIds: string[]) {
    return userIds.length === 0 ? null : app.io.to(userIds.map(userRoom));
  }

  return {
    /**
     * CONDO-15: the courier's notice — no call. Limited like a call: per address first, then per
     * plate and address (a flood from one place spends its own budget, never the plate's).
     */
    async deliver(
      rawCode: string,
      ip: string,
      body: CreateDeliveryBody,
    ): Promise<{ delivery: Delivery; photoToken: string }> {
      const client = clientKey(ip);
      await app.limits.consume('callPerAddress', client);
      const tag = await findPlate(rawCode);
      const state = tagState(tag);
      if (state !== 'active')
        throw new Conflict(notCallableMessage(tag, state));
      if (tag.productId !== CONDOMINIUM_PRODUCT_ID) throw new Conflict(doorMsg.notAPlate);
      await app.limits.consume('deliveryPerTagAddress', `${tag.code}|${client}`);
      const unit = await repo.unitOfPlate(db, tag.code, body.unitId);
      if (!unit) throw new BadRequest(callMsg.unitRequired);
      const residents = await residentsRepo.ids(db, unit.id);
      if (residents.length === 0) throw new Conflict(callMsg.unitEmpty);
      // The courier's one chance to attach the package's photo: 128 random bits, only their hash kept.
      const photoToken = randomBytes(16).toString('base64url');
      const photo = { photoTokenHash: photoTokenHash(photoToken), photoTokenExpiresAt: new Date(Date.now() + DELIVERY_PHOTO_WINDOW_MS) };
      const row = await repo.insertDelivery(db, {
        unitId: unit.id,
        company: body.company,
        companyOther: body.company === 'outra' ? (body.companyOther ?? null) : null,
        requestKey: body.requestKey ?? null,
        ...photo,
      });
      if (!row) {
        // The same form sent again after its answer was lost: the same delivery, told to nobody twice.
        const again = await repo.retried(db, unit.id, body.requestKey!, photo);
        const found = again && (await repo.delivery(db, again.id));
        if (!found) throw new NotFound(doorMsg.deliveryNotFound);
        // A photo already there: the token answered is one nothing accepts (the photo is sent once).
        return { delivery: toDelivery(found), photoToken: again.tokenRenewed ? photoToken : randomBytes(16).toString('base64url') };
      }
      const found = await repo.delivery(db, row.id);
      const delivery = toDelivery(found!);
      const text = doorUi.deliveryNotice(delivery.companyLabel, brasiliaClock.format(row.createdAt));
      const event: DeliveryEvent = { ...delivery, text };
      toResidents(residents)?.emit('delivery', event);
      background(() =>
        app.push.notify(residents, { type: 'delivery', delivery: event, text, url: paths.myUnit(unit.id) }),
      );
      return { delivery, photoToken };
    },

    /**
     * CONDO-15: the package's photo, from the courier who left the notice (its one-time token, within
     * DELIVERY_PHOTO_WINDOW_MS, once). Re-encoded like a tag's photo (no metadata, ≤ 1024 px); the
     * unit's open screens learn it is there. Anything else is one 404, whatever the reason.
     */
    async checkPhotoToken(id: number, token: string | undefined): Promise<string> {
      if (!token || !/^[A-Za-z0-9_-]{22}$/.test(token) || !Number.isSafeInteger(id) || id <= 0 || id > 2_147_483_647) {
        throw new NotFound(doorMsg.photoRefused);
      }
      const hash = photoTokenHash(token);
      if (!(await repo.photoTokenMatches(db, id, hash, new Date()))) throw new NotFound(doorMsg.photoRefused);
      return hash;
    },

    async attachPhoto(id: number, token: string | undefined, file: Buffer): Promise<void> {
      // The token is checked before the (costly) decoding — and by the route before the body is read —
      // and again by the update that spends it.
      const hash = await this.checkPhotoToken(id, token);
      // SEC-09: each upload takes one of the token's attempts before it is decoded; the last one
      // spends the token whatever its outcome. A courier with a bad file tries again; whoever holds
      // the token gets DELIVERY_PHOTO_ATTEMPTS decodes, not an unbounded number.
      const attempt = await repo.takePhotoAttempt(db, id, hash, new Date());
      if (attempt === undefined) throw new NotFound(doorMsg.photoRefused);
      let photo;
      try {
        photo = await app.photos.reencode(file);
      } catch (error) {
        // A full queue decoded nothing: the attempt is given back.
        if (error instanceof ServiceUnavailable) {
          await repo.returnPhotoAttempt(db, id, hash);
          throw error;
        }
        if (attempt >= DELIVERY_PHOTO_ATTEMPTS) await repo.spendPhotoToken(db, id, hash);
        if (error instanceof PhotoRejected) throw new BadRequest(photoMsg[error.reason]);
        throw error;
      }
      const attached = await repo.attachPhoto(db, id, hash, photo.webp, new Date());
      if (!attached) throw new NotFound(doorMsg.photoRefused);
      const delivery = toDelivery((await repo.delivery(db, id))!);
      toResidents(await residentsRepo.ids(db, attached.unitId))?.emit('delivery-photo', delivery);
    },

    /** CONDO-15: the photo, for a resident of the delivery's unit only (anyone else: 404, as if none). */
    async photo(id: number, userId: string): Promise<Buffer> {
      const found = await repo.photo(db, id);
      if (!found?.webp || !(await residentsRepo.includes(db, found.unitId, userId)))
        throw new NotFound(photoMsg.notFound);
      return found.webp;
    },

    /** CONDO-15: the unit's deliveries of the last days, for its residents. */
    async unitDeliveries(unitId: number, userId: string): Promise<Delivery[]> {
      await requireResident(unitId, userId);
      const rows = await repo.unitDeliveries(
        db,
        unitId,
        new Date(Date.now() - UNIT_DELIVERY_DAYS * DAY_MS),
        UNIT_DELIVERY_LIMIT,
      );
      return rows.map(toDelivery);
    },

    /** CONDO-15: one resident marks it 'retirada'; every resident's open screen learns who and when. */
    async collect(id: number, userId: string): Promise<Delivery> {
      const found = await repo.delivery(db, id);
      if (!found || !(await residentsRepo.includes(db, found.delivery.unitId, userId)))
        throw new NotFound(doorMsg.deliveryNotFound);
      if (!(await repo.collect(db, id, userId, new Date()))) throw new Conflict(doorMsg.alreadyCollected);
      const delivery = toDelivery((await repo.delivery(db, id))!);
      toResidents(await residentsRepo.ids(db, delivery.unitId))?.emit('delivery-collected', delivery);
      return delivery;
    },

    /** CONDO-15: the síndico's (the plate's owner's) list of the day, every unit, no photo. */
    async plateToday(rawCode: string, user: AuthUser): Promise<PlateDelivery[]> {
      const tag = await findPlate(rawCode);
      if (tag.productId !== CONDOMINIUM_PRODUCT_ID) throw new NotFound(doorMsg.notAPlate);
      if (tag.ownerId !== user.id && !user.isAdmin) throw new Forbidden(doorMsg.plateNotYours);
      const rows = await repo.plateDeliveries(db, tag.code, brasiliaMidnight(new Date()), PLATE_DAY_LIMIT);
      // No photo of any unit's package reaches the síndico's list, nor a word of one.
      return rows.map((row) => {
        const { hasPhoto: _hasPhoto, ...rest } = toDelivery(row);
        return rest;
      });
    },

    /**
     * CONDO-16: a pass for a visitor: from ≤ until, at most 7 days long, not ending in the past and
     * not starting before now (a few minutes of the phone's clock allowed). The token exists in
     * this answer only.
     */
    async createPass(unitId: number, userId: string, body: CreatePassBody): Promise<CreatePassResponse> {
      await requireResident(unitId, userId);
      const unit = await repo.unitWithPlate(db, unitId);
      if (!unit?.plateCode) throw new NotFound(condoMsg.unitNotFound);
      await app.limits.consume('passesPerAccount', userId);
      const from = new Date(body.validFrom);
      const until = new Date(body.validUntil);
      const now = Date.now();
      if (until.getTime() <= from.getTime()) throw new BadRequest(doorMsg.passBackwards);
      if (until.getTime() - from.getTime() > PASS_MAX_MS) throw new BadRequest(doorMsg.passTooLong);
      if (from.getTime() < now - PASS_START_GRACE_MS) throw new BadRequest(doorMsg.passInPast);
      // 192 random bits: a pass cannot be guessed; only its hash is stored.
      const token = randomBytes(24).toString('base64url');
      const row = await repo.insertPass(db, {
        unitId,
        createdBy: userId,
        visitorName: body.visitorName,
        validFrom: from,
        validUntil: until,
        tokenHash: passTokenHash(token),
        canOpenGate: body.canOpenGate ?? false,
      });
      return {
        ...toPass(row, new Date()),
        token,
        url: passUrl(config.publicUrl, unit.plateCode.trim(), token),
        message: doorMsg.passCreated,
      };
    },

    async listPasses(unitId: number, userId: string): Promise<VisitorPass[]> {
      await requireResident(unitId, userId);
      const now = new Date();
      return (await repo.unitPasses(db, unitId, new Date(now.getTime() - PASS_LIST_DAYS * DAY_MS))).map((p) =>
        toPass(p, now),
      );
    },

    async revokePass(id: number, userId: string) {
      const pass = await repo.pass(db, id);
      if (!pass || !(await residentsRepo.includes(db, pass.unitId, userId))) throw new NotFound(doorMsg.passNotFound);
      if (!(await repo.revokePass(db, id, new Date()))) throw new Conflict(doorMsg.passAlreadyRevoked);
    },

    /**
     * CONDO-16: the plate's page opened through a pass link. Unknown, another plate's, expired and
     * revoked passes say so (the page still works as usual); only an active one names the unit.
     */
    async lookupPass(rawCode: string, ip: string, token: string): Promise<PassLookup> {
      await app.limits.consume('tagViewPerAddress', clientKey(ip));
      const tag = await findPlate(rawCode);
      const pass = await visitorPassesRepository.byTokenOnPlate(db, token, tag.code);
      if (!pass) return { status: 'unknown', unitId: null, visitorName: null, validFrom: null, validUntil: null, canOpenGate: false };
      const status = passStatusAt(pass, new Date());
      const shown = status === 'active' || status === 'upcoming';
      // CONDO-18: the link offers to open the gate only while the pass is active, allowed by its
      // resident (still living there), on a plate whose gate is on and the unit not excluded.
      const gate = status === 'active' && pass.canOpenGate ? await gateControllersRepository.ofPlate(db, tag.code) : undefined;
      const canOpenGate =
        !!gate &&
        unitMayOpen(gate.controller, pass.unitId) &&
        !!pass.createdBy &&
        (await residentsRepo.includes(db, pass.unitId, pass.createdBy));
      return {
        canOpenGate,
        status,
        unitId: status === 'active' ? pass.unitId : null,
        visitorName: shown ? pass.visitorName : null,
        validFrom: status === 'upcoming' ? pass.validFrom.toISOString() : null,
        validUntil: status === 'active' ? pass.validUntil.toISOString() : null,
      };
    },
  };
}
