import { describe, expect, test } from 'vitest';
import { eq } from 'drizzle-orm';
import type { CallHistoryItem } from '@toque/contracts/calls';
import {
  conversationMsg,
  conversationsApi,
  type CallConversationKey,
  type CallConversationResponse,
  type ConversationList,
  type FinderMessage,
  type FinderThread,
  type OwnerThread,
} from '@toque/contracts/conversations';
import { callMsg } from '@toque/contracts/messages';
import { calls, conversations } from '../src/db/schema';
import { build, dbLabel, errorBody, signUp } from './helpers';
import { connect, connectConversation, eventually, ringOut, join, listen, ownedTag, plate, startCall } from './calls-support';

/**
 * CALL-17 (issue 33 item 8) / FIND-13: after an ANSWERED call, its owner (or anyone who answers the
 * tag) opens a conversation with the finder of THAT call; the finder's page learns its key with the
 * call's caller token, and nobody else can (docs/decisions/0044, addendum).
 */
// The production ring: a missed call is made overdue (ringOut) rather than raced by a short ring.
const { app } = await build({ CALL_SWEEP_INTERVAL_MS: '100', RATE_CALL_PER_IP: '1000' });
const url = await listen(app);

let ipSeq = 40;
const freshIp = () => `203.0.113.${ipSeq++}`;

type Auth = { authorization: string };
const open = (roomId: string, auth?: Auth) =>
  app.inject({ method: 'POST', url: `/api${conversationsApi.ofCall(roomId)}`, ...(auth ? { headers: auth } : {}) });
const key = (roomId: string, token?: string) =>
  app.inject({ method: 'GET', url: `/api${conversationsApi.ofCall(roomId)}`, ...(token ? { headers: { authorization: `Bearer ${token}` } } : {}) });
const finderRead = (token: string) => app.inject({ method: 'GET', url: '/api/public/conversation', headers: { authorization: `Bearer ${token}` } });
const callRow = async (roomId: string) => (await app.db.select().from(calls).where(eq(calls.id, roomId)))[0]!;
const threadsOf = async (code: string) => app.db.select().from(conversations).where(eq(conversations.tagCode, code));

/** A call to `code` that `answerer` picks up (their session joins the room), so it is answered. */
async function answeredCall(code: string, answerer: { token: string }, extra: Record<string, unknown> = {}) {
  const call = await startCall(app, code, extra, freshIp());
  const socket = await connect(url, answerer.token);
  expect(await join(socket, call.roomId)).toMatchObject({ ok: true });
  await eventually(async () => expect((await callRow(call.roomId)).answeredAt).not.toBeNull());
  return { ...call, socket };
}

const connectFinder = (token: string) => connectConversation(url, token);

describe(`CALL-17 writing to the finder after an answered call ${dbLabel}`, () => {
  test('[CALL-17] [FIND-13] the owner of an answered call opens its conversation; the finder of that call gets its key and reads the owner live and after a reload; they can answer', async () => {
    const { owner, code, members } = await ownedTag(app, 3, 1);
    const call = await answeredCall(code, owner);
    call.socket.disconnect();

    // Before the owner writes, the finder's end screen hears nothing to open.
    const before = await key(call.roomId, call.callerToken);
    expect(before.statusCode, before.body).toBe(200);
    expect(before.json<CallConversationKey>()).toEqual({ token: null });

    const res = await open(call.roomId, owner.auth);
    expect(res.statusCode, res.body).toBe(200);
    const { id } = res.json<CallConversationResponse>();
    // Idempotent: the owner again, or a member, reach the same thread; the call's history links it.
    expect((await open(call.roomId, owner.auth)).json<CallConversationResponse>().id).toBe(id);
    expect((await open(call.roomId, members[0]!.auth)).json<CallConversationResponse>().id).toBe(id);
    expect(await threadsOf(code)).toHaveLength(1);
    expect((await callRow(call.roomId)).conversationId).toBe(id);
    const history = (await app.inject({ method: 'GET', url: '/api/calls/history', headers: owner.auth })).json<CallHistoryItem[]>();
    expect(history[0]).toMatchObject({ roomId: call.roomId, conversation_id: id });
    const list = (await app.inject({ method: 'GET', url: '/api/conversations', headers: owner.auth })).json<ConversationList>();
    expect(list.conversations.map((c) => [c.id, c.tag_code, c.state])).toEqual([[id, code, 'open']]);

    // The finder's page, with its caller token, gets the thread's key: a conversation token like any other.
    const got = await key(call.roomId, call.callerToken);
    expect(got.statusCode, got.body).toBe(200);
    const { token } = got.json<CallConversationKey>();
    expect(token).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect((await key(call.roomId, call.callerToken)).json<CallConversationKey>().token).toBe(token);
    // Only its hash is stored.
    expect(JSON.stringify(await threadsOf(code))).not.toContain(token!);

    const finder = await connectFinder(token!);
    const heard = new Promise<FinderMessage>((resolve) => finder.once('conversation-message', (e) => resolve(e.message)));
    const written = await app.inject({ method: 'POST', url: `/api/conversations/${id}/messages`, headers: owner.auth, payload: { body: 'Obrigada por ligar! Onde posso buscar?' } });
    expect(written.statusCode, written.body).toBe(201);
    expect(await heard).toMatchObject({ from: 'owner', name: 'Joana', body: 'Obrigada por ligar! Onde posso buscar?' });
    finder.disconnect();

    // After a reload the finder's browser holds the token: the thread is there, with the first name only.
    const read = await finderRead(token!);
    expect(read.statusCode).toBe(200);
    expect(read.json<FinderThread>()).toMatchObject({ tag_code: code, unit_id: null, owner_first_name: 'Joana', state: 'open' });
    expect(read.json<FinderThread>().messages.map((m) => [m.from, m.name, m.body])).toEqual([['owner', 'Joana', 'Obrigada por ligar! Onde posso buscar?']]);
    expect(read.body).not.toContain('Prado');

    const reply = await app.inject({
      method: 'POST',
      url: '/api/public/conversation/messages',
      headers: { authorization: `Bearer ${token}` },
      payload: { body: 'Na padaria da esquina.' },
      remoteAddress: freshIp(),
    });
    expect(reply.statusCode, reply.body).toBe(201);
    const thread = (await app.inject({ method: 'GET', url: `/api/conversations/${id}`, headers: owner.auth })).json<OwnerThread>();
    expect(thread.messages.map((m) => [m.from, m.body])).toEqual([
      ['owner', 'Obrigada por ligar! Onde posso buscar?'],
      ['finder', 'Na padaria da esquina.'],
    ]);
  });

  test('[CALL-17] nobody else opens it or gets its key: a stranger, the owner of another tag, no session (401); another call’s caller token, a session, no token (401)', async () => {
    const { owner, code } = await ownedTag(app);
    const other = await ownedTag(app);
    const stranger = await signUp(app, { name: 'Estranho Qualquer' });
    const call = await answeredCall(code, owner);
    call.socket.disconnect();
    const elsewhere = await answeredCall(other.code, other.owner);
    elsewhere.socket.disconnect();

    for (const auth of [stranger.auth, other.owner.auth]) {
      const refused = await open(call.roomId, auth);
      expect([refused.statusCode, errorBody(refused)]).toEqual([404, callMsg.callNotFound]);
    }
    expect((await open(call.roomId)).statusCode).toBe(401);
    expect((await open('nao-existe', owner.auth)).statusCode).toBe(404);
    expect(await threadsOf(code)).toEqual([]);

    expect((await open(call.roomId, owner.auth)).statusCode).toBe(200);
    // The key goes to this call's caller token only.
    for (const token of [elsewhere.callerToken, owner.token, undefined, 'x'.repeat(30)]) {
      const refused = await key(call.roomId, token);
      expect([refused.statusCode, errorBody(refused)]).toEqual([401, callMsg.invalidCallerToken]);
    }
    // The other call's own finder hears of no thread: that owner opened none.
    expect((await key(elsewhere.roomId, elsewhere.callerToken)).json<CallConversationKey>()).toEqual({ token: null });
  });

  test('[CALL-17] a call nobody answered: 409 until its finder writes (FIND-13), then the owner reaches that thread and the finder is sent no second key', async () => {
    const { owner, code } = await ownedTag(app);
    const call = await startCall(app, code, {}, freshIp());
    await ringOut(app, call.roomId);
    const refused = await open(call.roomId, owner.auth);
    expect([refused.statusCode, errorBody(refused)]).toEqual([409, conversationMsg.callNotAnswered]);
    expect(await threadsOf(code)).toEqual([]);

    const left = await app.inject({
      method: 'POST',
      url: `/api/calls/${call.roomId}/message`,
      headers: { authorization: `Bearer ${call.callerToken}` },
      payload: { message: 'Liguei e ninguém atendeu.' },
      remoteAddress: freshIp(),
    });
    expect(left.statusCode, left.body).toBe(201);
    const opened = await open(call.roomId, owner.auth);
    expect(opened.statusCode).toBe(200);
    expect(opened.json<CallConversationResponse>().id).toBe((await callRow(call.roomId)).conversationId);
    expect((await key(call.roomId, call.callerToken)).json<CallConversationKey>()).toEqual({ token: null });
  });

  test("[CALL-17] a blocked thread's key is no longer given; a plate's answered call opens the unit's thread for its residents (not the síndico)", async () => {
    const { owner, code } = await ownedTag(app);
    const call = await answeredCall(code, owner);
    call.socket.disconnect();
    const { id } = (await open(call.roomId, owner.auth)).json<CallConversationResponse>();
    expect((await key(call.roomId, call.callerToken)).json<CallConversationKey>().token).not.toBeNull();
    expect((await app.inject({ method: 'POST', url: `/api/conversations/${id}/block`, headers: owner.auth })).statusCode).toBe(204);
    expect((await key(call.roomId, call.callerToken)).json<CallConversationKey>()).toEqual({ token: null });

    const p = await plate(app, 2);
    const unitCall = await answeredCall(p.code, p.residents[0]!, { unitId: p.unit.id });
    unitCall.socket.disconnect();
    expect((await open(unitCall.roomId, p.owner.auth)).statusCode).toBe(404);
    const byResident = await open(unitCall.roomId, p.residents[1]!.auth);
    expect(byResident.statusCode, byResident.body).toBe(200);
    const { token } = (await key(unitCall.roomId, unitCall.callerToken)).json<CallConversationKey>();
    const thread = (await finderRead(token!)).json<FinderThread>();
    expect(thread).toMatchObject({ tag_code: p.code, unit_id: p.unit.id, owner_first_name: '', messages: [] });
  });

  test('[CALL-17] two people opening at once get one thread (the call keeps it)', async () => {
    const { owner, code, members } = await ownedTag(app, 3, 2);
    const call = await answeredCall(code, owner);
    call.socket.disconnect();
    const answers = await Promise.all([owner, ...members].map((who) => open(call.roomId, who.auth)));
    expect(answers.map((r) => r.statusCode)).toEqual([200, 200, 200]);
    const ids = new Set(answers.map((r) => r.json<CallConversationResponse>().id));
    expect(ids.size).toBe(1);
    expect(await threadsOf(code)).toHaveLength(1);
    expect((await callRow(call.roomId)).conversationId).toBe([...ids][0]);
  });
});
