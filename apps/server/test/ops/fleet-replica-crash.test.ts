import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { afterAll, describe, expect, test } from 'vitest';
import { fleet, join, record } from './fleet-support';

/**
 * REL-04 at small scale (bench/fleet.mjs --faults measures it with thousands of owners): a replica
 * killed with SIGKILL — no SIGTERM, no graceful close, its memory (ring timers included) gone.
 * The ring timeout is short so that the finder's "nobody answered" is due within the test; the
 * sweep stays at its 30 s, so only a timer of the surviving process can tell the finder in time.
 */
const RING_MS = 6_000;
const cluster = await fleet('relcrash', { CALL_RING_TIMEOUT_MS: String(RING_MS) });
afterAll(() => cluster.close());

describe('a replica killed with SIGKILL', () => {
  test("[REL-04] each replica listens with room for a burst of connections: a queue of 4096 not yet accepted (Node's 511 overflowed, and nginx's connects timed out)", () => {
    const somaxconn = Number(readFileSync('/proc/sys/net/core/somaxconn', 'utf8'));
    for (const replica of [cluster.a, cluster.b]) {
      const port = new URL(replica.url).port;
      // A listening socket's Send-Q in ss is its backlog; Linux caps it at net.core.somaxconn.
      const [, , backlog] = execFileSync('ss', ['-Hltn', `sport = :${port}`], { encoding: 'utf8' })
        .trim()
        .split(/\s+/);
      expect(Number(backlog), `replica on ${port}`).toBe(Math.min(4096, somaxconn));
    }
  });

  test('[REL-04] a call made while its owner was on the dead replica rings when they are back on the other; the finder of a call of the dead replica hears "nobody answered" within the ringing time; an answered call resumes and its end is recorded', async () => {
    const { a, b } = cluster;
    const owner = await cluster.owner();
    const talker = await cluster.owner();

    // Before the crash, everyone is on A: the owner waiting, a finder whose call rings there (its
    // timer lives in A's memory), and a call already answered.
    record(await cluster.connect(a.url, owner.token));
    const early = await cluster.call(a.url, owner.code);
    expect(early.status).toBe(201);
    const earlyFinder = await cluster.connect(a.url, early.callerToken);
    expect(await join(earlyFinder, early.roomId)).toMatchObject({ ok: true });

    const talkerOnA = await cluster.connect(a.url, talker.token);
    const talking = await cluster.call(a.url, talker.code);
    const talkingFinder = await cluster.connect(a.url, talking.callerToken);
    expect(await join(talkingFinder, talking.roomId)).toMatchObject({ ok: true });
    expect(await join(talkerOnA, talking.roomId)).toEqual({ ok: true, role: 'recipient' });

    await cluster.kill(a);

    // A finder calls while the owner's socket is gone: nginx sends the POST to B.
    const during = await cluster.call(b.url, owner.code);
    expect(during.status).toBe(201);
    const duringFinder = await cluster.connect(b.url, during.callerToken);
    expect(await join(duringFinder, during.roomId)).toMatchObject({ ok: true });

    // The owner is back, on B: the call rings there (it was rung while no socket of theirs existed).
    const ownerSeen = record(await cluster.connect(b.url, owner.token));
    expect(await ownerSeen.next('incoming-call', (c) => c.roomId === during.roomId)).toMatchObject({
      roomId: during.roomId,
      tagCode: owner.code,
    });

    // The finder of A's call comes back on B: it hears "nobody answered" at the ringing time, not
    // at the next sweep (30 s later), nor never.
    const earlyAgain = await cluster.connect(b.url, early.callerToken);
    const earlySeen = record(earlyAgain);
    expect(await join(earlyAgain, early.roomId)).toMatchObject({ ok: true });
    expect(await earlySeen.next('call-unanswered', (u) => u.roomId === early.roomId, RING_MS + 10_000)).toEqual({
      roomId: early.roomId,
      reason: 'missed',
    });
    expect((await cluster.status(early.roomId))?.status).toBe('missed');

    // The answered call: both sides resume on B (their media is peer-to-peer, untouched by the
    // crash), the finder hangs up, and the end is written.
    const talkerOnB = await cluster.connect(b.url, talker.token);
    const finderOnB = await cluster.connect(b.url, talking.callerToken);
    expect(await join(talkerOnB, talking.roomId, 'resume')).toEqual({ ok: true, role: 'recipient' });
    expect(await join(finderOnB, talking.roomId, 'resume')).toEqual({ ok: true, role: 'caller' });
    const talkerSeen = record(talkerOnB);
    finderOnB.emit('closeCall', { roomId: talking.roomId });
    await talkerSeen.next('closeCall');
    const ended = await cluster.status(talking.roomId);
    expect(ended?.status).toBe('ended');
    expect(ended?.ended_at).toBeInstanceOf(Date);
  });
});
