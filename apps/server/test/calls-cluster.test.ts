import { describe, expect, test } from 'vitest';
import { eq } from 'drizzle-orm';
import { calls } from '../src/db/schema';
import { buildPair, dbLabel } from './helpers';
import { connect, eventually, join, listen, ownedTag, record, ringOut, startCall } from './calls-support';

const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
// The production ring: nothing here races a short ring on a busy machine (DEV-05). A call runs out by
// moving its start back (ringOut); B alone sweeps (every 100 ms), so an expiry is B's and A hears it
// through Redis.
const [a, b] = await buildPair({ REDIS_URL }, [{ CALL_SWEEP_INTERVAL_MS: '3600000' }, { CALL_SWEEP_INTERVAL_MS: '100' }]);
const urlA = await listen(a.app);
const urlB = await listen(b.app);
// A pair that rings 1.5 s: a call that runs out on B's own ring timer (nobody answers in it, so nothing races it).
const [shortA, shortB] = await buildPair({ REDIS_URL, CALL_RING_TIMEOUT_MS: '1500' });
const shortUrlA = await listen(shortA.app);

const offer = { type: 'offer' as const, sdp: 'v=0\r\no=- 1 2 IN IP4 127.0.0.1\r\n' };
const answer = { type: 'answer' as const, sdp: 'v=0\r\no=- 3 4 IN IP4 127.0.0.1\r\n' };
const candidate = { candidate: 'candidate:1 1 udp 2122260223 10.0.0.2 50000 typ host', sdpMid: '0', sdpMLineIndex: 0 };
const statusOf = async (roomId: string) => (await a.app.db.select().from(calls).where(eq(calls.id, roomId)))[0]!;

describe(`two server processes sharing the database and Redis ${dbLabel}`, () => {
  test('[FIND-01] [CALL-12] a scan on instance A alerts the owner on instance B; the alert throttle is shared by both', async () => {
    const { owner, code } = await ownedTag(a.app);
    const ownerSeen = record(await connect(urlB, owner.token));
    const scan = (app: typeof a.app) => app.inject({ method: 'POST', url: `/api/public/tags/${code}/scan`, remoteAddress: '198.51.100.77' });
    expect((await scan(a.app)).statusCode).toBe(204);
    expect(await ownerSeen.next('tag-scanned')).toMatchObject({ tagCode: code, lost: false });
    // The same address on the other process: already alerted within the window.
    expect((await scan(b.app)).statusCode).toBe(204);
    await new Promise((r) => setTimeout(r, 300));
    expect(ownerSeen.all('tag-scanned')).toEqual([]);
  });

  test('[CALL-12] the finder on instance A and the owner on instance B: ringing, join, full relay and closeCall', async () => {
    const { owner, code, members } = await ownedTag(a.app, 3, 1);
    const ownerSocket = await connect(urlB, owner.token);
    const ownerSeen = record(ownerSocket);
    const memberSeen = record(await connect(urlA, members[0]!.token));

    // The call is created on A; the owner's socket lives on B.
    const { roomId, callerToken } = await startCall(a.app, code);
    expect(await ownerSeen.next('incoming-call')).toMatchObject({ roomId, tagCode: code });
    expect(await memberSeen.next('incoming-call')).toMatchObject({ roomId });

    const finder = await connect(urlA, callerToken);
    const finderSeen = record(finder);
    expect(await join(finder, roomId)).toEqual({ ok: true, role: 'caller' });
    expect(await join(ownerSocket, roomId)).toEqual({ ok: true, role: 'recipient' });
    expect(await finderSeen.next('user-joined')).toEqual({ roomId, id: ownerSocket.id, role: 'recipient' });
    expect(await memberSeen.next('call-cancelled')).toEqual({ roomId, reason: 'answered-elsewhere' });

    finder.emit('offer', { roomId, payload: offer });
    expect(await ownerSeen.next('offer')).toEqual({ roomId, from: finder.id, payload: offer });
    ownerSocket.emit('answer', { roomId, payload: answer });
    expect(await finderSeen.next('answer')).toEqual({ roomId, from: ownerSocket.id, payload: answer });
    finder.emit('ice-candidate', { roomId, payload: candidate });
    expect(await ownerSeen.next('ice-candidate')).toEqual({ roomId, from: finder.id, payload: candidate });
    ownerSocket.emit('ice-candidate', { roomId, payload: candidate });
    expect(await finderSeen.next('ice-candidate')).toEqual({ roomId, from: ownerSocket.id, payload: candidate });

    // An expiry that comes after B answered leaves the call answered: both start "long ago", and once a
    // sweep has made the ringing witness missed, it has passed the answered call too.
    await a.app.db.update(calls).set({ startedAt: new Date(Date.now() - 5 * 60_000) }).where(eq(calls.id, roomId));
    await ringOut(a.app, (await startCall(a.app, code)).roomId);
    expect((await statusOf(roomId)).status).toBe('answered');

    finder.emit('closeCall', { roomId });
    expect(await ownerSeen.next('closeCall')).toEqual({ roomId });
    expect(await finderSeen.next('closeCall')).toEqual({ roomId });
    await eventually(async () => expect((await statusOf(roomId)).status).toBe('ended'));
  });

  test('[CALL-12] [CALL-07] a call created on B and missed there tells the finder and the owner connected to A', async () => {
    const { owner, code } = await ownedTag(shortB.app);
    const ownerSeen = record(await connect(shortUrlA, owner.token));
    const { roomId, callerToken } = await startCall(shortB.app, code);
    const finder = await connect(shortUrlA, callerToken);
    const finderSeen = record(finder);
    await join(finder, roomId);
    expect(await ownerSeen.next('call-cancelled')).toEqual({ roomId, reason: 'missed' });
    expect(await finderSeen.next('call-unanswered')).toEqual({ roomId, reason: 'missed' });
  });
});
