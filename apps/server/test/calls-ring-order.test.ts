import { randomBytes } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, describe, expect, test, vi } from 'vitest';
import { eq } from 'drizzle-orm';
import type { PushPayload } from '@toque/contracts/push';
import { callSettingsApi } from '@toque/contracts/quiet-hours';
import { calls } from '../src/db/schema';
import { build, buildOn, dbLabel } from './helpers';
import { connect, eventually, join, listen, ownedTag, record, settle, startCall } from './calls-support';
import { browserKeys, decrypt } from './push-support';

/** A push service of the test's own: keeps every request. */
const received: { path: string; body: Buffer }[] = [];
const pushService = createServer((req, res) => {
  const chunks: Buffer[] = [];
  req.on('data', (c: Buffer) => chunks.push(c));
  req.on('end', () => {
    received.push({ path: req.url!, body: Buffer.concat(chunks) });
    res.writeHead(201).end();
  });
});
await new Promise<void>((r) => pushService.listen(0, '127.0.0.1', r));
afterAll(() => new Promise<void>((r) => pushService.close(() => r())));
const origin = `http://127.0.0.1:${(pushService.address() as AddressInfo).port}`;

const env = { PUSH_HOSTS: origin, RATE_CALL_PER_IP: '1000000', RATE_CALL_PER_TAG: '1000000' };
// This process's own sweep stays out of the way (an hour): the last test's step is for the other process's sweep to take.
// At the default 30 s it once came first on a loaded run, rang the member's socket on the wrong process and
// left the test waiting 20 s for a ring (fresh clone, api-pg beside ops, 2026-11-30).
const { app, database } = await build({ ...env, CALL_SWEEP_INTERVAL_MS: '3600000' });
const url = await listen(app);
// Another process on the same database, whose sweep runs often: it takes the steps of calls whose process has no timer for them.
const { app: replica } = await buildOn(database, { ...env, CALL_SWEEP_INTERVAL_MS: '100' });
const replicaUrl = await listen(replica);

afterEach(() => {
  vi.useRealTimers();
});

/** A tag rung in order (the owner `seconds` alone), one member; everyone's socket recorded, everyone subscribed to push. */
async function inOrder(seconds: number | null, members = 1, memberUrl = url) {
  const { owner, code, members: shared } = await ownedTag(app, 3, members);
  const set = await app.inject({
    method: 'PUT',
    url: `/api${callSettingsApi.tag(code)}`,
    headers: owner.auth,
    payload: { quietHours: null, ringOrderSeconds: seconds },
  });
  expect(set.statusCode).toBe(200);
  const id = randomBytes(6).toString('hex');
  const subscribe = async (auth: Record<string, string>, name: string) => {
    const keys = browserKeys();
    const res = await app.inject({
      method: 'POST',
      url: '/api/push/subscribe',
      headers: auth,
      payload: { endpoint: `${origin}/push/${name}/${id}`, keys: keys.keys },
    });
    expect(res.statusCode).toBe(201);
    return keys;
  };
  const ownerKeys = await subscribe(owner.auth, 'owner');
  const memberKeys = shared[0] ? await subscribe(shared[0].auth, 'member') : undefined;
  const ownerSocket = await connect(url, owner.token);
  const memberSocket = shared[0] ? await connect(memberUrl, shared[0].token) : undefined;
  return {
    code,
    owner: { socket: ownerSocket, events: record(ownerSocket) },
    member: memberSocket ? { socket: memberSocket, events: record(memberSocket) } : undefined,
    pushes: (name: 'owner' | 'member') => received.filter((r) => r.path === `/push/${name}/${id}`),
    decryptPush: (name: 'owner' | 'member', body: Buffer) => {
      const k = name === 'owner' ? ownerKeys : memberKeys!;
      return JSON.parse(decrypt(body, k.ecdh, k.auth)) as PushPayload;
    },
  };
}

async function finderOf(roomId: string, callerToken: string, at = url) {
  const socket = await connect(at, callerToken);
  const events = record(socket);
  expect(await join(socket, roomId)).toMatchObject({ ok: true });
  return events;
}

describe(`FIND-08 ring order ${dbLabel}`, () => {
  test('[FIND-08] in order: the owner rings first, the members only after the owner’s seconds; each step pushed; the finder hears "another person"', async () => {
    const t = await inOrder(20);
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'], shouldAdvanceTime: true });
    const { roomId, callerToken } = await startCall(app, t.code);
    const finder = await finderOf(roomId, callerToken);
    expect((await t.owner.events.next('incoming-call')).roomId).toBe(roomId);
    await eventually(async () => expect(t.pushes('owner')).toHaveLength(1));
    expect(t.decryptPush('owner', t.pushes('owner')[0]!.body)).toMatchObject({
      type: 'incoming-call',
      call: { roomId },
    });
    const [row] = await app.db.select().from(calls).where(eq(calls.id, roomId));
    expect(row!.nextStepAt).not.toBeNull();

    await vi.advanceTimersByTimeAsync(19_000);
    await settle();
    expect(t.member!.events.all('incoming-call')).toEqual([]);
    expect(t.pushes('member')).toEqual([]);
    expect(finder.all('call-step')).toEqual([]);

    await vi.advanceTimersByTimeAsync(1_000);
    expect((await t.member!.events.next('incoming-call')).roomId).toBe(roomId);
    await eventually(async () => expect(t.pushes('member')).toHaveLength(1));
    expect(t.decryptPush('member', t.pushes('member')[0]!.body)).toMatchObject({
      type: 'incoming-call',
      call: { roomId },
    });
    expect(await finder.next('call-step')).toEqual({ roomId });
    // The owner keeps ringing (one push, one ring), and the step is taken once.
    expect(t.pushes('owner')).toHaveLength(1);
    expect(t.owner.events.all('incoming-call')).toEqual([]);
    expect((await app.db.select().from(calls).where(eq(calls.id, roomId)))[0]!.nextStepAt).toBeNull();
    // The member may answer the call.
    expect(await join(t.member!.socket, roomId)).toEqual({ ok: true, role: 'recipient' });
  });

  test('[FIND-08] an answer during the owner’s turn stops the second step', async () => {
    const t = await inOrder(15);
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'], shouldAdvanceTime: true });
    const { roomId, callerToken } = await startCall(app, t.code);
    const finder = await finderOf(roomId, callerToken);
    await t.owner.events.next('incoming-call');
    expect(await join(t.owner.socket, roomId)).toEqual({ ok: true, role: 'recipient' });
    await vi.advanceTimersByTimeAsync(30_000);
    await settle();
    expect(t.member!.events.all('incoming-call')).toEqual([]);
    expect(t.pushes('member')).toEqual([]);
    expect(finder.all('call-step')).toEqual([]);
  });

  test('[FIND-08] the owner declining their turn rings the members at once', async () => {
    const t = await inOrder(60);
    const { roomId, callerToken } = await startCall(app, t.code);
    const finder = await finderOf(roomId, callerToken);
    await t.owner.events.next('incoming-call');
    expect(await t.owner.socket.timeout(10_000).emitWithAck('decline', { roomId })).toEqual({ ok: true });
    expect((await t.member!.events.next('incoming-call')).roomId).toBe(roomId);
    expect(await finder.next('call-step')).toEqual({ roomId });
    expect(finder.all('call-unanswered')).toEqual([]);
  });

  test('[FIND-08] everyone at once (the default), and a tag with no members rings just its owner', async () => {
    const t = await inOrder(null);
    const { roomId } = await startCall(app, t.code);
    expect((await t.owner.events.next('incoming-call')).roomId).toBe(roomId);
    expect((await t.member!.events.next('incoming-call')).roomId).toBe(roomId);
    expect((await app.db.select().from(calls).where(eq(calls.id, roomId)))[0]!.nextStepAt).toBeNull();

    const alone = await inOrder(30, 0);
    const call = await startCall(app, alone.code);
    expect((await alone.owner.events.next('incoming-call')).roomId).toBe(call.roomId);
    expect((await app.db.select().from(calls).where(eq(calls.id, call.roomId)))[0]!.nextStepAt).toBeNull();
  });

  test('[FIND-08] a step whose process lost its timer is taken by another process’s sweep, once', async () => {
    const t = await inOrder(30, 1, replicaUrl);
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'], shouldAdvanceTime: true });
    const { roomId } = await startCall(app, t.code);
    await t.owner.events.next('incoming-call');
    // As if the 30 s had passed on a process that stopped: the step is due, and only the stored time says so.
    await app.db
      .update(calls)
      .set({ nextStepAt: new Date(Date.now() - 1000) })
      .where(eq(calls.id, roomId));
    expect((await t.member!.events.next('incoming-call')).roomId).toBe(roomId);
    await eventually(async () => expect(t.pushes('member')).toHaveLength(1));
    // The creating process's own timer then finds the step taken: no second ring.
    await vi.advanceTimersByTimeAsync(30_000);
    await settle();
    expect(t.member!.events.all('incoming-call')).toEqual([]);
    expect(t.pushes('member')).toHaveLength(1);
  });
});
