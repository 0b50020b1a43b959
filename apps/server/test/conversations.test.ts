import { describe, expect, test } from 'vitest';
import { eq, sql } from 'drizzle-orm';

import {
  CONVERSATION_KEEP_DAYS,
  CONVERSATION_LIFETIME_DAYS,
  CONVERSATION_LIMITS,
  CONVERSATION_MESSAGE_MAX,
  conversationMsg,
  type ConversationList,
  type FinderThread,
  type OwnerThread,
  type StartConversationResponse,
} from '@toque/contracts/conversations';
import { callMsg } from '@toque/contracts/messages';
import { FINDER_LOCATION_RETENTION_DAYS } from '@toque/contracts/constants';
import { geofenceMsg } from '@toque/contracts/geofence';
import { condominiums, conversationMessages, conversations, tags } from '../src/db/schema';
import { adminApi } from '@toque/contracts/routes';
import { build, dbLabel, errorBody, signUp } from './helpers';
import { send, signUpAdmin } from './condo-support';
import { connect, connectConversation, eventually, join, listen, mailsTo, ownedTag, plate, record, settle } from './calls-support';

const { app } = await build({ FINDER_DATA_PURGE_INTERVAL_MS: '100' });
const url = await listen(app);

let ipSeq = 10;
/** Each test writes from its own address, so the per-address limits of one never touch another. */
const freshIp = () => `198.51.100.${ipSeq++}`;

async function open(code: string, body = 'Achei sua carteira na padaria.', ip = freshIp(), extra: Record<string, unknown> = {}) {
  const res = await app.inject({ method: 'POST', url: `/api/public/tags/${code}/conversations`, payload: { body, ...extra }, remoteAddress: ip });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<StartConversationResponse>();
}
const finderRead = (token: string) => app.inject({ method: 'GET', url: '/api/public/conversation', headers: { authorization: `Bearer ${token}` } });
const finderWrite = (token: string, body: string, ip = '198.51.100.250', extra: Record<string, unknown> = {}) =>
  app.inject({ method: 'POST', url: '/api/public/conversation/messages', headers: { authorization: `Bearer ${token}` }, payload: { body, ...extra }, remoteAddress: ip });
const list = (auth: { authorization: string }) => app.inject({ method: 'GET', url: '/api/conversations', headers: auth });
/** Every finder-facing payload is checked for the owner's details. */
function expectNothingOfTheOwner(payload: unknown, owner: { email: string; phone?: string; name: string }) {
  const json = JSON.stringify(payload);
  expect(json).not.toContain(owner.email);
  if (owner.phone) expect(json).not.toContain(owner.phone);
  for (const part of owner.name.split(' ').slice(1)) expect(json).not.toContain(part);
}

describe(`FIND-06 conversations ${dbLabel}`, () => {
  test('[FIND-06] the first message opens a conversation; the token reads its thread and writes again; only the first name reaches the finder', async () => {
    const { owner, code } = await ownedTag(app);
    const started = await open(code);
    expect(started.token).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(started.thread).toMatchObject({ tag_code: code, owner_first_name: 'Joana', state: 'open' });
    expect(started.thread.messages).toHaveLength(1);
    expect(started.thread.messages[0]).toMatchObject({ from: 'finder', name: '', body: 'Achei sua carteira na padaria.' });

    const written = await finderWrite(started.token, 'Estou aqui até as 18h.');
    expect(written.statusCode).toBe(201);

    const { conversations: mine } = (await list(owner.auth)).json<ConversationList>();
    const id = mine[0]!.id;
    const answer = await app.inject({ method: 'POST', url: `/api/conversations/${id}/messages`, headers: owner.auth, payload: { body: 'Obrigada! Passo aí às 17h.' } });
    expect(answer.statusCode).toBe(201);

    const read = await finderRead(started.token);
    expect(read.statusCode).toBe(200);
    const thread = read.json<FinderThread>();
    expect(thread.messages.map((m) => [m.from, m.name, m.body])).toEqual([
      ['finder', '', 'Achei sua carteira na padaria.'],
      ['finder', '', 'Estou aqui até as 18h.'],
      ['owner', 'Joana', 'Obrigada! Passo aí às 17h.'],
    ]);
    for (const payload of [started, written.json(), thread]) expectNothingOfTheOwner(payload, owner);
    // Only the token's hash is stored.
    const [row] = await app.db.select({ hash: conversations.tokenHash }).from(conversations).where(eq(conversations.id, id));
    expect(row!.hash).toMatch(/^[0-9a-f]{64}$/);
    expect(row!.hash).not.toContain(started.token);
  });

  test('[FIND-06] a token reads only its own thread; a stranger, another tag\'s owner and a wrong token get 401/404', async () => {
    const { owner, code } = await ownedTag(app);
    const other = await ownedTag(app);
    const a = await open(code, 'Primeira conversa');
    const b = await open(other.code, 'Outra conversa');
    expect((await finderRead(a.token)).json<FinderThread>().messages.map((m) => m.body)).toEqual(['Primeira conversa']);
    expect((await finderRead(b.token)).json<FinderThread>().messages.map((m) => m.body)).toEqual(['Outra conversa']);

    const { conversations: mine } = (await list(owner.auth)).json<ConversationList>();
    expect(mine.map((c) => c.last_message)).toEqual(['Primeira conversa']);
    const id = mine[0]!.id;
    // Another tag's owner: nothing to see, nothing to answer, close or block.
    for (const [method, path, payload] of [
      ['GET', `/api/conversations/${id}`, undefined],
      ['POST', `/api/conversations/${id}/messages`, { body: 'oi' }],
      ['POST', `/api/conversations/${id}/close`, undefined],
      ['POST', `/api/conversations/${id}/block`, undefined],
    ] as const) {
      const res = await app.inject({ method, url: path, headers: other.owner.auth, ...(payload ? { payload } : {}) });
      expect(res.statusCode).toBe(404);
      expect(errorBody(res)).toBe(conversationMsg.notFound);
    }
    // A stranger without a session; a token that is not one; a well-formed unknown token.
    expect((await app.inject({ method: 'GET', url: `/api/conversations/${id}` })).statusCode).toBe(401);
    expect((await finderRead('not-a-token')).statusCode).toBe(401);
    expect((await finderRead('A'.repeat(22))).statusCode).toBe(401);
    expect((await app.inject({ method: 'GET', url: '/api/public/conversation' })).statusCode).toBe(401);
    expect((await finderWrite('A'.repeat(22), 'olá')).statusCode).toBe(401);
  });

  test('[FIND-06] members answer; unread counts per person; reading marks read; a plate\'s unit is answered by its residents only', async () => {
    const { owner, code, members } = await ownedTag(app, 3, 1);
    const member = members[0]!;
    const started = await open(code, 'Oi');
    await finderWrite(started.token, 'Tem alguém?');
    const ownerList = (await list(owner.auth)).json<ConversationList>();
    expect(ownerList.unread).toBe(2);
    expect((await list(member.auth)).json<ConversationList>().unread).toBe(2);
    expect((await app.inject({ method: 'GET', url: '/api/conversations/unread', headers: owner.auth })).json()).toEqual({ unread: 2 });
    const id = ownerList.conversations[0]!.id;
    const answered = await app.inject({ method: 'POST', url: `/api/conversations/${id}/messages`, headers: member.auth, payload: { body: 'Sou da família, pode falar.' } });
    expect(answered.statusCode).toBe(201);
    expect(answered.json()).toMatchObject({ from: 'owner', name: 'Membro', mine: true });
    // The member has read it by answering; the owner has not.
    expect((await list(member.auth)).json<ConversationList>().unread).toBe(0);
    expect((await list(owner.auth)).json<ConversationList>().unread).toBe(2);
    const thread = (await app.inject({ method: 'GET', url: `/api/conversations/${id}`, headers: owner.auth })).json<OwnerThread>();
    expect(thread.messages.map((m) => [m.from, m.mine])).toEqual([['finder', false], ['finder', false], ['owner', false]]);
    expect((await list(owner.auth)).json<ConversationList>().unread).toBe(0);

    const building = await plate(app, 1);
    const resident = building.residents[0]!;
    const noUnit = await app.inject({ method: 'POST', url: `/api/public/tags/${building.code}/conversations`, payload: { body: 'Oi' }, remoteAddress: freshIp() });
    expect(noUnit.statusCode).toBe(400);
    expect(errorBody(noUnit)).toBe(callMsg.unitRequired);
    const toUnit = await open(building.code, 'Encomenda na portaria', freshIp(), { unitId: building.unit.id });
    expect(toUnit.thread.owner_first_name).toBe('');
    const residentList = (await list(resident.auth)).json<ConversationList>();
    expect(residentList.conversations).toHaveLength(1);
    expect(residentList.conversations[0]).toMatchObject({ unit_name: '101', unread: 1 });
    // The síndico is not a resident of that unit: the unit's conversation is not theirs.
    expect((await list(building.owner.auth)).json<ConversationList>().conversations).toHaveLength(0);
  });

  test('[FIND-06] [CALL-02] [CONDO-17] a plate\'s unit is written to without a position even where calls need one; its residents answer as the unit (no name reaches the visitor); the thread names its unit', async () => {
    const building = await plate(app, 2);
    const [resident, neighbour] = building.residents;
    // The plate rings only at its door (CONDO-17): a call without a position is refused…
    await app.db
      .update(condominiums)
      .set({ plateLatitude: -23.5614, plateLongitude: -46.6559, geofenceRequired: true, geofenceRadiusM: 150 })
      .where(eq(condominiums.tagCode, building.code));
    const call = await app.inject({ method: 'POST', url: '/api/calls', payload: { code: building.code, unitId: building.unit.id }, remoteAddress: freshIp() });
    expect(call.statusCode).toBe(403);
    expect(errorBody(call)).toBe(geofenceMsg.positionRequired);
    // …but writing is a message, and a message still reaches the unit (ADR 0046): no position needed.
    const empty = await app.inject({ method: 'POST', url: `/api/public/tags/${building.code}/conversations`, payload: { body: 'Oi', unitId: building.empty.id }, remoteAddress: freshIp() });
    expect(empty.statusCode).toBe(409);
    expect(errorBody(empty)).toBe(callMsg.unitEmpty);
    const started = await open(building.code, 'Vim entregar a chave, ninguém atende.', freshIp(), { unitId: building.unit.id });
    expect(started.thread).toMatchObject({ tag_code: building.code, unit_id: building.unit.id, owner_first_name: '', state: 'open' });

    const residentSocket = await connect(url, resident!.token);
    const residentSeen = record(residentSocket);
    const finderSocket = await connectFinder(started.token);
    const finderSeen = record(finderSocket);
    const { conversations: theirs } = (await list(resident!.auth)).json<ConversationList>();
    expect(theirs).toHaveLength(1);
    expect(theirs[0]).toMatchObject({ unit_name: '101', unread: 1, last_message: 'Vim entregar a chave, ninguém atende.' });
    const id = theirs[0]!.id;
    const answered = await app.inject({ method: 'POST', url: `/api/conversations/${id}/messages`, headers: resident!.auth, payload: { body: 'Deixe na portaria, obrigado!' } });
    expect(answered.statusCode).toBe(201);
    // The residents see who of them answered; the visitor sees only the unit.
    expect(answered.json()).toMatchObject({ name: 'Morador', mine: true });
    expect((await residentSeen.next('conversation-message')).message).toMatchObject({ from: 'owner', name: 'Morador' });
    const live = await finderSeen.next('conversation-message');
    expect(live.message).toMatchObject({ from: 'owner', name: '', body: 'Deixe na portaria, obrigado!' });
    const neighbourView = (await app.inject({ method: 'GET', url: `/api/conversations/${id}`, headers: neighbour!.auth })).json<OwnerThread>();
    expect(neighbourView.messages.map((m) => [m.from, m.name, m.mine])).toEqual([
      ['finder', '', false],
      ['owner', 'Morador', false],
    ]);

    const read = await finderRead(started.token);
    expect(read.statusCode).toBe(200);
    const thread = read.json<FinderThread>();
    expect(thread.unit_id).toBe(building.unit.id);
    expect(thread.messages.map((m) => [m.from, m.name, m.body])).toEqual([
      ['finder', '', 'Vim entregar a chave, ninguém atende.'],
      ['owner', '', 'Deixe na portaria, obrigado!'],
    ]);
    for (const payload of [started, live, thread]) {
      const json = JSON.stringify(payload);
      for (const part of ['Morador', 'Silva', resident!.email, neighbour!.email]) expect(json).not.toContain(part);
    }
    residentSocket.disconnect();
    finderSocket.disconnect();
  });

  test('[FIND-06] close makes the thread read-only; block answers 403 to the token, to read and to write', async () => {
    const { owner, code } = await ownedTag(app);
    const closing = await open(code, 'um');
    const blocking = await open(code, 'dois');
    const rows = (await list(owner.auth)).json<ConversationList>().conversations;
    const idOfBody = (b: string) => rows.find((r) => r.last_message === b)!.id;

    expect((await app.inject({ method: 'POST', url: `/api/conversations/${idOfBody('um')}/close`, headers: owner.auth })).statusCode).toBe(204);
    expect((await finderRead(closing.token)).json<FinderThread>().state).toBe('closed');
    const late = await finderWrite(closing.token, 'ainda aí?');
    expect(late.statusCode).toBe(403);
    expect(errorBody(late)).toBe(conversationMsg.closed);
    const ownerLate = await app.inject({ method: 'POST', url: `/api/conversations/${idOfBody('um')}/messages`, headers: owner.auth, payload: { body: 'oi' } });
    expect(ownerLate.statusCode).toBe(409);

    expect((await app.inject({ method: 'POST', url: `/api/conversations/${idOfBody('dois')}/block`, headers: owner.auth })).statusCode).toBe(204);
    const blockedWrite = await finderWrite(blocking.token, 'oi?');
    expect(blockedWrite.statusCode).toBe(403);
    expect(errorBody(blockedWrite)).toBe(conversationMsg.blocked);
    const blockedRead = await finderRead(blocking.token);
    expect(blockedRead.statusCode).toBe(403);
    const count = await app.db.select({ n: sql<number>`count(*)`.mapWith(Number) }).from(conversationMessages).where(eq(conversationMessages.conversationId, idOfBody('dois')));
    expect(count[0]!.n).toBe(1);
  });

  test('[FIND-06] [ADM-07] a released or transferred tag does not carry its conversations to the next owner; the old token reads nothing', async () => {
    const admin = await signUpAdmin(app);
    for (const how of ['release', 'transfer'] as const) {
      const { owner, code } = await ownedTag(app);
      const started = await open(code, `Achei antes do ${how}.`);
      expect((await list(owner.auth)).json<ConversationList>().conversations).toHaveLength(1);
      const heir = await signUp(app, { name: 'Herdeira Nova' });
      const res =
        how === 'release'
          ? await send(app, 'POST', adminApi.releaseTag(code), admin.token)
          : await send(app, 'POST', adminApi.transferTag(code), admin.token, { email: heir.email });
      expect(res.statusCode, res.body).toBe(200);
      if (how === 'release') {
        const claimed = await app.inject({ method: 'PUT', url: '/api/products/associateQrCode', headers: heir.auth, payload: { code } });
        expect(claimed.statusCode).toBe(200);
      }
      expect((await list(heir.auth)).json<ConversationList>().conversations).toEqual([]);
      expect(await app.db.select().from(conversations).where(eq(conversations.tagCode, code))).toEqual([]);
      expect([401, 404]).toContain((await finderRead(started.token)).statusCode);
    }
  });

  test(`[FIND-06] ${CONVERSATION_LIFETIME_DAYS} days without a message: the conversation has ended, read-only on both sides`, async () => {
    const { owner, code } = await ownedTag(app);
    const started = await open(code, 'antiga');
    const id = (await list(owner.auth)).json<ConversationList>().conversations[0]!.id;
    await app.db
      .update(conversations)
      .set({ lastMessageAt: sql`now() - make_interval(days => ${CONVERSATION_LIFETIME_DAYS + 1})` })
      .where(eq(conversations.id, id));
    expect((await finderRead(started.token)).json<FinderThread>().state).toBe('ended');
    const write = await finderWrite(started.token, 'oi');
    expect(write.statusCode).toBe(403);
    expect(errorBody(write)).toBe(conversationMsg.ended);
    expect((await app.inject({ method: 'POST', url: `/api/conversations/${id}/messages`, headers: owner.auth, payload: { body: 'oi' } })).statusCode).toBe(409);
    expect((await list(owner.auth)).json<ConversationList>().conversations[0]!.state).toBe('ended');
  });

  test(`[FIND-06] [SEC-03] a message is 1 to ${CONVERSATION_MESSAGE_MAX} characters; text only, stored as written (markup inert), never a 5xx`, async () => {
    const { owner, code } = await ownedTag(app);
    const tooLong = await app.inject({ method: 'POST', url: `/api/public/tags/${code}/conversations`, payload: { body: 'x'.repeat(CONVERSATION_MESSAGE_MAX + 1) }, remoteAddress: freshIp() });
    expect(tooLong.statusCode).toBe(400);
    expect(errorBody(tooLong)).toBe(conversationMsg.messageTooLong);
    const empty = await app.inject({ method: 'POST', url: `/api/public/tags/${code}/conversations`, payload: { body: '   ' }, remoteAddress: freshIp() });
    expect(errorBody(empty)).toBe(conversationMsg.messageEmpty);
    const started = await open(code, 'x'.repeat(CONVERSATION_MESSAGE_MAX));
    const html = '<img src=x onerror=alert(1)> https://example.com';
    expect((await finderWrite(started.token, html)).statusCode).toBe(201);
    const id = (await list(owner.auth)).json<ConversationList>().conversations[0]!.id;
    const thread = (await app.inject({ method: 'GET', url: `/api/conversations/${id}`, headers: owner.auth })).json<OwnerThread>();
    expect(thread.messages.at(-1)!.body).toBe(html);
    for (const bad of [{ body: 5 }, { body: 'ok', latitude: 91, longitude: 0 }, { body: 'ok', extra: { $gt: '' } }, [], 'x']) {
      const res = await app.inject({ method: 'POST', url: '/api/public/conversation/messages', headers: { authorization: `Bearer ${started.token}` }, payload: bad as object });
      expect(res.statusCode, JSON.stringify(bad)).toBeLessThan(500);
    }
    expect((await app.inject({ method: 'GET', url: '/api/conversations/not-a-uuid', headers: owner.auth })).statusCode).toBe(400);
    // A switched-off tag still takes a conversation; an unclaimed one does not.
    await app.db.update(tags).set({ isActive: false }).where(eq(tags.code, code));
    await open(code, 'desligado');
  });

  test('[FIND-06] [SEC-05] limits: messages per token (429 with Retry-After), conversations per tag and address — never silencing the tag for other addresses', async () => {
    const { code } = await ownedTag(app);
    const ip = freshIp();
    for (let i = 0; i < CONVERSATION_LIMITS.conversationsPerTagAddress.points; i++) await open(code, `conversa ${i}`, ip);
    const refused = await app.inject({ method: 'POST', url: `/api/public/tags/${code}/conversations`, payload: { body: 'mais uma' }, remoteAddress: ip });
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    // Another address still opens one on the same tag.
    const other = await open(code, 'de outro lugar', freshIp());

    const writer = freshIp();
    let last = 201;
    for (let i = 0; i < CONVERSATION_LIMITS.messagesPerToken.points; i++) last = (await finderWrite(other.token, `msg ${i}`, writer)).statusCode;
    expect(last).toBe(201);
    const flooded = await finderWrite(other.token, 'uma a mais', writer);
    expect(flooded.statusCode).toBe(429);
    expect(Number(flooded.headers['retry-after'])).toBeGreaterThan(0);
    // The tag still takes a new conversation from someone else.
    await open(code, 'outra pessoa', freshIp());
  });

  test('[FIND-06] a new finder message e-mails the recipients through the mail queue, at most once per conversation in 15 minutes', async () => {
    const { owner, code } = await ownedTag(app);
    const started = await open(code, 'Primeira mensagem');
    await eventually(async () => expect(await mailsTo(app, owner.email)).toHaveLength(1));
    await finderWrite(started.token, 'Segunda');
    await finderWrite(started.token, 'Terceira');
    await settle(200);
    const mails = await mailsTo(app, owner.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toContain(conversationMsg.mailSubject);
    expect(mails[0]!.text).toContain('Primeira mensagem');
    // Fifteen minutes later, the next message mails again.
    await app.db.update(conversations).set({ lastMailedAt: sql`now() - interval '16 minutes'` });
    await finderWrite(started.token, 'Quarta');
    await eventually(async () => expect(await mailsTo(app, owner.email)).toHaveLength(2));
  });

  test('[FIND-06] [SEC-07] the purge clears the finder\'s position and address like the calls\', and deletes long-ended conversations', async () => {
    const { owner, code } = await ownedTag(app);
    await open(code, 'velha', '203.0.113.50', { latitude: -19.9, longitude: -43.9 });
    const id = (await list(owner.auth)).json<ConversationList>().conversations[0]!.id;
    await app.db.update(conversations).set({ createdAt: sql`now() - make_interval(days => ${FINDER_LOCATION_RETENTION_DAYS + 1})` }).where(eq(conversations.id, id));
    await app.db
      .update(conversationMessages)
      .set({ createdAt: sql`now() - make_interval(days => ${FINDER_LOCATION_RETENTION_DAYS + 1})` })
      .where(eq(conversationMessages.conversationId, id));
    await eventually(async () => {
      const [row] = await app.db.select().from(conversations).where(eq(conversations.id, id));
      expect(row).toMatchObject({ latitude: null, longitude: null });
      const msgs = await app.db.select().from(conversationMessages).where(eq(conversationMessages.conversationId, id));
      expect(msgs.every((m) => m.latitude === null && m.longitude === null)).toBe(true);
    });
    await app.db.update(conversations).set({ lastMessageAt: sql`now() - make_interval(days => ${CONVERSATION_KEEP_DAYS + 1})` }).where(eq(conversations.id, id));
    await eventually(async () => expect(await app.db.select().from(conversations).where(eq(conversations.id, id))).toHaveLength(0));
  });

  test('[FIND-06] live: the finder\'s socket (its token) gets each answer, the owner\'s sessions each finder message; block closes the finder\'s socket', async () => {
    const { owner, code } = await ownedTag(app);
    const ownerSocket = await connect(url, owner.token);
    const ownerSeen = record(ownerSocket);
    const started = await open(code, 'Ao vivo');
    const first = await ownerSeen.next('conversation-message');
    expect(first.message).toMatchObject({ from: 'finder', body: 'Ao vivo' });
    const id = first.conversationId;

    const finderSocket = await connectFinder(started.token);
    const finderSeen = record(finderSocket);
    await app.inject({ method: 'POST', url: `/api/conversations/${id}/messages`, headers: owner.auth, payload: { body: 'Oi! Estou indo.' } });
    const answer = await finderSeen.next('conversation-message');
    expect(answer.message).toMatchObject({ from: 'owner', name: 'Joana', body: 'Oi! Estou indo.' });
    expectNothingOfTheOwner(answer, owner);

    // The owner's other sessions see the answer too (another tab, the phone).
    expect((await ownerSeen.next('conversation-message')).message.body).toBe('Oi! Estou indo.');
    await finderWrite(started.token, 'Combinado');
    expect((await ownerSeen.next('conversation-message')).message.body).toBe('Combinado');

    const closed = new Promise<string>((resolve) => finderSocket.once('disconnect', resolve));
    await app.inject({ method: 'POST', url: `/api/conversations/${id}/block`, headers: owner.auth });
    expect((await finderSeen.next('conversation-state')).state).toBe('blocked');
    expect(await closed).toBe('io server disconnect');
    // A blocked token cannot open a socket again.
    await expect(connectFinder(started.token)).rejects.toThrow(callMsg.socketUnauthorized);
  });

  test('[FIND-06] [SEC-03] hostile sockets: a wrong conversation token is refused; a finder socket\'s call events and junk are ignored and never reach another room', async () => {
    const { owner, code } = await ownedTag(app);
    for (const bad of ['A'.repeat(22), 'x', 'A'.repeat(65), '']) await expect(connectFinder(bad)).rejects.toThrow(callMsg.socketUnauthorized);
    const started = await open(code, 'hostil');
    const finderSocket = await connectFinder(started.token);
    // A call of the same tag: the finder's conversation socket cannot join it nor relay into it.
    const call = await app.inject({ method: 'POST', url: '/api/calls', payload: { code }, remoteAddress: freshIp() });
    const roomId = call.json<{ roomId: string }>().roomId;
    const ownerSocket = await connect(url, owner.token);
    const ownerSeen = record(ownerSocket);
    const ack = await Promise.race([join(finderSocket, roomId).catch(() => 'no ack'), settle(500).then(() => 'no ack')]);
    expect(ack).toBe('no ack');
    finderSocket.emit('offer', { roomId, payload: { type: 'offer', sdp: 'v=0' } });
    (finderSocket as unknown as { emit: (e: string, ...a: unknown[]) => void }).emit('conversation-message', { conversationId: 'x', message: { body: '<script>' } });
    (finderSocket as unknown as { emit: (e: string, ...a: unknown[]) => void }).emit('conversation-state', null);
    await settle(300);
    expect(ownerSeen.all('offer')).toHaveLength(0);
    expect(ownerSeen.all('conversation-message')).toHaveLength(0);
    expect(finderSocket.connected).toBe(true);
  });
});

const connectFinder = (token: string) => connectConversation(url, token);

