import { createHash, createHmac, randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { CONDOMINIUM_PRODUCT_ID, productLabel, DAY_MS } from '@toque/contracts/constants';
import {
  CONVERSATION_KEEP_DAYS,
  CONVERSATION_LIFETIME_DAYS,
  CONVERSATION_MAIL_INTERVAL_MS,
  conversationMsg,
  conversationToken,
  type ConversationList,
  type ConversationMessageBody,
  type ConversationState,
  type FinderMessage,
  type FinderThread,
  type OwnerMessage,
  type OwnerThread,
  type CallMessageBody,
  type StartConversationBody,
  type StartConversationResponse,
} from '@toque/contracts/conversations';
import { callMsg } from '@toque/contracts/messages';
import { recordingLabel, recordingMsg, type RecordingKind } from '@toque/contracts/recordings';
import { paths } from '@toque/contracts/routes';
import { firstName } from '@toque/contracts/names';
import { brasiliaDateTime } from '@toque/contracts/time-format';
import { osmLink } from '@toque/contracts/calls';
import type { Tx } from '../../db/client';
import { isTagCodeShape } from '../../lib/codes';
import { secretKey } from '../../lib/secret-key';
import { clientKey } from '../../lib/client-address';
import { BadRequest, Conflict, Forbidden, NotFound, Unauthorized } from '../../errors';
import { conversationRoom, userRoom } from '../../plugins/realtime';
import { finderView, nobodyNamed, type FinderView } from '../../lib/finder-view';
import { tagsRepository } from '../../db/repositories/tags';
import { tagState } from '../calls/tag-state';
import { conversationsRepository as repo, type ConversationMessageRow, type ConversationRow } from './repository';

const LIST_LIMIT = 200;

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

/**
 * CALL-17 (ADR 0044, addendum): the finder's token to the thread an owner opens after an answered
 * call — 128 bits of an HMAC of the call's id under the server secret, so the server can hand it to
 * the holder of the call's caller token whenever it asks, without ever storing it (only its hash,
 * like every conversation token). Nobody without the secret can derive it: not the owner, who
 * knows the room id.
 */
const callConversationToken = (secret: string, roomId: string) =>
  createHmac('sha256', secretKey(secret)).update(`toque-call-conversation:${roomId}`).digest().subarray(0, 16).toString('base64url');

/** FIND-06: open, or why nobody can write any more. Blocked wins over closed over ended. */
export function conversationState(c: Pick<ConversationRow, 'blockedAt' | 'closedAt' | 'lastMessageAt'>, now = new Date()): ConversationState {
  if (c.blockedAt) return 'blocked';
  if (c.closedAt) return 'closed';
  if (now.getTime() - c.lastMessageAt.getTime() > CONVERSATION_LIFETIME_DAYS * DAY_MS) return 'ended';
  return 'open';
}

const refusal: Record<Exclude<ConversationState, 'open'>, string> = {
  blocked: conversationMsg.blocked,
  closed: conversationMsg.closed,
  ended: conversationMsg.ended,
};

type Row = {
  message: ConversationMessageRow;
  authorName: string | null;
  /** FIND-12: a recording's kind and length (null or absent: a text). */
  recordingKind?: RecordingKind | null;
  recordingMs?: number | null;
};

/** A message signed `name` (the finder's own messages are never signed). */
function toMessage({ message: m, recordingKind, recordingMs }: Row, name: string): FinderMessage {
  return {
    id: m.id,
    from: m.fromFinder ? 'finder' : 'owner',
    name: m.fromFinder ? '' : name,
    body: m.body,
    recording: recordingKind && recordingMs != null ? { kind: recordingKind, duration_ms: recordingMs } : null,
    latitude: m.latitude,
    longitude: m.longitude,
    created_at: m.createdAt.toISOString(),
  };
}

/**
 * SEC-10: the finder reads an answer signed as `finder` lets it (lib/finder-view.ts): a first name
 * at most (never e-mail, phone, surname), nothing when the owner switched the name off, and at a
 * plate's unit nothing either — the visitor wrote to "Apto 101", its residents answer as the unit,
 * as a call names the unit and never who picked up (CALL-02).
 */
function toFinder(row: Row, finder: Pick<FinderView, 'person'>): FinderMessage {
  return toMessage(row, finder.person(row.authorName));
}

/** The people who answer see each other by first name, whatever the finder sees. */
function toRecipients(row: Row): FinderMessage {
  return toMessage(row, firstName(row.authorName));
}

function toOwner(row: Row, userId: string): OwnerMessage {
  return { ...toRecipients(row), mine: row.message.authorId === userId };
}

export type ConversationsService = ReturnType<typeof conversationsService>;

export function conversationsService(app: FastifyInstance, background: (work: () => Promise<unknown>) => void) {
  const { db } = app;

  /** The conversation of a finder's token; 401 for a malformed or unknown one (nothing said about others). */
  async function byToken(token: string | null) {
    if (!token || !conversationToken.safeParse(token).success) throw new Unauthorized(conversationMsg.invalidToken);
    const found = await repo.byTokenHash(db, hashToken(token));
    if (!found) throw new Unauthorized(conversationMsg.invalidToken);
    return found;
  }

  /** The conversation, only for one of the people who answer it (404 for anyone else: nothing leaks). */
  async function forRecipient(id: string, userId: string) {
    const found = await repo.byId(db, id);
    if (!found) throw new NotFound(conversationMsg.notFound);
    const recipients = await repo.recipientIds(db, { tagCode: found.conversation.tagCode, unitId: found.conversation.unitId, ownerId: found.ownerId });
    if (!recipients.includes(userId)) throw new NotFound(conversationMsg.notFound);
    return { ...found, recipients };
  }

  /**
   * SEC-10: what this conversation's finder may read of the tag's people, as the tag says now (a
   * name switched off later hides it in the thread already open). A unit's conversation names nobody.
   */
  async function finderSide(c: ConversationRow): Promise<{ owner: string; view: Pick<FinderView, 'person'> }> {
    const t = c.unitId === null ? await tagsRepository.findTagWithOwnerName(db, c.tagCode) : undefined;
    if (!t) return { owner: '', view: nobodyNamed };
    const view = finderView(t.tag);
    return { owner: view.person(t.ownerName), view };
  }

  async function finderThread(c: ConversationRow): Promise<FinderThread> {
    const [rows, finder] = await Promise.all([repo.messages(db, c.id), finderSide(c)]);
    return {
      tag_code: c.tagCode,
      unit_id: c.unitId,
      owner_first_name: finder.owner,
      state: conversationState(c),
      messages: rows.map((r) => toFinder(r, finder.view)),
    };
  }

  /** The finder's socket room (signed as the finder may read it) and every session of every recipient learn the new message. */
  async function broadcast(c: ConversationRow, row: Row, recipients: string[]) {
    const { view } = await finderSide(c);
    app.io.to(conversationRoom(c.id)).emit('conversation-message', { conversationId: c.id, message: toFinder(row, view) });
    if (recipients.length) app.io.to(recipients.map(userRoom)).emit('conversation-message', { conversationId: c.id, message: toRecipients(row) });
  }

  function broadcastState(c: ConversationRow, state: ConversationState, recipients: string[]) {
    app.io.to(conversationRoom(c.id)).emit('conversation-state', { conversationId: c.id, state });
    if (recipients.length) app.io.to(recipients.map(userRoom)).emit('conversation-state', { conversationId: c.id, state });
  }

  /** A push to every recipient and, at most once per interval and conversation, an e-mail (through the mail queue). */
  type CallSide = { tagCode: string; unitId: number | null; latitude: number | null; longitude: number | null };

  /**
   * FIND-13 / FIND-12: the thread a finder's browser holds (`token`) when it is the call's tag's and
   * unit's and still open; undefined when there is none (a new one is opened). A blocked thread's
   * token writes nothing (403).
   */
  async function heldThread(call: CallSide, token: string | null | undefined) {
    const held = token && conversationToken.safeParse(token).success ? await repo.byTokenHash(db, hashToken(token)) : undefined;
    const same = held && held.tagCode === call.tagCode && held.unitId === call.unitId ? held : undefined;
    if (same?.blockedAt) throw new Forbidden(conversationMsg.blocked);
    return same && conversationState(same) === 'open' ? same : undefined;
  }

  /** The held thread, or a new one for the call's tag and unit under `token` (inside the caller's transaction). */
  async function threadFor(tx: Tx, call: CallSide, joined: ConversationRow | undefined, token: string, ip: string, at: { latitude: number | null; longitude: number | null }) {
    return (
      joined ??
      (await repo.insertConversation(tx, {
        tagCode: call.tagCode,
        unitId: call.unitId,
        tokenHash: hashToken(token),
        callerAddress: ip,
        latitude: at.latitude ?? call.latitude,
        longitude: at.longitude ?? call.longitude,
      }))
    );
  }

  function notifyRecipients(c: ConversationRow, recipients: string[], body: string, where: { latitude: number | null; longitude: number | null }) {
    background(async () => {
      const url = paths.conversation(c.id);
      await app.push.notify(recipients, { type: 'conversation-message', conversationId: c.id, text: conversationMsg.pushText, url });
      const now = new Date();
      if (!(await repo.claimMail(db, c.id, now, CONVERSATION_MAIL_INTERVAL_MS))) return;
      const tag = await tagsRepository.findTagWithOwnerName(db, c.tagCode);
      const label = tag ? tag.tag.name.trim() || productLabel(tag.tag.productId) : c.tagCode;
      const located = where.latitude !== null && where.longitude !== null ? [`Localização: ${osmLink(where.latitude, where.longitude)}`] : [];
      for (const { email } of await repo.emailsOf(db, recipients)) {
        await app.mailer.send({
          to: email,
          subject: `${conversationMsg.mailSubject}: ${label}`,
          text: [
            'Quem encontrou seu Toque escreveu:',
            '',
            body,
            '',
            `Toque: ${label}`,
            `Horário: ${brasiliaDateTime.format(now)}`,
            ...located,
            '',
            'Responda pelo painel, em Conversas (a pessoa vê só o seu primeiro nome).',
            '',
            'Equipe Toque',
          ].join('\n'),
        });
      }
    });
  }

  return {
    /**
     * The finder's first message opens a conversation on a claimed tag (active, switched off or
     * suspended: the owner can still be written to). Limited per address, then per tag and address
     * (never a way to silence the tag for other finders). The token is returned once.
     */
    async start(rawCode: string, ip: string, body: StartConversationBody): Promise<StartConversationResponse> {
      const client = clientKey(ip);
      await app.limits.consume('conversationMessagesPerAddress', client);
      const code = rawCode.trim().toUpperCase();
      const found = isTagCodeShape(code) ? await tagsRepository.findTagWithOwnerName(db, code) : undefined;
      if (!found) throw new NotFound(callMsg.tagNotFound);
      const { tag } = found;
      const state = tagState(tag);
      if (state === 'unclaimed' || state === 'disabled') throw new Conflict(conversationMsg.notAllowed);
      await app.limits.consume('conversationsPerTagAddress', `${tag.code}|${client}`);
      let unitId: number | null = null;
      if (tag.productId === CONDOMINIUM_PRODUCT_ID) {
        const unit = body.unitId ? await repo.unitOfPlate(db, tag.code, body.unitId) : undefined;
        if (!unit) throw new BadRequest(callMsg.unitRequired);
        unitId = unit.id;
      }
      const recipients = await repo.recipientIds(db, { tagCode: tag.code, unitId, ownerId: tag.ownerId });
      if (recipients.length === 0) throw new Conflict(callMsg.unitEmpty);

      // 128 random bits; only its hash is stored.
      const token = randomBytes(16).toString('base64url');
      const located = body.latitude !== undefined && body.longitude !== undefined;
      const position = { latitude: located ? body.latitude! : null, longitude: located ? body.longitude! : null };
      const { conversation, message } = await db.transaction(async (tx) => {
        const conversation = await repo.insertConversation(tx, { tagCode: tag.code, unitId, tokenHash: hashToken(token), callerAddress: ip, ...position });
        const message = await repo.insertMessage(tx, { conversationId: conversation.id, fromFinder: true, body: body.body, ...position });
        return { conversation, message };
      });
      await broadcast(conversation, { message, authorName: null }, recipients);
      notifyRecipients(conversation, recipients, body.body, position);
      return { token, thread: await finderThread(conversation) };
    },

    /**
     * FIND-13: the finder's message after a call nobody answered (CALL-07) is a message of their
     * conversation with the tag (or, on a plate, with the call's unit): the thread this browser holds
     * (`body.conversation`) when it is this tag's and this unit's and still open, else a new one with a
     * new token. A blocked thread's token writes nothing (403). `claimCall` marks the call as holding
     * this message inside the same transaction (it throws when the call cannot take one: all is undone).
     * The recipients' sessions learn it like any finder message, with a push; the e-mail is the call's
     * own (CALL-07), which takes the thread's mail slot so a next message does not mail again at once.
     */
    async fromCall(
      call: CallSide,
      ip: string,
      body: CallMessageBody,
      claimCall: (tx: Tx, conversationId: string) => Promise<void>,
    ): Promise<StartConversationResponse> {
      const joined = await heldThread(call, body.conversation);
      const token = joined ? body.conversation! : randomBytes(16).toString('base64url');
      const located = body.latitude !== undefined && body.longitude !== undefined;
      const position = { latitude: located ? body.latitude! : null, longitude: located ? body.longitude! : null };
      const { conversation, message } = await db.transaction(async (tx) => {
        const conversation = await threadFor(tx, call, joined, token, ip, position);
        const message = await repo.insertMessage(tx, { conversationId: conversation.id, fromFinder: true, body: body.message, ...position });
        await repo.touch(tx, conversation.id, message.createdAt);
        await claimCall(tx, conversation.id);
        return { conversation, message };
      });
      await repo.claimMail(db, conversation.id, new Date(), CONVERSATION_MAIL_INTERVAL_MS);
      const found = await repo.byId(db, conversation.id);
      const recipients = found ? await repo.recipientIds(db, { tagCode: call.tagCode, unitId: call.unitId, ownerId: found.ownerId }) : [];
      await broadcast(conversation, { message, authorName: null }, recipients);
      background(() =>
        app.push.notify(recipients, { type: 'conversation-message', conversationId: conversation.id, text: conversationMsg.pushText, url: paths.conversation(conversation.id) }),
      );
      return { token, thread: await finderThread(found?.conversation ?? conversation) };
    },

    /**
     * FIND-12: the finder's voice or video recording after a call nobody answered (its container was
     * checked by the caller), a message of their conversation exactly as a text after the call is
     * (FIND-13): the thread whose token this browser sends (`held`) when it is this tag's and unit's
     * and still open, else a new one. The message's body is its label ("Mensagem de vídeo, 12 s"),
     * which the list, the push, the e-mail and the export show; the bytes sit beside it and go with
     * it. The recipients are told like for a text: live, a push, the conversation's throttled e-mail.
     */
    async recordingFromCall(
      call: CallSide,
      ip: string,
      held: string | null,
      recording: { kind: RecordingKind; mime: string; durationMs: number; bytes: Buffer },
    ): Promise<StartConversationResponse> {
      const joined = await heldThread(call, held);
      if (joined) await app.limits.consume('conversationMessagesPerToken', joined.id, recordingMsg.tooMany);
      await app.limits.consume('conversationMessagesPerAddress', clientKey(ip), recordingMsg.tooMany);
      const token = joined ? held! : randomBytes(16).toString('base64url');
      const body = recordingLabel(recording.kind, recording.durationMs);
      const { conversation, message } = await db.transaction(async (tx) => {
        const conversation = await threadFor(tx, call, joined, token, ip, { latitude: null, longitude: null });
        const message = await repo.insertMessage(tx, { conversationId: conversation.id, fromFinder: true, body, latitude: null, longitude: null });
        await repo.insertRecording(tx, {
          messageId: message.id,
          conversationId: conversation.id,
          kind: recording.kind,
          mime: recording.mime,
          durationMs: recording.durationMs,
          size: recording.bytes.length,
          bytes: recording.bytes,
        });
        await repo.touch(tx, conversation.id, message.createdAt);
        return { conversation, message };
      });
      const found = await repo.byId(db, conversation.id);
      const recipients = found ? await repo.recipientIds(db, { tagCode: call.tagCode, unitId: call.unitId, ownerId: found.ownerId }) : [];
      await broadcast(conversation, { message, authorName: null, recordingKind: recording.kind, recordingMs: recording.durationMs }, recipients);
      notifyRecipients(found?.conversation ?? conversation, recipients, body, { latitude: null, longitude: null });
      return { token, thread: await finderThread(found?.conversation ?? conversation) };
    },

    /** FIND-12: a recording's bytes and type, for one of the conversation's recipients (404 for anyone else). */
    async recording(id: string, messageId: number, userId: string) {
      const { conversation: c } = await forRecipient(id, userId);
      const found = await repo.recording(db, c.id, messageId);
      if (!found) throw new NotFound(recordingMsg.notFound);
      return found;
    },

    /**
     * CALL-17: the thread of an answered call with its finder, opened by one of the people who answer
     * the tag now (the call's recipients are checked by the caller): the call's linked thread when it
     * has one, else a new one (no message yet) whose token is derived from the call. Idempotent.
     */
    async openForCall(
      call: { id: string; tagCode: string; unitId: number | null; answeredAt: Date | null; conversationId: string | null; callerAddress: string | null; latitude: number | null; longitude: number | null },
      userId: string,
      link: (tx: Tx, conversationId: string) => Promise<unknown>,
    ): Promise<string> {
      const tag = await tagsRepository.findTagWithOwnerName(db, call.tagCode);
      const recipients = tag ? await repo.recipientIds(db, { tagCode: call.tagCode, unitId: call.unitId, ownerId: tag.tag.ownerId }) : [];
      if (!recipients.includes(userId)) throw new NotFound(callMsg.callNotFound);
      if (call.conversationId) return call.conversationId;
      if (!call.answeredAt) throw new Conflict(conversationMsg.callNotAnswered);
      const tokenHash = hashToken(callConversationToken(app.config.jwtSecret, call.id));
      return db.transaction(async (tx) => {
        const c = await repo.insertOrFind(tx, {
          tagCode: call.tagCode,
          unitId: call.unitId,
          tokenHash,
          callerAddress: call.callerAddress,
          latitude: call.latitude,
          longitude: call.longitude,
        });
        await link(tx, c.id);
        return c.id;
      });
    },

    /**
     * CALL-17: the finder's key to the thread the owner opened after their call (the caller token was
     * checked by the caller): only a thread whose hash is the call's derived token's — under the
     * signing secret or one still accepted (OPS-06) — and not blocked; null otherwise. A thread the
     * finder opened themselves (FIND-13) is already theirs.
     */
    async keyForCall(call: { id: string; conversationId: string | null }): Promise<string | null> {
      if (!call.conversationId) return null;
      const found = await repo.byId(db, call.conversationId);
      if (!found || found.conversation.blockedAt) return null;
      for (const secret of [app.config.jwtSecret, ...app.config.jwtAcceptedSecrets]) {
        const token = callConversationToken(secret, call.id);
        if (hashToken(token) === found.conversation.tokenHash) return token;
      }
      return null;
    },

    /** The finder's thread: read-only once closed or ended; a blocked token reads nothing more (403). */
    async finderThread(token: string | null): Promise<FinderThread> {
      const c = await byToken(token);
      if (c.blockedAt) throw new Forbidden(conversationMsg.blocked);
      return finderThread(c);
    },

    /** The finder writes again: only while the conversation is open (403 otherwise); limited per token and per address. */
    async finderWrite(token: string | null, ip: string, body: ConversationMessageBody): Promise<FinderMessage> {
      const c = await byToken(token);
      const state = conversationState(c);
      if (state !== 'open') throw new Forbidden(refusal[state]);
      await app.limits.consume('conversationMessagesPerToken', c.id);
      await app.limits.consume('conversationMessagesPerAddress', clientKey(ip));
      const located = body.latitude !== undefined && body.longitude !== undefined;
      const position = { latitude: located ? body.latitude! : null, longitude: located ? body.longitude! : null };
      const message = await db.transaction(async (tx) => {
        const m = await repo.insertMessage(tx, { conversationId: c.id, fromFinder: true, body: body.body, ...position });
        await repo.touch(tx, c.id, m.createdAt);
        return m;
      });
      const found = await repo.byId(db, c.id);
      const recipients = found ? await repo.recipientIds(db, { tagCode: c.tagCode, unitId: c.unitId, ownerId: found.ownerId }) : [];
      const row = { message, authorName: null };
      await broadcast(c, row, recipients);
      notifyRecipients(c, recipients, body.body, position);
      return toFinder(row, nobodyNamed);
    },

    /** The socket handshake of a finder: the conversation its token opens (blocked: none). */
    async socketConversation(token: string): Promise<string | null> {
      if (!conversationToken.safeParse(token).success) return null;
      const c = await repo.byTokenHash(db, hashToken(token));
      return c && !c.blockedAt ? c.id : null;
    },

    async list(userId: string): Promise<ConversationList> {
      const rows = await repo.forUser(db, userId, LIST_LIMIT);
      const conversations = rows.map((r) => ({
        id: r.conversation.id,
        tag_code: r.conversation.tagCode,
        tag_name: r.tagName,
        product_id: r.productId,
        unit_name: r.conversation.unitId === null ? null : (r.unitName ?? callMsg.temporaryUnit),
        state: conversationState(r.conversation),
        unread: r.unread,
        last_message: r.lastMessage,
        last_message_at: r.conversation.lastMessageAt.toISOString(),
      }));
      return { unread: conversations.reduce((n, c) => n + c.unread, 0), conversations };
    },

    /** The thread for one of its recipients; reading it marks it read for them. */
    async thread(id: string, userId: string): Promise<OwnerThread> {
      const { conversation: c, tagName, productId, unitName } = await forRecipient(id, userId);
      const rows = await repo.messages(db, c.id);
      const last = rows.at(-1);
      if (last) await repo.markRead(db, c.id, userId, last.message.id);
      return {
        id: c.id,
        tag_code: c.tagCode,
        tag_name: tagName,
        product_id: productId,
        unit_name: c.unitId === null ? null : (unitName ?? callMsg.temporaryUnit),
        state: conversationState(c),
        unread: 0,
        last_message: last?.message.body ?? '',
        last_message_at: c.lastMessageAt.toISOString(),
        messages: rows.map((r) => toOwner(r, userId)),
      };
    },

    /** An answer from the owner, a member or a resident (409 once the conversation is not open). */
    async answer(id: string, userId: string, body: ConversationMessageBody): Promise<OwnerMessage> {
      const { conversation: c, recipients } = await forRecipient(id, userId);
      const state = conversationState(c);
      if (state !== 'open') throw new Conflict(refusal[state]);
      const located = body.latitude !== undefined && body.longitude !== undefined;
      const message = await db.transaction(async (tx) => {
        const m = await repo.insertMessage(tx, {
          conversationId: c.id,
          fromFinder: false,
          authorId: userId,
          body: body.body,
          latitude: located ? body.latitude! : null,
          longitude: located ? body.longitude! : null,
        });
        await repo.touch(tx, c.id, m.createdAt);
        return m;
      });
      await repo.markRead(db, c.id, userId, message.id);
      const rows = await repo.messages(db, c.id);
      const row = rows.find((r) => r.message.id === message.id) ?? { message, authorName: null };
      await broadcast(c, row, recipients);
      return toOwner(row, userId);
    },

    async close(id: string, userId: string) {
      const { conversation: c, recipients } = await forRecipient(id, userId);
      await repo.setClosed(db, c.id, new Date());
      const now = await repo.byId(db, c.id);
      if (now) broadcastState(c, conversationState(now.conversation), recipients);
    },

    /** The finder's token can write no more (403), nor read the thread; its socket is closed. */
    async block(id: string, userId: string) {
      const { conversation: c, recipients } = await forRecipient(id, userId);
      await repo.setBlocked(db, c.id, new Date());
      broadcastState(c, 'blocked', recipients);
      app.io.in(conversationRoom(c.id)).disconnectSockets(true);
    },

    /** SEC-07 / LEG-01: the finder's data past retention, and conversations long ended. */
    purge(now: number, locationDays: number, ipDays: number) {
      return repo.purge(db, {
        locationBefore: new Date(now - locationDays * DAY_MS),
        ipBefore: new Date(now - ipDays * DAY_MS),
        deleteBefore: new Date(now - CONVERSATION_KEEP_DAYS * DAY_MS),
      });
    },
  };
}
