import { describe, expect, test } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { isCallbackContact, RING_TIMEOUT_MS, type CallHistoryItem, type PublicTag } from '@toque/contracts/calls';
import { FINDER_LOCATION_RETENTION_DAYS } from '@toque/contracts/constants';
import { callMsg, replyMsg } from '@toque/contracts/messages';
import { calls, tags, unitResidents } from '../src/db/schema';
import { build, dbLabel, errorBody, mint, signUp } from './helpers';
import { connect, eventually, join, listen, mailsTo, ownedTag, plate, record, ringOut, settle, startCall, userId } from './calls-support';

// The production ring (a call rings while a test acts on it; `ringOut` ends it when a test needs it
// missed — a 400 ms ring lost that race on a busy machine); the sweep and the retention job often;
// the per-tag budget small enough to reach.
const RING_MS = RING_TIMEOUT_MS;
const { app } = await build({
  CALL_SWEEP_INTERVAL_MS: '100',
  RATE_CALL_PER_IP: '1000',
  RATE_CALL_PER_TAG: '3',
  FINDER_DATA_PURGE_INTERVAL_MS: '100',
});
const url = await listen(app);

const asCaller = (token: string) => ({ authorization: `Bearer ${token}` });
const post = (path: string, payload: unknown, headers: Record<string, string> = {}, remoteAddress = '127.0.0.1') =>
  app.inject({ method: 'POST', url: `/api/${path}`, headers, payload: payload as Record<string, unknown>, remoteAddress });
const history = (auth: Record<string, string>) =>
  app.inject({ method: 'GET', url: '/api/calls/history', headers: auth }).then((r) => r.json<CallHistoryItem[]>());
const rowOf = async (roomId: string) => (await app.db.select().from(calls).where(eq(calls.id, roomId)))[0]!;
const switchOff = (code: string) => app.db.update(tags).set({ isActive: false }).where(eq(tags.code, code));

describe(`CALL-15: a finder always has a next step ${dbLabel}`, () => {
  test('[CALL-15] a call made without a position rings at once; the position, sent later with the caller token, reaches every recipient and the record once', async () => {
    const { owner, code, members } = await ownedTag(app, 3, 1);
    const ownerSeen = record(await connect(url, owner.token));
    const memberSeen = record(await connect(url, members[0]!.token));
    const { roomId, callerToken, ringTimeoutMs } = await startCall(app, code, { latitude: undefined, longitude: undefined });
    expect(ringTimeoutMs).toBe(RING_MS);
    expect(await ownerSeen.next('incoming-call')).toMatchObject({ roomId, latitude: null, longitude: null });

    const at = { latitude: -23.5505, longitude: -46.6333 };
    const res = await post(`calls/${roomId}/location`, at, asCaller(callerToken));
    expect(res.statusCode).toBe(204);
    expect(await ownerSeen.next('call-location')).toEqual({ roomId, ...at });
    expect(await memberSeen.next('call-location')).toEqual({ roomId, ...at });
    expect(await rowOf(roomId)).toMatchObject(at);

    // A second fix does not move the pin, and nobody is told again.
    expect((await post(`calls/${roomId}/location`, { latitude: 1, longitude: 2 }, asCaller(callerToken))).statusCode).toBe(204);
    await settle();
    expect(ownerSeen.all('call-location')).toEqual([]);
    expect(await rowOf(roomId)).toMatchObject(at);
  });

  test('[CALL-15] [CALL-08] the position of a call needs that call\'s caller token; bad bodies are 400s that write nothing', async () => {
    const { code } = await ownedTag(app);
    const a = await startCall(app, code, { latitude: undefined, longitude: undefined });
    const b = await startCall(app, code, { latitude: undefined, longitude: undefined });
    const at = { latitude: -23.5, longitude: -46.6 };
    for (const headers of [{}, asCaller(b.callerToken), asCaller('not-a-token')]) {
      const res = await post(`calls/${a.roomId}/location`, at, headers);
      expect(res.statusCode).toBe(401);
      expect(errorBody(res)).toBe(callMsg.invalidCallerToken);
    }
    for (const body of [{}, { latitude: 91, longitude: 0 }, { latitude: 'x', longitude: 0 }, null, []]) {
      const res = await post(`calls/${a.roomId}/location`, body, asCaller(a.callerToken));
      expect(res.statusCode).toBe(400);
    }
    expect(await rowOf(a.roomId)).toMatchObject({ latitude: null, longitude: null });
  });

  test('[CALL-15] after no answer the finder leaves a phone or e-mail: validated in Portuguese, once, shown only in the recipients\' history', async () => {
    const { owner, code, members } = await ownedTag(app, 3, 1);
    const stranger = await signUp(app);
    const { roomId, callerToken } = await startCall(app, code);
    await ringOut(app, roomId);

    for (const contact of ['123', 'fulano@', '(00) 91234-5678', '11 1234', 'a'.repeat(121), '']) {
      const res = await post(`calls/${roomId}/callback`, { contact }, asCaller(callerToken));
      expect(res.statusCode).toBe(400);
      expect(errorBody(res)).toBe(callMsg.callbackInvalid);
    }
    expect(await rowOf(roomId)).toMatchObject({ callbackContact: null });

    const res = await post(`calls/${roomId}/callback`, { contact: ' (31) 99876-5432 ' }, asCaller(callerToken));
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({ message: callMsg.callbackSaved });
    const again = await post(`calls/${roomId}/callback`, { contact: 'eu@exemplo.com.br' }, asCaller(callerToken));
    expect(again.statusCode).toBe(409);
    expect(errorBody(again)).toBe(callMsg.callbackAlreadyLeft);

    for (const person of [owner, members[0]!]) {
      const mine = (await history(person.auth)).find((c) => c.roomId === roomId);
      expect(mine).toMatchObject({ callback_contact: '(31) 99876-5432', kind: 'call', status: 'missed' });
    }
    expect((await history(stranger.auth)).find((c) => c.roomId === roomId)).toBeUndefined();
    // Nowhere public: the finder's page of the tag says nothing of it.
    const page = await app.inject({ method: 'GET', url: `/api/public/tags/${code}` });
    expect(page.body).not.toContain('99876');
    // Another call's token cannot write on this one.
    const other = await startCall(app, code);
    expect((await post(`calls/${roomId}/callback`, { contact: 'eu@exemplo.com' }, asCaller(other.callerToken))).statusCode).toBe(401);
  });

  test('[CALL-15] a callback contact left while still ringing ends the ringing; an answered call takes none', async () => {
    const { owner, code } = await ownedTag(app);
    const ownerSeen = record(await connect(url, owner.token));
    const ringing = await startCall(app, code);
    await ownerSeen.next('incoming-call');
    expect((await post(`calls/${ringing.roomId}/callback`, { contact: 'ana@exemplo.com' }, asCaller(ringing.callerToken))).statusCode).toBe(201);
    expect(await ownerSeen.next('call-cancelled')).toEqual({ roomId: ringing.roomId, reason: 'caller-left' });
    expect(await rowOf(ringing.roomId)).toMatchObject({ status: 'ended', callbackContact: 'ana@exemplo.com' });

    const answered = await startCall(app, code);
    expect(await join(await connect(url, owner.token), answered.roomId)).toMatchObject({ ok: true });
    const res = await post(`calls/${answered.roomId}/callback`, { contact: 'ana@exemplo.com' }, asCaller(answered.callerToken));
    expect(res.statusCode).toBe(409);
    expect(errorBody(res)).toBe(callMsg.callAnswered);
    expect(await rowOf(answered.roomId)).toMatchObject({ callbackContact: null });
  });

  test("[CALL-15] [SEC-07] the callback contact is purged with the finder's position; the message and the call stay", async () => {
    const { code } = await ownedTag(app);
    const { roomId, callerToken } = await startCall(app, code);
    await ringOut(app, roomId);
    await post(`calls/${roomId}/message`, { message: 'Achei perto da praça.' }, asCaller(callerToken));
    await post(`calls/${roomId}/callback`, { contact: '+55 31 99876-5432' }, asCaller(callerToken));
    const fresh = await startCall(app, code);
    await ringOut(app, fresh.roomId);
    await post(`calls/${fresh.roomId}/callback`, { contact: 'novo@exemplo.com' }, asCaller(fresh.callerToken));
    await app.db
      .update(calls)
      .set({ startedAt: sql`now() - make_interval(days => ${FINDER_LOCATION_RETENTION_DAYS + 1})` })
      .where(eq(calls.id, roomId));
    await eventually(async () => expect(await rowOf(roomId)).toMatchObject({ callbackContact: null, latitude: null, longitude: null }));
    expect(await rowOf(roomId)).toMatchObject({ message: 'Achei perto da praça.', status: 'missed' });
    expect(await rowOf(fresh.roomId)).toMatchObject({ callbackContact: 'novo@exemplo.com' });
  });

  test('[CALL-15] a switched-off tag takes a message: an entry of the owner\'s and members\' history, a mail, no ringing', async () => {
    const { owner, code, members } = await ownedTag(app, 4, 1);
    await app.db.update(tags).set({ name: 'Mochila azul' }).where(eq(tags.code, code));
    await switchOff(code);
    const ownerSeen = record(await connect(url, owner.token));
    const view = (await app.inject({ method: 'GET', url: `/api/public/tags/${code}` })).json<PublicTag>();
    expect(view.state).toBe('inactive');

    const res = await post(`public/tags/${code}/message`, {
      message: 'Achei a sua mochila no ônibus.',
      contact: 'joao@exemplo.com',
      latitude: -19.9,
      longitude: -43.9,
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({ message: replyMsg.messageSent });
    for (const person of [owner, members[0]!]) {
      const [entry] = (await history(person.auth)).filter((c) => c.tag_code === code);
      expect(entry).toMatchObject({
        kind: 'message',
        message: 'Achei a sua mochila no ônibus.',
        callback_contact: 'joao@exemplo.com',
        latitude: -19.9,
        longitude: -43.9,
        answered_at: null,
      });
      await eventually(async () => {
        const mails = await mailsTo(app, person.email);
        expect(mails.some((m) => m.subject.startsWith(callMsg.messageSubject) && m.text.includes('Achei a sua mochila'))).toBe(true);
      });
    }
    await settle();
    expect(ownerSeen.all('incoming-call')).toEqual([]);
    // The tag stays switched off; the public view still shows no owner.
    expect((await app.inject({ method: 'GET', url: `/api/public/tags/${code}` })).json<PublicTag>()).toMatchObject({ state: 'inactive', owner_first_name: '' });
  });

  test('[CALL-15] [SEC-05] messages on a switched-off tag are limited per tag and address; another address still reaches the owner', async () => {
    const { owner, code } = await ownedTag(app);
    await switchOff(code);
    const from = (ip: string) => post(`public/tags/${code}/message`, { message: 'Olá' }, {}, ip);
    for (let i = 0; i < 3; i++) expect((await from('198.51.100.20')).statusCode).toBe(201);
    const over = await from('198.51.100.20');
    expect(over.statusCode).toBe(429);
    expect(over.headers['retry-after']).toBeDefined();
    expect((await from('198.51.100.21')).statusCode).toBe(201);
    expect((await history(owner.auth)).filter((c) => c.tag_code === code)).toHaveLength(4);
  });

  test('[CALL-15] unclaimed, deleted, unknown and active tags take no message this way: each says why, nothing is written', async () => {
    const [unclaimed] = await mint(app, 1);
    const deleted = await ownedTag(app);
    await app.db.update(tags).set({ disabledAt: new Date() }).where(eq(tags.code, deleted.code));
    const active = await ownedTag(app);
    const cases: [string, number, string][] = [
      [unclaimed!, 409, callMsg.unclaimed],
      [deleted.code, 409, callMsg.disabled],
      [active.code, 409, callMsg.tagMessageNotAllowed],
      ['ZZZZZZZZ', 404, callMsg.tagNotFound],
      ['../../x', 404, callMsg.tagNotFound],
    ];
    const before = await app.db.select({ n: sql<number>`count(*)`.mapWith(Number) }).from(calls);
    for (const [code, status, message] of cases) {
      const res = await post(`public/tags/${encodeURIComponent(code)}/message`, { message: 'Olá' });
      expect(res.statusCode, code).toBe(status);
      expect(errorBody(res)).toBe(message);
    }
    for (const body of [{}, { message: '' }, { message: 'x'.repeat(501) }, { message: 'Olá', contact: 'nada' }]) {
      const off = await ownedTag(app);
      await switchOff(off.code);
      expect((await post(`public/tags/${off.code}/message`, body)).statusCode).toBe(400);
    }
    const after = await app.db.select({ n: sql<number>`count(*)`.mapWith(Number) }).from(calls);
    expect(after[0]!.n).toBe(before[0]!.n);
  });

  test('[FIND-05] a plate names its units; a unit not named yet is marked temporary so the finder reads it in their language', async () => {
    const p = await plate(app, 1);
    // A temporary unit someone answers (CONDO-19: one nobody answers is not sent at all).
    const r = await signUp(app, { name: 'Morador Temporário Silva' });
    await app.db.insert(unitResidents).values({ unitId: p.empty.id, userId: userId(r.token) });
    const view = (await app.inject({ method: 'GET', url: `/api/public/tags/${p.code}` })).json<PublicTag>();
    expect(view.units).toEqual([
      { unit_id: p.unit.id, name: '101', block: null, reachable: true },
      { unit_id: p.empty.id, name: callMsg.temporaryUnit, block: null, reachable: true, temporary: true },
    ]);
  });

  test('[CALL-15] the callback contact accepts Brazilian phones with area code and e-mails only', () => {
    for (const ok of ['(31) 99876-5432', '31998765432', '+55 31 99876-5432', '011 3456-7890', '1134567890', 'ana.silva@exemplo.com.br'])
      expect(isCallbackContact(ok), ok).toBe(true);
    for (const bad of ['998765432', '(31) 89876-54321', '(01) 99876-5432', '31 19876-543', 'ana@', '@x.com', 'ligue-me', '31 9987a-5432'])
      expect(isCallbackContact(bad), bad).toBe(false);
  });
});
