import { describe, expect, test } from 'vitest';
import { eq } from 'drizzle-orm';
import type { CallHistoryItem } from '@toque/contracts/calls';
import {
  conversationMsg,
  type ConversationList,
  type FinderMessage,
  type FinderThread,
  type OwnerThread,
  type StartConversationResponse,
} from '@toque/contracts/conversations';
import { callMsg, replyMsg } from '@toque/contracts/messages';
import { calls, conversationMessages, conversations } from '../src/db/schema';
import { build, dbLabel, errorBody } from './helpers';
import { connectConversation, eventually, ringOut, listen, mailsTo, ownedTag, plate, settle, startCall } from './calls-support';

// A short ring, and a sweep that runs often.
// The production ring: a missed call is made overdue (ringOut) rather than raced by a short ring.
const { app } = await build({ CALL_SWEEP_INTERVAL_MS: '100', RATE_CALL_PER_IP: '1000' });
const url = await listen(app);

let ipSeq = 10;
const freshIp = () => `203.0.113.${ipSeq++}`;

/** What the finder's page posts after a missed call (CALL-07), now answered with the thread it opened or joined. */
interface CallMessageReply {
  message: string;
  token: string;
  thread: FinderThread;
}

const leave = (roomId: string, callerToken: string, payload: Record<string, unknown>) =>
  app.inject({ method: 'POST', url: `/api/calls/${roomId}/message`, headers: { authorization: `Bearer ${callerToken}` }, payload, remoteAddress: freshIp() });
const finderRead = (token: string) => app.inject({ method: 'GET', url: '/api/public/conversation', headers: { authorization: `Bearer ${token}` } });
const list = async (auth: { authorization: string }) =>
  (await app.inject({ method: 'GET', url: '/api/conversations', headers: auth })).json<ConversationList>();
const history = async (auth: { authorization: string }) =>
  (await app.inject({ method: 'GET', url: '/api/calls/history', headers: auth })).json<CallHistoryItem[]>();
const callRow = async (roomId: string) => (await app.db.select().from(calls).where(eq(calls.id, roomId)))[0]!;
const conversationCount = async (code: string) => (await app.db.select().from(conversations).where(eq(conversations.tagCode, code))).length;

/** A call to `code` nobody answers: made overdue, the server's sweep marks it missed. */
async function missedCall(code: string, extra: Record<string, unknown> = {}) {
  const call = await startCall(app, code, extra, freshIp());
  await ringOut(app, call.roomId);
  return call;
}

const connectFinder = (token: string) => connectConversation(url, token);

describe(`FIND-13 the message after a missed call is a conversation ${dbLabel}`, () => {
  test('[FIND-13] missed call → message → a conversation holding it: the owner lists it and answers; the finder reads the answer with its token, live and again later', async () => {
    const { owner, code } = await ownedTag(app);
    const { roomId, callerToken } = await missedCall(code);

    const res = await leave(roomId, callerToken, { message: 'Achei seu cachorro na praça.', latitude: -19.92, longitude: -43.94 });
    expect(res.statusCode, res.body).toBe(201);
    const reply = res.json<CallMessageReply>();
    expect(reply.message).toBe(replyMsg.messageSent);
    expect(reply.token).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(reply.thread).toMatchObject({ tag_code: code, unit_id: null, owner_first_name: 'Joana', state: 'open' });
    expect(reply.thread.messages.map((m) => [m.from, m.body, m.latitude, m.longitude])).toEqual([['finder', 'Achei seu cachorro na praça.', -19.92, -43.94]]);

    // The owner's Conversas lists it, unread; the call's history entry links to it.
    const mine = await list(owner.auth);
    expect(mine.conversations).toHaveLength(1);
    expect(mine.conversations[0]).toMatchObject({ tag_code: code, last_message: 'Achei seu cachorro na praça.', unread: 1, state: 'open' });
    const id = mine.conversations[0]!.id;
    const [entry] = await history(owner.auth);
    expect(entry).toMatchObject({ roomId, status: 'missed', message: 'Achei seu cachorro na praça.', conversation_id: id });
    // The call's own record still holds the message (CALL-07: history and mail), once.
    expect(await callRow(roomId)).toMatchObject({ message: 'Achei seu cachorro na praça.', latitude: -19.92 });
    // The mail of CALL-07 (one, not a second one from the conversation) tells the owner where to answer.
    const mails = await eventually(async () => {
      const found = (await mailsTo(app, owner.email)).filter((m) => m.subject.startsWith(callMsg.messageSubject));
      expect(found).toHaveLength(1);
      return found;
    });
    expect(mails[0]!.text).toContain('Conversas');
    await settle(200);
    expect((await mailsTo(app, owner.email)).filter((m) => m.subject.startsWith(conversationMsg.mailSubject))).toEqual([]);

    // The finder is listening with the token; the owner answers in Conversas.
    const finder = await connectFinder(reply.token);
    const heard = new Promise<FinderMessage>((resolve) => finder.once('conversation-message', (e) => resolve(e.message)));
    const answer = await app.inject({ method: 'POST', url: `/api/conversations/${id}/messages`, headers: owner.auth, payload: { body: 'Obrigada! Estou indo.' } });
    expect(answer.statusCode).toBe(201);
    expect(await heard).toMatchObject({ from: 'owner', name: 'Joana', body: 'Obrigada! Estou indo.' });
    finder.disconnect();

    const read = await finderRead(reply.token);
    expect(read.statusCode).toBe(200);
    expect(read.json<FinderThread>().messages.map((m) => [m.from, m.name, m.body])).toEqual([
      ['finder', '', 'Achei seu cachorro na praça.'],
      ['owner', 'Joana', 'Obrigada! Estou indo.'],
    ]);
    const thread = (await app.inject({ method: 'GET', url: `/api/conversations/${id}`, headers: owner.auth })).json<OwnerThread>();
    expect(thread.messages.map((m) => [m.from, m.body])).toEqual([
      ['finder', 'Achei seu cachorro na praça.'],
      ['owner', 'Obrigada! Estou indo.'],
    ]);
    // Still once per call.
    const again = await leave(roomId, callerToken, { message: 'De novo' });
    expect([again.statusCode, errorBody(again)]).toEqual([409, callMsg.messageAlreadyLeft]);
    expect(await conversationCount(code)).toBe(1);
  });

  test('[FIND-13] the finder who already wrote ("Escrever uma mensagem") joins that thread: one conversation, both messages', async () => {
    const { owner, code } = await ownedTag(app);
    const opened = await app.inject({ method: 'POST', url: `/api/public/tags/${code}/conversations`, payload: { body: 'Estou com a sua carteira.' }, remoteAddress: freshIp() });
    expect(opened.statusCode).toBe(201);
    const { token } = opened.json<StartConversationResponse>();

    const { roomId, callerToken } = await missedCall(code);
    const res = await leave(roomId, callerToken, { message: 'Liguei e ninguém atendeu.', conversation: token });
    expect(res.statusCode, res.body).toBe(201);
    const reply = res.json<CallMessageReply>();
    expect(reply.token).toBe(token);
    expect(reply.thread.messages.map((m) => m.body)).toEqual(['Estou com a sua carteira.', 'Liguei e ninguém atendeu.']);
    expect(await conversationCount(code)).toBe(1);
    const mine = await list(owner.auth);
    expect(mine.conversations.map((c) => [c.last_message, c.unread])).toEqual([['Liguei e ninguém atendeu.', 2]]);
    expect((await history(owner.auth))[0]).toMatchObject({ roomId, conversation_id: mine.conversations[0]!.id });
  });

  test("[FIND-13] another tag's token or an unknown one opens a new thread (nothing said about the other); a malformed one is a 400 and a blocked one a 403, writing nothing", async () => {
    const { owner, code } = await ownedTag(app);
    const other = await ownedTag(app);
    const elsewhere = (
      await app.inject({ method: 'POST', url: `/api/public/tags/${other.code}/conversations`, payload: { body: 'Outro toque' }, remoteAddress: freshIp() })
    ).json<StartConversationResponse>();

    const first = await missedCall(code);
    const res = await leave(first.roomId, first.callerToken, { message: 'Primeira', conversation: elsewhere.token });
    expect(res.statusCode, res.body).toBe(201);
    const reply = res.json<CallMessageReply>();
    expect(reply.token).not.toBe(elsewhere.token);
    expect(reply.thread.messages.map((m) => m.body)).toEqual(['Primeira']);
    expect((await finderRead(elsewhere.token)).json<FinderThread>().messages.map((m) => m.body)).toEqual(['Outro toque']);
    expect((await list(other.owner.auth)).conversations.map((c) => c.last_message)).toEqual(['Outro toque']);

    const second = await missedCall(code);
    const unknown = await leave(second.roomId, second.callerToken, { message: 'Segunda', conversation: 'B'.repeat(22) });
    expect(unknown.statusCode).toBe(201);
    expect(await conversationCount(code)).toBe(2);

    // Malformed: 400, nothing written (the call can still take its message).
    const third = await missedCall(code);
    const malformed = await leave(third.roomId, third.callerToken, { message: 'Terceira', conversation: 'nope' });
    expect(malformed.statusCode).toBe(400);
    expect((await callRow(third.roomId)).message).toBeNull();

    // The owner blocked the first thread: its token leaves no message on a call (403), nothing written.
    const blockedId = (await list(owner.auth)).conversations.find((c) => c.last_message === 'Primeira')!.id;
    expect((await app.inject({ method: 'POST', url: `/api/conversations/${blockedId}/block`, headers: owner.auth })).statusCode).toBe(204);
    const refused = await leave(third.roomId, third.callerToken, { message: 'Terceira', conversation: reply.token });
    expect([refused.statusCode, errorBody(refused)]).toEqual([403, conversationMsg.blocked]);
    expect((await callRow(third.roomId)).message).toBeNull();
    expect(await conversationCount(code)).toBe(2);
    const blockedMessages = await app.db.select().from(conversationMessages).where(eq(conversationMessages.conversationId, blockedId));
    expect(blockedMessages.map((m) => m.body)).toEqual(['Primeira']);
  });

  test("[FIND-13] a plate's missed call: the message opens the unit's thread, its residents answer, the visitor reads the unit's answer", async () => {
    const p = await plate(app, 2);
    const { roomId, callerToken } = await missedCall(p.code, { unitId: p.unit.id });
    const res = await leave(roomId, callerToken, { message: 'Sou o entregador.' });
    expect(res.statusCode, res.body).toBe(201);
    const reply = res.json<CallMessageReply>();
    expect(reply.thread).toMatchObject({ unit_id: p.unit.id, owner_first_name: '' });
    const resident = p.residents[1]!;
    const theirs = await list(resident.auth);
    expect(theirs.conversations.map((c) => [c.unit_name, c.last_message])).toEqual([['101', 'Sou o entregador.']]);
    // The síndico (the plate's owner) is not the unit.
    expect((await list(p.owner.auth)).conversations).toEqual([]);
    const id = theirs.conversations[0]!.id;
    expect((await app.inject({ method: 'POST', url: `/api/conversations/${id}/messages`, headers: resident.auth, payload: { body: 'Pode deixar na portaria.' } })).statusCode).toBe(201);
    expect((await finderRead(reply.token)).json<FinderThread>().messages.map((m) => [m.from, m.name, m.body])).toEqual([
      ['finder', '', 'Sou o entregador.'],
      ['owner', '', 'Pode deixar na portaria.'],
    ]);
  });

  test('[FIND-13] a message stored the old way (on the call only) still shows in Chamadas, with no conversation', async () => {
    const { owner, code } = await ownedTag(app);
    const { roomId } = await missedCall(code);
    await app.db.update(calls).set({ message: 'Deixei na portaria' }).where(eq(calls.id, roomId));
    const [entry] = await history(owner.auth);
    expect(entry).toMatchObject({ roomId, message: 'Deixei na portaria', conversation_id: null });
    expect((await list(owner.auth)).conversations).toEqual([]);
  });
});
