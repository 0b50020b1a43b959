import { describe, expect, test } from 'vitest';
import { eq } from 'drizzle-orm';
import { randomBytes } from 'node:crypto';
import { callMsg } from '@toque/contracts/messages';
import type { CallHistoryItem } from '@toque/contracts/calls';
import { callRecipients, calls, tags } from '../src/db/schema';
import { build, dbLabel, signUp } from './helpers';
import { connect, eventually, join, listen, mailsTo, ownedTag, plate, record, ringOut, startCall, userId } from './calls-support';

// The production ring and a sweep that runs often (its threshold stays at the contract's 60 s): a
// test that needs a missed call ends its ring with `ringOut`, and one that acts while a call rings
// does not race a short timer (a 400 ms ring lost that race on a busy machine). Only the ring
// timer's own test uses a server whose ring is short.
const { app } = await build({ CALL_SWEEP_INTERVAL_MS: '100', RATE_CALL_PER_IP: '1000' });
const url = await listen(app);
const RING_MS = 3000;
const quick = (await build({ CALL_RING_TIMEOUT_MS: String(RING_MS), RATE_CALL_PER_IP: '1000' })).app;
const quickUrl = await listen(quick);

const leave = (roomId: string, token: string, payload: Record<string, unknown>) =>
  app.inject({ method: 'POST', url: `/api/calls/${roomId}/message`, headers: { authorization: `Bearer ${token}` }, payload });
const history = (auth: Record<string, string>) => app.inject({ method: 'GET', url: '/api/calls/history', headers: auth });
const statusOf = async (roomId: string) => (await app.db.select().from(calls).where(eq(calls.id, roomId)))[0]!;

describe(`missed calls, messages and history ${dbLabel}`, () => {
  test('[CALL-07] [CALL-03] unanswered after the ring timeout: missed, both sides told, every recipient mailed with a map link', async () => {
    const { owner, code, members } = await ownedTag(quick, 3, 1);
    await quick.db.update(tags).set({ name: 'Rex' }).where(eq(tags.code, code));
    const ownerSeen = record(await connect(quickUrl, owner.token));
    const { roomId, callerToken, ringTimeoutMs } = await startCall(quick, code, { latitude: -19.9191, longitude: -43.9386 });
    expect(ringTimeoutMs).toBe(RING_MS);
    const finder = await connect(quickUrl, callerToken);
    const finderSeen = record(finder);
    await join(finder, roomId);
    expect(await ownerSeen.next('call-cancelled')).toEqual({ roomId, reason: 'missed' });
    expect(await finderSeen.next('call-unanswered')).toEqual({ roomId, reason: 'missed' });
    const [row] = await quick.db.select().from(calls).where(eq(calls.id, roomId));
    expect(row!.status).toBe('missed');
    expect(row!.endedAt).toBeInstanceOf(Date);
    for (const person of [owner, members[0]!]) {
      const [mail] = await eventually(async () => {
        const mails = await mailsTo(quick, person.email);
        expect(mails).toHaveLength(1);
        return mails;
      });
      expect(mail!.subject).toBe(`${callMsg.missedSubject}: Rex`);
      expect(mail!.text).toContain('Toque: Rex');
      expect(mail!.text).toContain('https://www.openstreetmap.org/?mlat=-19.9191&mlon=-43.9386');
      expect(mail!.text).toMatch(/Horário: \d{2}\/\d{2}\/\d{4},? \d{2}:\d{2}/);
    }
    expect(await join(finder, roomId)).toEqual({ ok: false, message: callMsg.callOver, unanswered: 'missed' });
  });

  test('[CALL-07] a call answered in time is not missed and mails nobody', async () => {
    const { owner, code } = await ownedTag(app);
    const { roomId } = await startCall(app, code);
    expect(await join(await connect(url, owner.token), roomId)).toMatchObject({ ok: true });
    // Both start "long ago"; once the sweep has made the ringing witness missed, it has passed the answered call too.
    const witness = await startCall(app, code);
    await app.db.update(calls).set({ startedAt: new Date(Date.now() - 5 * 60_000) }).where(eq(calls.id, roomId));
    await ringOut(app, witness.roomId);
    expect((await statusOf(roomId)).status).toBe('answered');
    // One mail: the witness's; the answered call mailed nobody.
    await eventually(async () => expect(await mailsTo(app, owner.email)).toHaveLength(1));
    expect(await mailsTo(app, owner.email)).toHaveLength(1);
  });

  test('[CALL-07] the finder leaves a message after a missed call: stored with the location and mailed; once only', async () => {
    const p = await plate(app, 1);
    const resident = p.residents[0]!;
    const { roomId, callerToken } = await startCall(app, p.code, { unitId: p.unit.id, latitude: undefined, longitude: undefined });
    await ringOut(app, roomId);
    await eventually(async () => expect(await mailsTo(app, resident.email)).toHaveLength(1));
    const [missedMail] = await mailsTo(app, resident.email);
    expect(missedMail!.text).toContain(callMsg.locationUnknown);
    expect(missedMail!.text).toContain('Unidade: 101');

    expect((await leave(roomId, callerToken, { message: '   ' })).json()).toEqual({ message: 'Escreva uma mensagem.' });
    const res = await leave(roomId, callerToken, { message: 'Achei seu cachorro na praça.', latitude: -19.92, longitude: -43.94 });
    expect(res.statusCode).toBe(201);
    expect(await statusOf(roomId)).toMatchObject({ message: 'Achei seu cachorro na praça.', latitude: -19.92, longitude: -43.94, status: 'missed' });
    const mails = await mailsTo(app, resident.email);
    expect(mails).toHaveLength(2);
    const mail = mails.find((m) => m.subject.startsWith(callMsg.messageSubject))!;
    expect(mail.text).toContain('Achei seu cachorro na praça.');
    expect(mail.text).toContain('https://www.openstreetmap.org/?mlat=-19.92&mlon=-43.94');
    const again = await leave(roomId, callerToken, { message: 'De novo' });
    expect([again.statusCode, again.json()]).toEqual([409, { message: callMsg.messageAlreadyLeft }]);
  });

  test('[CALL-07] [CALL-08] a message needs this call\'s caller token and a call nobody answered', async () => {
    const { owner, code } = await ownedTag(app);
    const first = await startCall(app, code);
    const second = await startCall(app, code);
    for (const token of ['', 'junk', second.callerToken, owner.token]) {
      const res = await leave(first.roomId, token, { message: 'Oi' });
      expect([res.statusCode, res.json()]).toEqual([401, { message: callMsg.invalidCallerToken }]);
    }
    expect(await join(await connect(url, owner.token), second.roomId)).toMatchObject({ ok: true });
    const answered = await leave(second.roomId, second.callerToken, { message: 'Oi' });
    expect([answered.statusCode, answered.json()]).toEqual([409, { message: callMsg.callAnswered }]);
  });

  test('[CALL-07] a message left while it still rings (camera blocked) stops the ringing', async () => {
    const { owner, code } = await ownedTag(app);
    const ownerSeen = record(await connect(url, owner.token));
    const { roomId, callerToken } = await startCall(app, code);
    expect((await leave(roomId, callerToken, { message: 'Estou com sua bolsa.' })).statusCode).toBe(201);
    expect(await ownerSeen.next('call-cancelled')).toEqual({ roomId, reason: 'caller-left' });
    expect((await statusOf(roomId)).status).toBe('ended');
    expect((await mailsTo(app, owner.email)).map((m) => m.subject)).toEqual([`${callMsg.messageSubject}: Pet ${code.slice(-4)}`]);
  });

  test('[CALL-11] history: the calls that rang for me, newest first, with tag, place, outcome and message', async () => {
    const { owner, code, members } = await ownedTag(app, 4, 1);
    await app.db.update(tags).set({ name: 'Mochila' }).where(eq(tags.code, code));
    const missed = await startCall(app, code, { latitude: 1.5, longitude: 2.5 });
    await ringOut(app, missed.roomId);
    await leave(missed.roomId, missed.callerToken, { message: 'Deixei na portaria' });
    await new Promise((r) => setTimeout(r, 20));
    const answered = await startCall(app, code);
    await join(await connect(url, owner.token), answered.roomId);
    const res = await history(owner.auth);
    expect(res.statusCode).toBe(200);
    const items = res.json<CallHistoryItem[]>();
    expect(items.map((i) => i.roomId)).toEqual([answered.roomId, missed.roomId]);
    expect(items[1]).toEqual({
      roomId: missed.roomId,
      tag_code: code,
      tag_name: 'Mochila',
      product_id: 4,
      unit_name: null,
      latitude: 1.5,
      longitude: 2.5,
      status: 'missed',
      started_at: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/) as string,
      answered_at: null,
      message: 'Deixei na portaria',
      callback_contact: null,
      kind: 'call',
      // FIND-13: the message went to the finder's conversation.
      conversation_id: expect.stringMatching(/^[0-9a-f-]{36}$/) as string,
    });
    expect(items[0]).toMatchObject({ status: 'answered', answered_at: expect.any(String) as string, message: null });
    // The member was rung too; a stranger was not; nobody without a session sees anything.
    await expect(history(members[0]!.auth).then((r) => r.json<CallHistoryItem[]>().length)).resolves.toBe(2);
    expect((await history((await signUp(app)).auth)).json()).toEqual([]);
    expect((await app.inject({ method: 'GET', url: '/api/calls/history' })).statusCode).toBe(401);
  });

  test('[CALL-07] a call left ringing by a process that died is marked missed by another process\'s sweep', async () => {
    const { owner, code } = await ownedTag(app);
    const roomId = randomBytes(16).toString('base64url');
    await app.db.insert(calls).values({ id: roomId, tagCode: code, startedAt: new Date(Date.now() - 5 * 60_000) });
    await app.db.insert(callRecipients).values({ callId: roomId, userId: userId(owner.token) });
    await eventually(async () => expect((await statusOf(roomId)).status).toBe('missed'));
    await eventually(async () => expect(await mailsTo(app, owner.email)).toHaveLength(1));
  });
});
