import type { FastifyInstance } from 'fastify';
import type { Conn } from '../../db/client';
import { CONDOMINIUM_PRODUCT_ID } from '@toque/contracts/constants';
import {
  GATE_LOG_LIMIT,
  GATE_SECRET_MIN,
  gateMsg,
  gateUi,
  type GateAvailability,
  type GateEvent,
  type GateOpening,
  type GateResult,
  type GateSettings,
  type GateSettingsBody,
} from '@toque/contracts/gate';
import { callMsg } from '@toque/contracts/messages';
import { firstName } from '@toque/contracts/names';
import { gateControllersRepository, unitMayOpen, type GateControllerRow } from '../../db/repositories/gate-controllers';
import { tagsRepository } from '../../db/repositories/tags';
import { unitResidentsRepository as residents } from '../../db/repositories/unit-residents';
import { visitorPassesRepository } from '../../db/repositories/visitor-passes';
import { BadRequest, Forbidden, NotFound } from '../../errors';
import { clientKey } from '../../lib/client-address';
import { isTagCodeShape } from '../../lib/codes';
import { openSecret, sealSecret } from '../../lib/sealed-secret';
import type { AuthUser } from '../../plugins/auth';
import { callRoom } from '../../plugins/realtime';
import type { GateController, GateOutcome } from './controller';
import { gateRepository as repo } from './repository';


const unitLabel = (u: { name: string | null; block: string | null } | undefined): string | null => {
  if (!u) return null;
  const name = u.name ?? callMsg.temporaryUnit;
  return u.block ? `${u.block} - ${name}` : name;
};

/** The purpose the controllers' secrets are sealed for (lib/sealed-secret.ts). */
const SEALED_FOR = 'gate-controller';

function toSettings(row: GateControllerRow, secretUsable: boolean): GateSettings {
  return {
    kind: row.kind,
    url: row.url,
    switchId: row.switchId,
    seconds: row.openSeconds,
    enabled: row.enabled,
    excludedUnitIds: row.excludedUnitIds,
    // A secret the server can no longer open (its JWT secret changed) is asked for again.
    secretSet: secretUsable,
  };
}

export type GateService = ReturnType<typeof gateService>;

/**
 * After a JWT secret rotation (docs/operations.md §3): the controller secrets sealed under a secret
 * that is only still accepted are sealed again under the signing one, so that forgetting the old secret
 * later leaves every gate working. Run when a server starts; returns how many were re-sealed.
 */
export async function resealGateSecrets(db: Conn, config: { jwtSecret: string; jwtAcceptedSecrets: readonly string[] }): Promise<number> {
  if (config.jwtAcceptedSecrets.length === 0) return 0;
  let resealed = 0;
  for (const row of await repo.secrets(db)) {
    if (openSecret(row.secret, [config.jwtSecret], SEALED_FOR) !== null) continue;
    const plain = openSecret(row.secret, config.jwtAcceptedSecrets, SEALED_FOR);
    if (plain === null) continue;
    await repo.replaceSecret(db, row.condominiumId, row.secret, sealSecret(plain, config.jwtSecret, SEALED_FOR));
    resealed++;
  }
  return resealed;
}

/**
 * CONDO-18 (docs/decisions/0053). The server alone decides who may open: a resident of the called
 * unit, in a call from that plate that they answered and that is still connected, the plate's gate
 * switched on and the unit not excluded; or a pass that its resident allowed, within its window.
 * Every attempt that reaches the controller is in the building's log, failures included.
 */
export function gateService(app: FastifyInstance, controller: GateController) {
  const { db } = app;
  /** The server secrets that open a sealed controller secret: the signing one, then those still accepted. */
  const serverSecrets = [app.config.jwtSecret, ...app.config.jwtAcceptedSecrets];
  const opened = (row: GateControllerRow) => (row.secret === null ? null : openSecret(row.secret, serverSecrets, SEALED_FOR));
  const settingsOf = (row: GateControllerRow) => toSettings(row, opened(row) !== null);
  app.addHook('onReady', async () => {
    const resealed = await resealGateSecrets(db, app.config).catch((error: unknown) => {
      app.log.warn({ err: error }, 'gate: the controller secrets were not re-sealed under the new JWT secret');
      return 0;
    });
    if (resealed > 0) app.log.info({ resealed }, 'gate: controller secrets re-sealed under the signing JWT secret');
  });

  /** The síndico's plate (its owner; an administrator is no síndico here: the URL aims the server at a network). */
  async function sindicoPlate(rawCode: string, user: AuthUser) {
    const code = rawCode.trim().toUpperCase();
    const tag = isTagCodeShape(code) ? await tagsRepository.findTag(db, code) : undefined;
    if (!tag || tag.productId !== CONDOMINIUM_PRODUCT_ID) throw new NotFound(callMsg.tagNotFound);
    if (tag.ownerId !== user.id) throw new Forbidden(gateMsg.onlySindico);
    const found = await gateControllersRepository.ofPlate(db, tag.code);
    if (!found) throw new NotFound(gateMsg.notConfigured);
    return { code: tag.code, ...found };
  }

  /** Opens, logs, and answers in words; the outcome never throws. */
  async function openAndLog(
    target: GateControllerRow,
    entry: { condominiumId: number; via: 'call' | 'pass' | 'test'; userId?: string; visitorName?: string; unitId: number | null; callId?: string; passId?: number },
    context: { plate: string; unit: string | null },
  ): Promise<GateResult> {
    const secret = opened(target);
    const outcome: GateOutcome =
      target.secret !== null && secret === null
        ? { opened: false, message: gateMsg.secretLost }
        : await controller.open({ kind: target.kind, url: target.url, secret, switchId: target.switchId, seconds: target.openSeconds }, context);
    const message = outcome.opened ? gateMsg.opened(target.openSeconds) : outcome.message;
    await repo.record(db, {
      condominiumId: entry.condominiumId,
      via: entry.via,
      userId: entry.userId ?? null,
      visitorName: entry.visitorName ?? null,
      unitId: entry.unitId,
      callId: entry.callId ?? null,
      passId: entry.passId ?? null,
      ok: outcome.opened,
      result: message,
    });
    return { opened: outcome.opened, message };
  }

  /**
   * Whether `userId` may open the gate of this call now: a recipient (else 404: nothing says the
   * call exists), who answered it, still connected, still a resident of its unit, the gate on and
   * the unit not excluded.
   */
  async function callCheck(roomId: string, userId: string) {
    const call = await repo.callOfRecipient(db, roomId, userId);
    if (!call) throw new NotFound(callMsg.callNotFound);
    const found = call.unitId === null ? undefined : await gateControllersRepository.ofPlate(db, call.tagCode.trim());
    const controllerRow = found?.controller ?? null;
    const connected = call.status === 'answered' && call.answeredBy === userId;
    const allowed =
      found !== undefined &&
      unitMayOpen(controllerRow, call.unitId) &&
      (await residents.includes(db, call.unitId!, userId));
    return { call, found, controllerRow, connected, allowed };
  }

  return {
    /** GET /api/calls/:roomId/gate — may this screen offer "Abrir o portão" now. */
    async availability(roomId: string, userId: string): Promise<GateAvailability> {
      const { connected, allowed, controllerRow } = await callCheck(roomId, userId);
      return { available: connected && allowed, seconds: controllerRow?.openSeconds ?? 0 };
    },

    /** POST /api/calls/:roomId/gate — the resident's one tap; both screens learn the outcome. */
    async openFromCall(roomId: string, userId: string): Promise<GateResult> {
      await app.limits.consume('gatePerAccount', userId, gateMsg.tooMany);
      const { call, found, controllerRow, connected, allowed } = await callCheck(roomId, userId);
      if (!allowed || !found || !controllerRow) throw new Forbidden(gateMsg.notAllowed);
      if (!connected) throw new Forbidden(gateMsg.callNotConnected);
      const result = await openAndLog(
        controllerRow,
        { condominiumId: found.condominiumId, via: 'call', userId, unitId: call.unitId, callId: roomId },
        { plate: call.tagCode.trim(), unit: unitLabel({ name: call.unitName, block: call.block }) },
      );
      const event: GateEvent = { roomId, ...result };
      app.io.to(callRoom(roomId)).emit('gate', event);
      return result;
    },

    /**
     * POST /api/public/tags/:code/gate — a pass opens the gate by itself: active now, its resident
     * allowed it and still lives in the unit, the gate on, the unit not excluded. Any refusal is
     * one 403 whatever the reason (the route tells nothing of which passes exist).
     */
    async openFromPass(rawCode: string, ip: string, token: string): Promise<GateResult> {
      await app.limits.consume('gatePerAddress', clientKey(ip), gateMsg.tooMany);
      const code = rawCode.trim().toUpperCase();
      const refused = new Forbidden(gateMsg.passCannotOpen);
      if (!isTagCodeShape(code)) throw refused;
      const pass = await visitorPassesRepository.byTokenOnPlate(db, token, code);
      const now = Date.now();
      if (!pass || !pass.canOpenGate || pass.revokedAt || now < pass.validFrom.getTime() || now > pass.validUntil.getTime()) throw refused;
      if (!pass.createdBy || !(await residents.includes(db, pass.unitId, pass.createdBy))) throw refused;
      const found = await gateControllersRepository.ofPlate(db, code);
      if (!found || !unitMayOpen(found.controller, pass.unitId)) throw refused;
      return openAndLog(
        found.controller,
        { condominiumId: found.condominiumId, via: 'pass', visitorName: pass.visitorName, unitId: pass.unitId, passId: pass.id },
        { plate: code, unit: unitLabel(await repo.unitName(db, pass.unitId)) },
      );
    },

    async settings(rawCode: string, user: AuthUser): Promise<GateSettings | null> {
      const plate = await sindicoPlate(rawCode, user);
      return plate.controller ? settingsOf(plate.controller) : null;
    },

    async save(rawCode: string, user: AuthUser, body: GateSettingsBody): Promise<GateSettings> {
      const plate = await sindicoPlate(rawCode, user);
      const refusal = controller.urlRefusal(body.kind, body.url);
      if (refusal) throw new BadRequest(refusal);
      const typed = body.secret?.trim() ? body.secret : null;
      // A secret is kept across saves unless a new one is typed; a new kind needs its own, and so does
      // one the server can no longer open. Kept sealed (lib/sealed-secret.ts), re-sealed under the current key.
      const kept = plate.controller && plate.controller.kind === body.kind ? opened(plate.controller) : null;
      const secret = typed ?? kept;
      if (body.kind === 'webhook') {
        if (!secret) throw new BadRequest(gateMsg.secretRequired);
        if (secret.length < GATE_SECRET_MIN) throw new BadRequest(gateMsg.secretTooShort);
      }
      const ids = new Set(await repo.unitIds(db, plate.condominiumId));
      const excluded = [...new Set(body.excludedUnitIds)];
      if (excluded.some((id) => !ids.has(id))) throw new BadRequest(gateMsg.unitNotInBuilding);
      const row = await repo.save(db, {
        condominiumId: plate.condominiumId,
        kind: body.kind,
        url: body.url.trim(),
        secret: secret === null ? null : sealSecret(secret, app.config.jwtSecret, SEALED_FOR),
        switchId: body.switchId,
        openSeconds: body.seconds,
        enabled: body.enabled,
        excludedUnitIds: excluded,
      });
      return settingsOf(row);
    },

    /** "Testar": the síndico opens the gate from the settings screen (logged as a test). */
    async test(rawCode: string, user: AuthUser): Promise<GateResult> {
      await app.limits.consume('gatePerAccount', user.id, gateMsg.tooMany);
      const plate = await sindicoPlate(rawCode, user);
      if (!plate.controller) throw new NotFound(gateMsg.notConfigured);
      return openAndLog(plate.controller, { condominiumId: plate.condominiumId, via: 'test', userId: user.id, unitId: null }, { plate: plate.code, unit: null });
    },

    async log(rawCode: string, user: AuthUser): Promise<GateOpening[]> {
      const plate = await sindicoPlate(rawCode, user);
      const rows = await repo.log(db, plate.condominiumId, GATE_LOG_LIMIT);
      return rows.map((r) => ({
        id: r.id,
        at: r.at.toISOString(),
        via: r.via,
        who: r.visitorName ? gateUi.visitor(firstName(r.visitorName)) : (r.userName ?? '—'),
        unitName: r.unitName === null && r.block === null ? null : unitLabel({ name: r.unitName, block: r.block }),
        ok: r.ok,
        result: r.result,
      }));
    },
  };
}
