import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type {
  CallHistoryItem,
  CallLocationBody,
  CallStatus,
  CreateCallBody,
  CreateCallResponse,
  IncomingCall,
  PublicTag,
  TagMessageBody,
} from '@toque/contracts/calls';
import { callsApi } from '@toque/contracts/calls';
import { CONDOMINIUM_PRODUCT_ID, productLabel, WRISTBAND_PRODUCT_ID } from '@toque/contracts/constants';
import { callMsg, photoMsg } from '@toque/contracts/messages';
import { RECORDING_MAX_SECONDS, RECORDING_TOLERANCE_MS, recordingMsg } from '@toque/contracts/recordings';
import { inspectRecording, RecordingRejected, type RecordingInfo } from '../../lib/recording';
import { signCallerToken, verifyCallerToken } from '../../lib/caller-token';
import { isTagCodeShape } from '../../lib/codes';
import { finderMedical, finderView } from '../../lib/finder-view';
import { medicalCardsRepository } from '../../db/repositories/medical-cards';
import { BadRequest, Conflict, NotFound, TooManyRequests, Unauthorized } from '../../errors';
import { clientKey } from '../../lib/client-address';
import { tagsRepository } from '../../db/repositories/tags';
import { notCallableMessage, tagState } from './tag-state';
import { tagPhotosRepository } from '../../db/repositories/tag-photos';
import { visitorPassesRepository } from '../../db/repositories/visitor-passes';
import { unitResidentsRepository as residentsRepo } from '../../db/repositories/unit-residents';
import type { ExpectedVisitor } from '@toque/contracts/door';
import { callsRepository as repo } from './repository';
import { iceConfig } from './ice';
import type { CallLifecycle } from './lifecycle';
import type { CallMessageBody, StartConversationResponse } from '@toque/contracts/conversations';
import type { ConversationsService } from '../conversations/service';
import { callSettingsRepository as settings } from '../../db/repositories/call-settings';
import { quietNow, refuseQuiet } from './quiet-hours';
import { ringPlan } from './ring-order';
import { plateRequiresPosition, requireAtDoor } from '../condominium/geofence';

const HISTORY_LIMIT = 200;

const naturally = new Intl.Collator('pt-BR', { numeric: true });

/**
 * CONDO-13: the finder reads a plate's units by block (units without one first), then by name as a
 * person counts them ('101' < '102' < '1001'); the same name twice keeps its creation order.
 */
function byBlockThenName(a: { unit_id: number; name: string; block: string | null }, b: typeof a): number {
  if (a.block !== b.block) {
    if (a.block === null) return -1;
    if (b.block === null) return 1;
    const blocks = naturally.compare(a.block, b.block);
    if (blocks !== 0) return blocks;
  }
  return naturally.compare(a.name, b.name) || a.unit_id - b.unit_id;
}

export type CallsService = ReturnType<typeof callsService>;

/** FIND-10: preview images kept in memory (each 1200 × 630 JPEG is some 30–80 KB). */
const PREVIEW_CACHE = 32;

export function callsService(app: FastifyInstance, lifecycle: CallLifecycle, conversations: ConversationsService) {
  const { db, config } = app;
  const previews = new Map<string, Buffer>();

  async function findTag(rawCode: string) {
    const code = rawCode.trim().toUpperCase();
    // A malformed code is as unknown as a well-formed one nobody minted.
    const found = isTagCodeShape(code) ? await tagsRepository.findTagWithOwnerName(db, code) : undefined;
    if (!found) throw new NotFound(callMsg.tagNotFound);
    return found;
  }

  /** The caller token of `roomId`, from `Authorization: Bearer`; 401 for anything else. */
  function requireCallerOf(roomId: string, token: string | null) {
    if (!token || verifyCallerToken([config.jwtSecret, ...config.jwtAcceptedSecrets], token) !== roomId) throw new Unauthorized(callMsg.invalidCallerToken);
  }

  return {
    /**
     * CALL-01 / CALL-02: only what the finder's page needs — never a phone, e-mail, CPF or last name.
     * A tag that cannot be called shows its state and type, nothing about its owner.
     */
    async publicTag(rawCode: string): Promise<PublicTag> {
      const { tag, ownerName, photo } = await findTag(rawCode);
      const state = tagState(tag);
      const base = { code: tag.code, state, product_id: tag.productId, type: productLabel(tag.productId), name: '', owner_first_name: '', units: [] };
      if (state !== 'active' && state !== 'suspended') return base;
      // FIND-09 / SEC-10: each field only when the owner switched it on (lib/finder-view.ts decides; a plate names nobody).
      const view = finderView(tag);
      const result: PublicTag = { ...base, name: tag.name, owner_first_name: view.person(ownerName) };
      if (view.importantInfo) result.important_info = view.importantInfo;
      if (photo && view.photo) {
        result.photo = { url: `/api${callsApi.publicPhoto(tag.code, photo.hash)}`, width: photo.width, height: photo.height };
      }
      // FIND-11: a wristband's medical card, the fields switched on only, and the "needs care" mark (lib/finder-view.ts
      // decides). Shown on a suspended wristband too: the person's safety does not wait for a payment.
      if (tag.productId === WRISTBAND_PRODUCT_ID) {
        const care = finderMedical(tag.productId, await medicalCardsRepository.find(db, tag.code));
        if (care.needsCare) result.needs_care = true;
        if (care.medical) result.medical = care.medical;
      }
      // FIN-05: a suspended tag shows who it belongs to and takes a message (CALL-15's form), nothing more.
      if (state === 'suspended') return result;
      // FIND-02: lost mode, which the finder's page shows first.
      if (tag.lostMessage !== null && tag.productId !== CONDOMINIUM_PRODUCT_ID) {
        result.lost = view.reward
          ? { message: tag.lostMessage, reward: tag.lostReward, reward_cents: tag.lostRewardCents }
          : { message: tag.lostMessage, reward: null, reward_cents: null };
        if (view.city) result.lost.city = view.city;
      }
      // FIND-07: said before the tap (the check at call time is what counts).
      const quiet = tag.productId === CONDOMINIUM_PRODUCT_ID ? null : quietNow(tag, undefined);
      if (quiet) Object.assign(result, { quiet_until: quiet.until.toISOString(), quiet_until_time: quiet.time });
      if (tag.productId === CONDOMINIUM_PRODUCT_ID) {
        const condo = await repo.condominiumOfPlate(db, tag.code);
        // CONDO-10: the finder meets the building, not the síndico (finderView names nobody); units nobody can answer are marked.
        // CONDO-17: the page asks for the visitor's position before it calls.
        if (await plateRequiresPosition(db, tag.code)) result.position_required = true;
        if (condo) {
          result.name = condo.name;
          // CONDO-19: a unit nobody answers is never sent (which flats are empty is nobody's business at
          // the gate); that some are not listed is one flag, the page's one neutral line.
          const units = await repo.unitsOf(db, condo.id);
          result.units = units
            .filter((u) => u.residents > 0)
            .map((u) => ({
              unit_id: u.id,
              name: u.name ?? callMsg.temporaryUnit,
              block: u.block,
              reachable: true,
              ...(u.name === null ? { temporary: true } : {}),
            }))
            .sort(byBlockThenName);
          if (result.units.length < units.length) result.units_unlisted = true;
        }
      }
      return result;
    },

    /**
     * FIND-09: the photo's WebP under its current name, while the finder's page shows it; any other
     * name (an old photo, a guess) or a photo switched off is 404.
     */
    async publicPhoto(rawCode: string, file: string): Promise<Buffer> {
      const hash = /^([0-9a-f]{32})\.webp$/.exec(file)?.[1];
      if (!hash) throw new NotFound(photoMsg.notFound);
      const view = await this.publicTag(rawCode).catch(() => undefined);
      if (!view?.photo?.url.endsWith(`/${hash}.webp`)) throw new NotFound(photoMsg.notFound);
      const bytes = await tagPhotosRepository.bytes(db, view.code, hash);
      if (!bytes) throw new NotFound(photoMsg.notFound);
      return bytes;
    },

    /**
     * FIND-10: a lost tag's preview image (Open Graph) — its photo as a 1200 × 630 JPEG, made in the
     * photo workers — only while the page shows both the lost notice and the photo; any other name,
     * a tag found again or a photo switched off is 404. Kept in a small cache by photo: link
     * previews fetch it again and again.
     */
    async previewImage(rawCode: string, file: string): Promise<Buffer> {
      const hash = /^([0-9a-f]{32})\.jpg$/.exec(file)?.[1];
      if (!hash) throw new NotFound(photoMsg.notFound);
      const view = await this.publicTag(rawCode).catch(() => undefined);
      if (!view?.lost || !view.photo?.url.endsWith(`/${hash}.webp`)) throw new NotFound(photoMsg.notFound);
      const cached = previews.get(hash);
      if (cached) {
        // Least recently used goes first: a hit moves to the end.
        previews.delete(hash);
        previews.set(hash, cached);
        return cached;
      }
      const webp = await tagPhotosRepository.bytes(db, view.code, hash);
      if (!webp) throw new NotFound(photoMsg.notFound);
      const jpeg = await app.photos.rendition(webp, 'preview');
      previews.set(hash, jpeg);
      if (previews.size > PREVIEW_CACHE) previews.delete(previews.keys().next().value!);
      return jpeg;
    },

    /**
     * CALL-02 / CALL-03 / CALL-08 / SEC-05: rings the owner and members (a plate: the chosen unit's
     * residents). Limited per address before anything is looked up, then per tag *and* address once
     * the tag is callable — a flood from one place spends its own budget, never the tag's for other
     * finders — and by the calls ringing at once on the tag, counted in the database.
     */
    async create(body: CreateCallBody, ip: string): Promise<CreateCallResponse> {
      const { ringingPerTag, ringTimeoutMs, callerTokenTtlS } = config.calls;
      const client = clientKey(ip);
      await app.limits.consume('callPerAddress', client);
      const { tag } = await findTag(body.code);
      const state = tagState(tag);
      if (state !== 'active') throw new Conflict(notCallableMessage(tag, state));
      await app.limits.consume('callPerTagAddress', `${tag.code}|${client}`);

      let unit: { id: number; name: string | null } | undefined;
      let recipients: string[];
      let passId: number | null = null;
      let expectedVisitor: ExpectedVisitor | undefined;
      if (tag.productId === CONDOMINIUM_PRODUCT_ID) {
        // CONDO-17: a plate that rings only at its door.
        await requireAtDoor(db, tag.code, body);
        unit = body.unitId ? await repo.unitOfPlate(db, tag.code, body.unitId) : undefined;
        if (!unit) throw new BadRequest(callMsg.unitRequired);
        recipients = await residentsRepo.ids(db, unit.id);
        if (recipients.length === 0) throw new Conflict(callMsg.unitEmpty);
        // CONDO-16: a pass of this unit, valid now, names the visitor on the ringing screen; any other pass rings as usual.
        const pass = body.pass ? await visitorPassesRepository.byTokenOnPlate(db, body.pass, tag.code) : undefined;
        const now = Date.now();
        if (pass && pass.unitId === unit.id && !pass.revokedAt && pass.validFrom.getTime() <= now && now <= pass.validUntil.getTime()) {
          passId = pass.id;
          expectedVisitor = { name: pass.visitorName, validUntil: pass.validUntil.toISOString() };
        }
      } else {
        const everyone = [tag.ownerId, ...(await repo.memberIds(db, tag.code))];
        recipients = [...new Set(everyone.filter((id): id is string => id !== null))];
      }

      // FIND-07: quiet hours (the tag's, or the unit's) refuse the call, lost mode aside; FIND-08: who rings first.
      const quiet = quietNow(tag, unit ? ((await settings.unitQuietHours(db, unit.id)) ?? { quietHours: null }) : undefined);
      if (quiet) refuseQuiet(quiet);
      const plan = unit ? null : ringPlan(tag, recipients, ringTimeoutMs);

      // 128 random bits: a room id cannot be guessed (CALL-08).
      const roomId = randomBytes(16).toString('base64url');
      const latitude = body.latitude ?? null;
      const longitude = body.longitude ?? null;
      await db.transaction(async (tx) => {
        // The tag's row lock orders the calls to one tag, so the ringing cap is exact.
        await tagsRepository.lockTag(tx, tag.code);
        const now = Date.now();
        const ringing = await repo.ringingOn(tx, tag.code, new Date(now - ringTimeoutMs));
        if (ringing.count >= ringingPerTag) {
          const freeInMs = (ringing.oldest?.getTime() ?? now) + ringTimeoutMs - now;
          throw new TooManyRequests(freeInMs / 1000, callMsg.tooManyRinging);
        }
        const nextStepAt = plan ? new Date(now + plan.stepMs) : null;
        await repo.insertCall(tx, { id: roomId, tagCode: tag.code, unitId: unit?.id ?? null, latitude, longitude, callerAddress: ip, nextStepAt, passId }, recipients);
      });
      const unitName = unit ? (unit.name ?? callMsg.temporaryUnit) : null;
      const incoming: IncomingCall = { roomId, latitude, longitude, tagCode: tag.code, tagName: tag.name, productId: tag.productId, unitName, ...(expectedVisitor ? { expectedVisitor } : {}) };
      lifecycle.ring(roomId, plan?.first ?? recipients, incoming, plan?.stepMs);
      return {
        roomId,
        callerToken: signCallerToken(config.jwtSecret, roomId, callerTokenTtlS),
        ...iceConfig(config.ice, roomId),
        ringTimeoutMs,
      };
    },

    /** /call asks before it rings: only a recipient learns the call exists (CALL-08). */
    async statusFor(roomId: string, userId: string) {
      const found = (await repo.isRecipient(db, roomId, userId)) ? await repo.summary(db, roomId) : undefined;
      if (!found) throw new NotFound(callMsg.callNotFound);
      const { call, tagName, productId, unitName, visitorName, passUntil } = found;
      return {
        status: call.status,
        tagName,
        productId,
        unitName: call.unitId === null ? null : (unitName ?? callMsg.temporaryUnit),
        // CONDO-16: the ringing screen names the expected visitor.
        ...(visitorName !== null && passUntil !== null ? { expectedVisitor: { name: visitorName, validUntil: passUntil.toISOString() } } : {}),
      };
    },

    /** CALL-10 / SEC-07: fresh TURN credentials and the transport policy, for the finder (caller token) or a recipient (session). */
    async iceServersFor(roomId: string, who: { userId: string } | { callerToken: string | null }) {
      if ('userId' in who) {
        if (!(await repo.isRecipient(db, roomId, who.userId))) throw new NotFound(callMsg.callNotFound);
      } else {
        requireCallerOf(roomId, who.callerToken);
      }
      return iceConfig(config.ice, roomId);
    },

    /**
     * CALL-07: the finder's text when nobody answered (or instead of waiting: in-app browsers cannot
     * open the camera). A message left while ringing ends the ringing.
     */
    async leaveMessage(roomId: string, callerToken: string | null, ip: string, body: CallMessageBody): Promise<StartConversationResponse> {
      requireCallerOf(roomId, callerToken);
      const call = await repo.findCall(db, roomId);
      if (!call) throw new NotFound(callMsg.callNotFound);
      const refusal = (c: typeof call | undefined) => new Conflict(c?.answeredAt ? callMsg.callAnswered : callMsg.messageAlreadyLeft);
      if (call.answeredAt || call.message !== null) throw refusal(call);
      const located = body.latitude !== undefined && body.longitude !== undefined;
      let status: CallStatus = call.status;
      // FIND-13: the message is also the finder's conversation's (opened or joined), in one transaction with the call's.
      const opened = await conversations.fromCall(call, ip, body, async (tx, conversationId) => {
        const stored = await repo.setMessage(tx, roomId, {
          message: body.message,
          conversationId,
          ...(located ? { latitude: body.latitude, longitude: body.longitude } : {}),
        });
        if (!stored) throw refusal(await repo.findCall(tx, roomId));
        status = stored.status;
      });
      if (status === 'ringing') await lifecycle.callerLeft(roomId);
      await lifecycle.mailMessage(roomId);
      return opened;
    },

    /** FIND-12: the caller token is this call's (checked before the recording's bytes are read). */
    checkCaller(roomId: string, callerToken: string | null) {
      requireCallerOf(roomId, callerToken);
    },

    /**
     * FIND-12: a voice or video recording after a call nobody answered — read from its bytes (the
     * container, its tracks, its length), never from the declared type; refused with nothing written
     * when it is not WebM/MP4 media, is empty or runs past 30 s (and a tolerance). Like a text left
     * after the call, it goes to the finder's conversation (`held`: the thread this browser holds) and
     * a recording left while ringing ends the ringing. Any number of recordings up to the limits (the
     * finder may send again after listening), unlike the call's one text.
     */
    async leaveRecording(roomId: string, callerToken: string | null, ip: string, held: string | null, bytes: Buffer): Promise<StartConversationResponse> {
      requireCallerOf(roomId, callerToken);
      const call = await repo.findCall(db, roomId);
      if (!call) throw new NotFound(callMsg.callNotFound);
      if (call.answeredAt) throw new Conflict(callMsg.callAnswered);
      let info: RecordingInfo;
      try {
        info = inspectRecording(bytes);
      } catch (error) {
        if (error instanceof RecordingRejected) throw new BadRequest(recordingMsg[error.reason]);
        throw error;
      }
      if (info.durationMs > RECORDING_MAX_SECONDS * 1000 + RECORDING_TOLERANCE_MS) throw new BadRequest(recordingMsg.tooLong);
      const opened = await conversations.recordingFromCall(call, ip, held, { kind: info.kind, mime: info.mime, durationMs: info.durationMs, bytes });
      if (call.status === 'ringing') await lifecycle.callerLeft(roomId);
      return opened;
    },

    /**
     * CALL-17: "Escrever para quem chamou" on the owner's end screen — the call's thread with its
     * finder, for one of the call's recipients who answers the tag now (404 for anyone else: nothing
     * says the call exists); 409 for a call nobody answered (its finder writes first, FIND-13).
     */
    async openConversation(roomId: string, userId: string): Promise<{ id: string }> {
      const call = (await repo.isRecipient(db, roomId, userId)) ? await repo.findCall(db, roomId) : undefined;
      if (!call) throw new NotFound(callMsg.callNotFound);
      const id = await conversations.openForCall(call, userId, (tx, conversationId) => repo.linkConversation(tx, roomId, conversationId));
      return { id };
    },

    /** CALL-17: the finder's end-of-call screen asks, with its caller token, for the thread the owner opened (null: not yet). */
    async finderConversation(roomId: string, callerToken: string | null): Promise<{ token: string | null }> {
      requireCallerOf(roomId, callerToken);
      const call = await repo.findCall(db, roomId);
      if (!call) throw new NotFound(callMsg.callNotFound);
      return { token: await conversations.keyForCall(call) };
    },

    /**
     * CALL-15: the call rang at once, without a position; the finder's phone sends it when it comes.
     * Stored once (a later fix does not move the pin), then every recipient's session learns it.
     */
    async shareCallLocation(roomId: string, callerToken: string | null, body: CallLocationBody) {
      requireCallerOf(roomId, callerToken);
      const stored = await repo.setLocation(db, roomId, { latitude: body.latitude, longitude: body.longitude });
      if (stored) {
        await lifecycle.locationArrived(roomId, body.latitude, body.longitude);
        return;
      }
      if (!(await repo.findCall(db, roomId))) throw new NotFound(callMsg.callNotFound);
    },

    /** CALL-15: a phone or e-mail to be called back on, after nobody answered (one per call; the recipients' history only). */
    async leaveCallback(roomId: string, callerToken: string | null, contact: string) {
      requireCallerOf(roomId, callerToken);
      const stored = await repo.setCallbackContact(db, roomId, contact);
      if (!stored) {
        const now = await repo.findCall(db, roomId);
        if (!now) throw new NotFound(callMsg.callNotFound);
        throw new Conflict(now.answeredAt ? callMsg.callAnswered : callMsg.callbackAlreadyLeft);
      }
      if (stored.status === 'ringing') await lifecycle.callerLeft(roomId);
    },

    /**
     * CALL-15: a switched-off tag (the owner's or the administration's is_active = false) cannot
     * ring, but its finder can still write to the owner: the message becomes an entry of the
     * recipients' history (kind `message`: nothing rang) and a mail. Unclaimed,
     * deleted and unknown tags stay dead ends; an active tag is called. Limited per address, then
     * per tag and address: one sender never spends the budget of another.
     */
    async tagMessage(rawCode: string, ip: string, body: TagMessageBody) {
      const client = clientKey(ip);
      await app.limits.consume('callPerAddress', client);
      const { tag } = await findTag(rawCode);
      const state = tagState(tag);
      if (state === 'unclaimed' || state === 'disabled') throw new Conflict(notCallableMessage(tag, state));
      // CONDO-17: a plate that rings only at its door takes a message for a unit's residents instead.
      const fenced = state === 'active' && tag.productId === CONDOMINIUM_PRODUCT_ID && (await plateRequiresPosition(db, tag.code));
      // FIN-05: a suspended tag (not in lost mode) takes messages like a switched-off one; FIND-07: so does a tag in quiet hours.
      const quiet = state === 'active' && tag.productId !== CONDOMINIUM_PRODUCT_ID && quietNow(tag, undefined) !== null;
      if (state !== 'inactive' && state !== 'suspended' && !quiet && !fenced) throw new Conflict(callMsg.tagMessageNotAllowed);
      await app.limits.consume('tagMessagePerTagAddress', `${tag.code}|${client}`);
      let unitId: number | null = null;
      let recipients: string[];
      if (fenced) {
        const unit = body.unitId ? await repo.unitOfPlate(db, tag.code, body.unitId) : undefined;
        if (!unit) throw new BadRequest(callMsg.unitRequired);
        unitId = unit.id;
        recipients = await residentsRepo.ids(db, unit.id);
        if (recipients.length === 0) throw new Conflict(callMsg.unitEmpty);
      } else {
        recipients = [...new Set([tag.ownerId, ...(await repo.memberIds(db, tag.code))].filter((id): id is string => id !== null))];
      }
      const roomId = randomBytes(16).toString('base64url');
      const now = new Date();
      await db.transaction(async (tx) => {
        await repo.insertCall(
          tx,
          {
            id: roomId,
            tagCode: tag.code,
            unitId,
            status: 'ended',
            kind: 'message',
            startedAt: now,
            endedAt: now,
            message: body.message,
            callbackContact: body.contact ?? null,
            latitude: body.latitude !== undefined && body.longitude !== undefined ? body.latitude : null,
            longitude: body.latitude !== undefined && body.longitude !== undefined ? body.longitude : null,
            callerAddress: ip,
          },
          recipients,
        );
      });
      lifecycle.background(() => lifecycle.mailMessage(roomId));
    },

    /** CALL-11: the calls that rang for this user, newest first. */
    async history(userId: string): Promise<CallHistoryItem[]> {
      const rows = await repo.history(db, userId, HISTORY_LIMIT);
      return rows.map(({ call, tagName, productId, unitName }) => ({
        roomId: call.id,
        tag_code: call.tagCode,
        tag_name: tagName,
        product_id: productId,
        unit_name: call.unitId === null ? null : (unitName ?? callMsg.temporaryUnit),
        latitude: call.latitude,
        longitude: call.longitude,
        status: call.status,
        started_at: call.startedAt.toISOString(),
        answered_at: call.answeredAt?.toISOString() ?? null,
        message: call.message,
        callback_contact: call.callbackContact,
        kind: call.kind,
        conversation_id: call.conversationId,
      }));
    },
  };
}
