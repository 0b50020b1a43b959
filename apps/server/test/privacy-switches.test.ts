import { describe, expect, test } from 'vitest';
import type { PublicTag } from '@toque/contracts/calls';
import type { ConversationList, FinderThread, StartConversationResponse } from '@toque/contracts/conversations';
import { productsApi } from '@toque/contracts/routes';
import { tagMembers } from '../src/db/schema';
import { build, dbLabel, mint, signUp } from './helpers';
import { connect, connectConversation, join, listen, record, settle, startCall, userId } from './calls-support';

/**
 * SEC-10: a field the owner switched off on the finder's page never leaves the server toward the
 * finder, whatever the path. Each path is read as raw JSON (bodies and socket payloads) and searched
 * for the owner's first name: absent with the switch off, present with it on where the path names
 * the owner at all. (The page and its JSON seed: finder-page.test.ts, which builds the web.)
 */
const { app } = await build();
const url = await listen(app);

const OWNER = 'Carlos Eduardo Moura';
const MEMBER = 'Beatriz Nunes Prado';

let ipSeq = 10;
const freshIp = () => `203.0.113.${ipSeq++}`;

/** A pet tag of Carlos, shared with Beatriz, with its name switch as given (set through the owner's own form's API). */
async function carlosTag(showOwnerName: boolean) {
  const owner = await signUp(app, { name: OWNER });
  const member = await signUp(app, { name: MEMBER });
  const [code] = await mint(app, 3);
  const claimed = await app.inject({ method: 'PUT', url: '/api/products/associateQrCode', headers: owner.auth, payload: { code } });
  expect(claimed.statusCode).toBe(200);
  await app.db.insert(tagMembers).values({ tagCode: code!, userId: userId(member.token) });
  const edited = await app.inject({
    method: 'PUT',
    url: `/api${productsApi.updateName}`,
    headers: owner.auth,
    payload: { code, name: 'Rex', importantInfo: 'Alérgico a frango', showInfoToFinder: true, showOwnerName },
  });
  expect(edited.statusCode, edited.body).toBe(200);
  return { owner, member, code: code! };
}

/** Whether any of these raw payloads names the person (their first name, or anything after it). */
function names(payloads: unknown[], person: string) {
  const json = JSON.stringify(payloads);
  return person.split(' ').some((part) => json.includes(part));
}

const connectFinder = (token: string) => connectConversation(url, token);

/** The whole conversation as the finder lives it: start, the owner's and the member's answers (live and read back), a second message. */
async function conversationAsTheFinderSeesIt(t: Awaited<ReturnType<typeof carlosTag>>) {
  const started = await app.inject({ method: 'POST', url: `/api/public/tags/${t.code}/conversations`, payload: { body: 'Achei o Rex na praça.' }, remoteAddress: freshIp() });
  expect(started.statusCode, started.body).toBe(201);
  const { token } = started.json<StartConversationResponse>();
  const finderSocket = await connectFinder(token);
  const live = record(finderSocket);
  const id = (await app.inject({ method: 'GET', url: '/api/conversations', headers: t.owner.auth })).json<ConversationList>().conversations[0]!.id;
  for (const who of [t.owner, t.member]) {
    const answered = await app.inject({ method: 'POST', url: `/api/conversations/${id}/messages`, headers: who.auth, payload: { body: 'Obrigado! Vou buscar.' } });
    expect(answered.statusCode, answered.body).toBe(201);
  }
  const answers = [await live.next('conversation-message'), await live.next('conversation-message')];
  const written = await app.inject({ method: 'POST', url: '/api/public/conversation/messages', headers: { authorization: `Bearer ${token}` }, payload: { body: 'Combinado.' }, remoteAddress: freshIp() });
  expect(written.statusCode, written.body).toBe(201);
  const read = await app.inject({ method: 'GET', url: '/api/public/conversation', headers: { authorization: `Bearer ${token}` } });
  expect(read.statusCode).toBe(200);
  await settle(100);
  finderSocket.disconnect();
  return { start: started.json<StartConversationResponse>(), answers, written: written.json<unknown>(), thread: read.json<FinderThread>(), live: live.all('conversation-message') };
}

describe(`SEC-10 the name switch on every path to the finder ${dbLabel}`, () => {
  test('[SEC-10] [FIND-09] the public view: switched off, neither the name nor the other switched-off fields are in the raw JSON', async () => {
    const off = await carlosTag(false);
    await app.inject({ method: 'PUT', url: `/api${productsApi.updateName}`, headers: off.owner.auth, payload: { code: off.code, name: 'Rex', importantInfo: 'Alérgico a frango', showInfoToFinder: false, showOwnerName: false } });
    const hidden = await app.inject({ method: 'GET', url: `/api/public/tags/${off.code}` });
    expect(hidden.json<PublicTag>().state).toBe('active');
    expect(names([hidden.body], OWNER)).toBe(false);
    expect(hidden.body).not.toContain('Alérgico');

    const on = await carlosTag(true);
    const shown = await app.inject({ method: 'GET', url: `/api/public/tags/${on.code}` });
    expect(shown.json<PublicTag>()).toMatchObject({ owner_first_name: 'Carlos', important_info: 'Alérgico a frango' });
  });

  test('[SEC-10] [FIND-06] a conversation: starting it, the thread, the finder\'s own message and every answer (HTTP and socket) carry no name when switched off', async () => {
    const seen = await conversationAsTheFinderSeesIt(await carlosTag(false));
    for (const [path, payload] of Object.entries(seen)) {
      expect(names([payload], OWNER), path).toBe(false);
      expect(names([payload], MEMBER), path).toBe(false);
    }
    expect(seen.thread.owner_first_name).toBe('');
    expect(seen.thread.messages.map((m) => [m.from, m.name])).toEqual([
      ['finder', ''],
      ['owner', ''],
      ['owner', ''],
      ['finder', ''],
    ]);
    // The answers still reach the finder, unsigned: the page signs them neutrally.
    expect(seen.answers.map((a) => a.message.body)).toEqual(['Obrigado! Vou buscar.', 'Obrigado! Vou buscar.']);
  });

  test('[SEC-10] [FIND-06] switched on, the same conversation names the owner and the member who answered, by first name only', async () => {
    const seen = await conversationAsTheFinderSeesIt(await carlosTag(true));
    expect(seen.start.thread.owner_first_name).toBe('Carlos');
    expect(seen.thread.owner_first_name).toBe('Carlos');
    expect(seen.answers.map((a) => a.message.name)).toEqual(['Carlos', 'Beatriz']);
    expect(seen.thread.messages.map((m) => m.name)).toEqual(['', 'Carlos', 'Beatriz', '']);
    for (const payload of Object.values(seen)) {
      for (const surname of ['Eduardo', 'Moura', 'Nunes', 'Prado']) expect(JSON.stringify(payload)).not.toContain(surname);
    }
  });

  test('[SEC-10] [FIND-06] switching the name off later hides it in a thread already open, and in the answers that follow', async () => {
    const t = await carlosTag(true);
    const started = await app.inject({ method: 'POST', url: `/api/public/tags/${t.code}/conversations`, payload: { body: 'Oi' }, remoteAddress: freshIp() });
    const { token } = started.json<StartConversationResponse>();
    const id = (await app.inject({ method: 'GET', url: '/api/conversations', headers: t.owner.auth })).json<ConversationList>().conversations[0]!.id;
    await app.inject({ method: 'POST', url: `/api/conversations/${id}/messages`, headers: t.owner.auth, payload: { body: 'Antes' } });
    await app.inject({ method: 'PUT', url: `/api${productsApi.updateName}`, headers: t.owner.auth, payload: { code: t.code, name: 'Rex', showOwnerName: false } });
    const finderSocket = await connectFinder(token);
    const live = record(finderSocket);
    await app.inject({ method: 'POST', url: `/api/conversations/${id}/messages`, headers: t.owner.auth, payload: { body: 'Depois' } });
    const answer = await live.next('conversation-message');
    const read = await app.inject({ method: 'GET', url: '/api/public/conversation', headers: { authorization: `Bearer ${token}` } });
    finderSocket.disconnect();
    expect(names([answer, read.body], OWNER)).toBe(false);
    expect(read.json<FinderThread>().messages.map((m) => m.body)).toEqual(['Oi', 'Antes', 'Depois']);
    // The owner's own screen still says who answered: the switch is about the finder.
    const mine = await app.inject({ method: 'GET', url: `/api/conversations/${id}`, headers: t.member.auth });
    expect(mine.body).toContain('Carlos');
  });

  test('[SEC-10] [CALL-05] [CALL-14] a call: its answer to the finder and every socket event the finder receives (joined, camera, hang-up, declined) carry no name', async () => {
    const t = await carlosTag(false);
    const finderPayloads: unknown[] = [];

    // Answered, the owner's camera switched, then hung up.
    const call = await startCall(app, t.code, {}, freshIp());
    finderPayloads.push(call);
    const finder = await connect(url, call.callerToken);
    const heard = record(finder);
    finder.onAny((event: string, payload: unknown) => finderPayloads.push({ event, payload }));
    expect(await join(finder, call.roomId)).toEqual({ ok: true, role: 'caller' });
    const owner = await connect(url, t.owner.token);
    expect(await join(owner, call.roomId)).toEqual({ ok: true, role: 'recipient' });
    await heard.next('user-joined');
    owner.emit('owner-camera', { roomId: call.roomId, on: false });
    await heard.next('owner-camera');
    owner.emit('closeCall', { roomId: call.roomId });
    await heard.next('closeCall');

    // Declined by both: the finder is told nobody will answer.
    const declined = await startCall(app, t.code, {}, freshIp());
    finderPayloads.push(declined);
    const second = await connect(url, declined.callerToken);
    const told = record(second);
    second.onAny((event: string, payload: unknown) => finderPayloads.push({ event, payload }));
    await join(second, declined.roomId);
    const member = await connect(url, t.member.token);
    for (const s of [owner, member]) await s.timeout(5000).emitWithAck('decline', { roomId: declined.roomId });
    await told.next('call-unanswered');
    const left = await app.inject({ method: 'POST', url: `/api/calls/${declined.roomId}/message`, headers: { authorization: `Bearer ${declined.callerToken}` }, payload: { message: 'Deixei o Rex no porteiro.' } });
    expect(left.statusCode, left.body).toBe(201);
    finderPayloads.push(left.body);
    for (const s of [finder, owner, second, member]) s.disconnect();

    expect(finderPayloads.length).toBeGreaterThan(5);
    expect(names(finderPayloads, OWNER)).toBe(false);
    expect(names(finderPayloads, MEMBER)).toBe(false);
  });
});
