import { describe, expect, test } from 'vitest';
import { eq } from 'drizzle-orm';
import { randomBytes } from 'node:crypto';
import { callMsg } from '@toque/contracts/messages';
import { callRecipients, calls } from '../src/db/schema';
import { buildApp } from '../src/app';
import { build, dbLabel, signUp } from './helpers';
import { connect, eventually, join, listen, ownedTag, plate, record, settle, startCall, userId } from './calls-support';

/** REL-04: how long a finder whose socket dropped while ringing has to come back (10 s in production). */
const GRACE_MS = 1000;
const { app, config, database } = await build({ RATE_CALL_PER_IP: '1000', CALL_CALLER_GRACE_MS: String(GRACE_MS) });
const url = await listen(app);

const offer = { type: 'offer' as const, sdp: 'v=0\r\no=- 1 2 IN IP4 127.0.0.1\r\n' };
const answer = { type: 'answer' as const, sdp: 'v=0\r\no=- 3 4 IN IP4 127.0.0.1\r\n' };
const candidate = {
  candidate: 'candidate:1 1 udp 2122260223 192.168.0.2 54321 typ host',
  sdpMid: '0',
  sdpMLineIndex: 0,
};

const statusOf = async (roomId: string) => (await app.db.select().from(calls).where(eq(calls.id, roomId)))[0]!;

/** A call ringing the owner (their events recorded), with the finder's socket in its room. */
async function ringingWithFinderIn() {
  const { owner, code } = await ownedTag(app);
  const ownerSeen = record(await connect(url, owner.token));
  const { roomId, callerToken } = await startCall(app, code);
  const finder = await connect(url, callerToken);
  await join(finder, roomId);
  await ownerSeen.next('incoming-call');
  return { owner, ownerSeen, roomId, callerToken, finder };
}

describe(`call signalling over real sockets ${dbLabel}`, () => {
  test('[CALL-03] every open session of every recipient gets incoming-call; a stranger does not', async () => {
    const { owner, code, members } = await ownedTag(app, 3, 1);
    const stranger = await signUp(app);
    const tabs = [
      await connect(url, owner.token),
      await connect(url, owner.token),
      await connect(url, members[0]!.token),
    ];
    const strangerSocket = record(await connect(url, stranger.token));
    const seen = tabs.map(record);
    const { roomId } = await startCall(app, code);
    for (const s of seen) {
      expect(await s.next('incoming-call')).toEqual({
        roomId,
        latitude: -19.9191,
        longitude: -43.9386,
        tagCode: code,
        tagName: `Pet ${code.slice(-4)}`, // TAG-10: its default name
        productId: 3,
        unitName: null,
      });
    }
    await settle();
    expect(strangerSocket.all('incoming-call')).toEqual([]);
  });

  test("[CALL-03] a plate rings the chosen unit's residents, with the unit's name", async () => {
    const p = await plate(app, 2);
    const residents = await Promise.all(p.residents.map(async (r) => record(await connect(url, r.token))));
    const sindico = record(await connect(url, p.owner.token));
    const { roomId } = await startCall(app, p.code, { unitId: p.unit.id });
    for (const r of residents)
      expect(await r.next('incoming-call')).toMatchObject({ roomId, unitName: '101', productId: 5 });
    await settle();
    expect(sindico.all('incoming-call')).toEqual([]);
  });

  test("[CALL-08] a bad token cannot connect; a stranger, another call's finder and a guessed room id cannot join nor relay", async () => {
    const { owner, code } = await ownedTag(app);
    const other = await ownedTag(app);
    const stranger = await signUp(app);
    await expect(connect(url, 'not-a-token')).rejects.toThrow(callMsg.socketUnauthorized);
    await expect(connect(url, '')).rejects.toThrow(callMsg.socketUnauthorized);

    const { roomId, callerToken } = await startCall(app, code);
    const otherCall = await startCall(app, other.code);
    const finder = await connect(url, callerToken);
    const finderSeen = record(finder);
    expect(await join(finder, roomId)).toEqual({ ok: true, role: 'caller' });

    const intruders = [
      await connect(url, stranger.token),
      await connect(url, otherCall.callerToken),
      await connect(url, other.owner.token),
    ];
    for (const s of intruders) {
      expect(await join(s, roomId)).toEqual({ ok: false, message: callMsg.notRecipient });
      s.emit('offer', { roomId, payload: offer });
      s.emit('ice-candidate', { roomId, payload: candidate });
      s.emit('closeCall', { roomId });
    }
    const ownerSocket = await connect(url, owner.token);
    const guessed = randomBytes(16).toString('base64url');
    expect(await join(ownerSocket, guessed)).toEqual({ ok: false, message: callMsg.notRecipient });
    expect(await join(finder, guessed)).toEqual({ ok: false, message: callMsg.notRecipient });
    // A room id that is no base64url (a quote) is refused before the database sees it; a NUL
    // anywhere in a payload is refused before any handler (SEC-03).
    for (const hostile of ["x'; drop table calls; --", '', 'é'.repeat(10)]) {
      expect(await join(ownerSocket, hostile)).toEqual({ ok: false, message: callMsg.notRecipient });
    }
    expect(await join(ownerSocket, `${roomId}\u0000`)).toEqual({ ok: false, message: callMsg.badSocketPayload });
    // A recipient who has not joined cannot relay into the room either.
    ownerSocket.emit('offer', { roomId, payload: offer });
    await settle();
    expect(finderSeen.all('offer')).toEqual([]);
    expect(finderSeen.all('ice-candidate')).toEqual([]);
    expect(finderSeen.all('closeCall')).toEqual([]);
    expect(finderSeen.all('user-joined')).toEqual([]);
    expect((await statusOf(roomId)).status).toBe('ringing');
  });

  test('[CALL-05] [CALL-06] finder and owner join, offer/answer/ice-candidate are relayed with `from`, and closeCall ends it on both sides', async () => {
    const { owner, code } = await ownedTag(app);
    const ownerSocket = await connect(url, owner.token);
    const ownerSeen = record(ownerSocket);
    const { roomId, callerToken } = await startCall(app, code);
    await ownerSeen.next('incoming-call');
    const finder = await connect(url, callerToken);
    const finderSeen = record(finder);
    expect(await join(finder, roomId)).toEqual({ ok: true, role: 'caller' });

    expect(await join(ownerSocket, roomId)).toEqual({ ok: true, role: 'recipient' });
    expect(await finderSeen.next('user-joined')).toEqual({ roomId, id: ownerSocket.id, role: 'recipient' });
    const answered = await statusOf(roomId);
    expect(answered).toMatchObject({ status: 'answered', answeredBy: userId(owner.token) });
    expect(answered.answeredAt).toBeInstanceOf(Date);

    finder.emit('offer', { roomId, to: ownerSocket.id, payload: offer });
    expect(await ownerSeen.next('offer')).toEqual({ roomId, to: ownerSocket.id, from: finder.id, payload: offer });
    ownerSocket.emit('answer', { roomId, payload: answer });
    expect(await finderSeen.next('answer')).toEqual({ roomId, from: ownerSocket.id, payload: answer });
    finder.emit('ice-candidate', { roomId, payload: candidate });
    expect(await ownerSeen.next('ice-candidate')).toEqual({ roomId, from: finder.id, payload: candidate });
    ownerSocket.emit('ice-candidate', { roomId, payload: { ...candidate, sdpMid: '1' } });
    expect(await finderSeen.next('ice-candidate')).toEqual({
      roomId,
      from: ownerSocket.id,
      payload: { ...candidate, sdpMid: '1' },
    });
    // A forged `from` is replaced by the server; a malformed payload is dropped.
    finder.emit('offer', { roomId, from: 'someone-else', payload: offer });
    expect((await ownerSeen.next('offer')).from).toBe(finder.id);
    finder.emit('offer', { roomId, payload: { type: 'bogus', sdp: 1 } } as never);
    await settle();
    expect(ownerSeen.all('offer')).toEqual([]);
    expect(finderSeen.all('offer')).toEqual([]);

    ownerSocket.emit('closeCall', { roomId });
    expect(await finderSeen.next('closeCall')).toEqual({ roomId });
    expect(await ownerSeen.next('closeCall')).toEqual({ roomId });
    const ended = await eventually(async () => {
      const row = await statusOf(roomId);
      expect(row.status).toBe('ended');
      return row;
    });
    expect(ended.endedAt).toBeInstanceOf(Date);
    // The call is over: nobody joins it again.
    expect(await join(finder, roomId)).toEqual({ ok: false, message: callMsg.callOver });
  });

  test('[CALL-07] [PERF-06] a finder whose socket joins only after the owner declined (the island made the call) is told it was declined, not just that it is over', async () => {
    const { owner, code } = await ownedTag(app);
    const ownerSocket = await connect(url, owner.token);
    const ownerSeen = record(ownerSocket);
    const { roomId, callerToken } = await startCall(app, code);
    await ownerSeen.next('incoming-call');
    expect(await ownerSocket.timeout(10_000).emitWithAck('decline', { roomId })).toEqual({ ok: true });
    await eventually(async () => expect((await statusOf(roomId)).status).toBe('declined'));
    const finder = await connect(url, callerToken);
    expect(await join(finder, roomId)).toEqual({ ok: false, message: callMsg.callOver, unanswered: 'declined' });
  });

  test("[CALL-14] the owner's camera state reaches the finder; the finder, a stranger, another call's people and a recipient who has not joined cannot send it", async () => {
    const { owner, code, members } = await ownedTag(app, 3, 1);
    const other = await ownedTag(app);
    const stranger = await signUp(app);
    const ownerSocket = await connect(url, owner.token);
    const ownerSeen = record(ownerSocket);
    const { roomId, callerToken } = await startCall(app, code);
    const otherCall = await startCall(app, other.code);
    await ownerSeen.next('incoming-call');
    const finder = await connect(url, callerToken);
    const finderSeen = record(finder);
    expect(await join(finder, roomId)).toEqual({ ok: true, role: 'caller' });

    // Before answering (not in the room yet), the owner's own announcement goes nowhere.
    ownerSocket.emit('owner-camera', { roomId, on: true });
    // Outsiders, each trying to join first: a stranger, another call's owner and finder, and a
    // member of this tag who did not answer (the call is taken once the owner joins).
    const otherFinder = await connect(url, otherCall.callerToken);
    await join(otherFinder, otherCall.roomId);
    const outsiders = [await connect(url, stranger.token), await connect(url, other.owner.token), otherFinder];
    for (const s of outsiders) {
      await join(s, roomId);
      s.emit('owner-camera', { roomId, on: true });
    }
    await settle();
    expect(finderSeen.all('owner-camera')).toEqual([]);

    expect(await join(ownerSocket, roomId)).toEqual({ ok: true, role: 'recipient' });
    await finderSeen.next('user-joined');
    const member = await connect(url, members[0]!.token);
    expect(await join(member, roomId)).toEqual({ ok: false, message: callMsg.answeredElsewhere });
    member.emit('owner-camera', { roomId, on: true });
    // The finder, in the room, cannot speak for the owner's camera: the owner hears nothing of it.
    finder.emit('owner-camera', { roomId, on: true });
    await settle();
    expect(finderSeen.all('owner-camera')).toEqual([]);
    expect(ownerSeen.all('owner-camera')).toEqual([]);

    // The owner, in the call: on, then off, in order, and only the contract's fields.
    ownerSocket.emit('owner-camera', { roomId, on: true });
    expect(await finderSeen.next('owner-camera')).toEqual({ roomId, on: true });
    ownerSocket.emit('owner-camera', { roomId, on: false });
    expect(await finderSeen.next('owner-camera')).toEqual({ roomId, on: false });
    // A payload with more than the contract (a forged sender, an extra field) or the wrong type is dropped.
    for (const bad of [
      { roomId, on: true, from: 'someone' },
      { roomId, on: 'true' },
      { roomId, on: 1 },
      { roomId },
      { roomId: otherCall.roomId, on: true },
    ])
      (ownerSocket.emit as (e: string, v: unknown) => void)('owner-camera', bad);
    await settle();
    expect(finderSeen.all('owner-camera')).toEqual([]);
    expect(ownerSeen.all('owner-camera')).toEqual([]);
    expect((await statusOf(roomId)).status).toBe('answered');
  });

  test("[CALL-07] answering on one device stops the ringing for the other recipients and the answerer's other tabs", async () => {
    const { owner, code, members } = await ownedTag(app, 1, 1);
    const answering = await connect(url, owner.token);
    const otherTab = record(await connect(url, owner.token));
    const member = record(await connect(url, members[0]!.token));
    const answeringSeen = record(answering);
    const { roomId } = await startCall(app, code);
    await member.next('incoming-call');
    expect(await join(answering, roomId)).toEqual({ ok: true, role: 'recipient' });
    expect(await member.next('call-cancelled')).toEqual({ roomId, reason: 'answered-elsewhere' });
    expect(await otherTab.next('call-cancelled')).toEqual({ roomId, reason: 'answered-elsewhere' });
    await settle();
    expect(answeringSeen.all('call-cancelled')).toEqual([]);
    // The member cannot take over the answered call.
    const memberSocket = await connect(url, members[0]!.token);
    expect(await join(memberSocket, roomId)).toEqual({ ok: false, message: callMsg.answeredElsewhere });
  });

  test('[CALL-07] when every recipient declines, the finder hears call-unanswered; one decline alone only stops that one', async () => {
    const { owner, code, members } = await ownedTag(app, 2, 1);
    const ownerSocket = await connect(url, owner.token);
    const ownerSeen = record(ownerSocket);
    const memberSocket = await connect(url, members[0]!.token);
    const memberSeen = record(memberSocket);
    const { roomId, callerToken } = await startCall(app, code);
    const finder = await connect(url, callerToken);
    const finderSeen = record(finder);
    await join(finder, roomId);
    await ownerSeen.next('incoming-call');

    expect(await ownerSocket.timeout(10_000).emitWithAck('decline', { roomId })).toEqual({ ok: true });
    expect(await ownerSeen.next('call-cancelled')).toEqual({ roomId, reason: 'declined' });
    const [declined] = await app.db
      .select()
      .from(callRecipients)
      .where(eq(callRecipients.userId, userId(owner.token)));
    expect(declined!.declinedAt).toBeInstanceOf(Date);
    await settle();
    expect(finderSeen.all('call-unanswered')).toEqual([]);
    expect(memberSeen.all('call-cancelled')).toEqual([]);
    expect((await statusOf(roomId)).status).toBe('ringing');

    // A stranger's decline changes nothing.
    const stranger = await connect(url, (await signUp(app)).token);
    expect(await stranger.timeout(10_000).emitWithAck('decline', { roomId })).toEqual({ ok: false });

    expect(await memberSocket.timeout(10_000).emitWithAck('decline', { roomId })).toEqual({ ok: true });
    expect(await finderSeen.next('call-unanswered')).toEqual({ roomId, reason: 'declined' });
    const row = await statusOf(roomId);
    expect(row.status).toBe('declined');
    expect(row.endedAt).toBeInstanceOf(Date);
  });

  test('[CALL-07] [REL-04] the finder leaving while it rings stops the ringing (caller-left) and ends the call — once the grace for a phone between networks has passed', async () => {
    const { ownerSeen, roomId, finder } = await ringingWithFinderIn();
    const dropped = Date.now();
    finder.disconnect();
    expect(await ownerSeen.next('call-cancelled')).toEqual({ roomId, reason: 'caller-left' });
    // A lower bound only: a slow machine makes it later, never sooner.
    expect(Date.now() - dropped).toBeGreaterThanOrEqual(GRACE_MS - 50);
    expect((await statusOf(roomId)).status).toBe('ended');
  });

  test('[REL-04] [CALL-07] a finder whose socket drops while it rings and joins again within the grace keeps the call ringing: no caller-left, and the owner still answers', async () => {
    const { owner, ownerSeen, roomId, callerToken, finder } = await ringingWithFinderIn();
    finder.disconnect();
    const backSocket = await connect(url, callerToken);
    const back = record(backSocket);
    expect(await join(backSocket, roomId)).toMatchObject({ ok: true });
    // The grace ends while the finder is back in the room: the call must still ring past it.
    await settle(GRACE_MS * 2);
    expect(ownerSeen.all('call-cancelled')).toEqual([]);
    expect((await statusOf(roomId)).status).toBe('ringing');
    const ownerSocket = await connect(url, owner.token);
    expect(await join(ownerSocket, roomId)).toMatchObject({ ok: true });
    await back.next('user-joined');
    expect((await statusOf(roomId)).status).toBe('answered');
  });

  test('[CALL-06] an answered call whose sockets all went away without closeCall is ended', async () => {
    const { owner, code } = await ownedTag(app);
    const { roomId, callerToken } = await startCall(app, code);
    const finder = await connect(url, callerToken);
    const ownerSocket = await connect(url, owner.token);
    await join(finder, roomId);
    await join(ownerSocket, roomId);
    finder.disconnect();
    await settle();
    expect((await statusOf(roomId)).status).toBe('answered');
    ownerSocket.disconnect();
    await eventually(async () => expect((await statusOf(roomId)).status).toBe('ended'));
  });

  test('[CALL-12] a process that stops does not end the ringing calls of its sockets; they join again elsewhere', async () => {
    const { owner, code } = await ownedTag(app);
    const stopping = await buildApp(config, database);
    const stoppingUrl = await listen(stopping);
    const { roomId, callerToken } = await startCall(app, code);
    const finder = await connect(stoppingUrl, callerToken);
    expect(await join(finder, roomId)).toEqual({ ok: true, role: 'caller' });
    await stopping.close();
    // OPS-04: its connection is closed (not a Socket.IO disconnect): the client sees it a moment later.
    await eventually(async () => expect(finder.connected).toBe(false));
    await settle();
    expect((await statusOf(roomId)).status).toBe('ringing');
    const again = await connect(url, callerToken);
    expect(await join(again, roomId)).toEqual({ ok: true, role: 'caller' });
    const ownerSocket = await connect(url, owner.token);
    expect(await join(ownerSocket, roomId)).toEqual({ ok: true, role: 'recipient' });
  });

  test("[OPS-04] a socket that moved (a restart) resumes the call: the room hears `resumed`; a hang-up sent before its resume still ends the call, an outsider's does not", async () => {
    const { owner, code } = await ownedTag(app);
    const ownerSocket = await connect(url, owner.token);
    const ownerSeen = record(ownerSocket);
    const { roomId, callerToken } = await startCall(app, code);
    await ownerSeen.next('incoming-call');
    const finder = await connect(url, callerToken);
    const finderSeen = record(finder);
    expect(await join(finder, roomId)).toEqual({ ok: true, role: 'caller' });
    expect(await join(ownerSocket, roomId)).toEqual({ ok: true, role: 'recipient' });
    await finderSeen.next('user-joined');

    // The owner's connection moves: a new socket resumes, with the same checks as a join.
    const moved = await connect(url, owner.token);
    const resumed = await new Promise((resolve) => moved.emit('resume', roomId, resolve));
    expect(resumed).toEqual({ ok: true, role: 'recipient' });
    expect(await finderSeen.next('user-joined')).toEqual({ roomId, id: moved.id, role: 'recipient', resumed: true });
    const stranger = await connect(url, (await signUp(app)).token);
    expect(await new Promise((resolve) => stranger.emit('resume', roomId, resolve))).toEqual({
      ok: false,
      message: callMsg.notRecipient,
    });

    // The finder's connection moves too; its hang-up arrives before it resumed. An outsider's
    // hang-up, not in the room either, changes nothing.
    stranger.emit('closeCall', { roomId });
    await settle();
    expect((await statusOf(roomId)).status).toBe('answered');
    const finderMoved = await connect(url, callerToken);
    finderMoved.emit('closeCall', { roomId });
    expect(await record(moved).next('closeCall')).toEqual({ roomId });
    await eventually(async () => expect((await statusOf(roomId)).status).toBe('ended'));
  });
});
