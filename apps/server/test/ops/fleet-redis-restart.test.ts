import { afterAll, describe, expect, test } from 'vitest';
import { fleet, join, record } from './fleet-support';

/**
 * REL-05 at small scale (bench/fleet.mjs --faults measures it under load): the Redis both replicas
 * share — the Socket.IO adapter's channel between them and the rate limits' store — stopped
 * (SIGKILL) and started again on the same port, empty.
 */
const cluster = await fleet('relredis');
afterAll(() => cluster.close());

describe('Redis stopped and started again', () => {
  test('[REL-05] with Redis down a call answers within 2 s (the limits count in the process); the ring that could not cross to the other replica rings once Redis is back, and rings between replicas resume by themselves', async () => {
    const { a, b, redis } = cluster;
    const owner = await cluster.owner();
    const ownerSeen = record(await cluster.connect(b.url, owner.token));

    // The link works: a call on A rings the owner on B.
    const before = await cluster.call(a.url, owner.code);
    expect(before.status).toBe(201);
    await ownerSeen.next('incoming-call', (c) => c.roomId === before.roomId);

    await redis.stop();
    // Nothing waits on the dead Redis: the limits fall back to the process's own counts (ADR 0013:
    // never a refusal because the store is away, never an open door either).
    const during = await cluster.call(a.url, owner.code);
    expect(during.status).toBe(201);
    expect(during.ms).toBeLessThan(2_000);
    const finder = await cluster.connect(a.url, during.callerToken);
    const finderSeen = record(finder);
    expect(await join(finder, during.roomId)).toMatchObject({ ok: true });

    // Down for longer than a publish waits (1 s, plugins/realtime.ts): the ring to B is lost, not late.
    await new Promise((r) => setTimeout(r, 3_000));
    expect(ownerSeen.all('incoming-call').map((c) => c.roomId)).not.toContain(during.roomId);

    await redis.start();
    // The ring A could not send to B arrives once the link is back (B rings its own sockets again
    // from the database), while the call still rings.
    expect(await ownerSeen.next('incoming-call', (c) => c.roomId === during.roomId, 30_000)).toMatchObject({ roomId: during.roomId, tagCode: owner.code });

    // And the link carries new rings again, by itself.
    const after = await cluster.call(a.url, owner.code);
    expect(after.status).toBe(201);
    await ownerSeen.next('incoming-call', (c) => c.roomId === after.roomId);

    // The owner answers the call made during the outage from B: the finder on A hears it.
    const ownerSocket = await cluster.connect(b.url, owner.token);
    expect(await join(ownerSocket, during.roomId)).toEqual({ ok: true, role: 'recipient' });
    await finderSeen.next('user-joined', (u) => u.roomId === during.roomId);
  });
});
