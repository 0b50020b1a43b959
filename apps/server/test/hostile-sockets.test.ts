import { describe, expect, test } from 'vitest';
import fc from 'fast-check';
import jwt from 'jsonwebtoken';
import { count, eq, inArray } from 'drizzle-orm';
import { io as connectClient } from 'socket.io-client';
import { SOCKET_PATH } from '@toque/contracts/calls';
import { callMsg } from '@toque/contracts/messages';
import { callRecipients, calls, tags, users } from '../src/db/schema';
import { build, dbLabel, engine, signUp } from './helpers';
import { connect, join, listen, ownedTag, record, startCall, userId, type Client } from './calls-support';
import { badNumber, notString, pollutingKeys, withNul } from './hostile-support';

/**
 * SEC-03 for every Socket.IO event and the handshake: ≥ 200 hostile payloads each — wrong types,
 * NUL, emoji, strings near the 100 kB frame limit, numbers beyond int4, binary, prototype keys —
 * sent by a recipient who is in the call (the strongest sender). A join or a decline must be
 * refused in its ack; a relay or a hang-up must never reach the finder nor end the call; nothing
 * is written; and the server keeps serving the same sockets afterwards.
 */
// Hundreds of hostile events go through one socket: its event budget (SEC-05) is not what is tested here.
const { app, config } = await build(
  {
    RATE_CALL_PER_IP: '100000',
    RATE_CALL_PER_TAG: '100000',
    SOCKET_EVENTS_PER_10S: '100000',
    // On PGlite the whole tables must not move either: a database of its own.
  },
  { ownDatabase: true },
);
const url = await listen(app);
const db = app.db;
const NUM_RUNS = 200;

const { owner, code, members } = await ownedTag(app, 3, 1);
const stranger = await signUp(app, { name: 'Sergio Estranho' });
const call = await startCall(app, code);
const finder = await connect(url, call.callerToken);
const finderSeen = record(finder);
expect(await join(finder, call.roomId)).toEqual({ ok: true, role: 'caller' });
// The owner answers: from now on the owner's socket may relay into the room.
const ownerSocket = await connect(url, owner.token);
expect(await join(ownerSocket, call.roomId)).toEqual({ ok: true, role: 'recipient' });
const memberSocket = await connect(url, members[0]!.token);
const strangerSocket = await connect(url, stranger.token);

const validSdp = { type: 'offer' as const, sdp: 'v=0\r\n' };
const validCandidate = { candidate: 'candidate:1 1 udp 1 192.0.2.1 5000 typ host', sdpMid: '0', sdpMLineIndex: 0 };

// ---- Hostile values ----------------------------------------------------------------------------

/** Under the 100 kB frame limit (a larger frame closes the socket, which is not what is tested here). */
const long = (min: number, max: number) => fc.integer({ min, max }).map((n) => 'a'.repeat(n));
const emoji = fc.string({ unit: 'grapheme', minLength: 1, maxLength: 20 }).map((s) => `😀${s}`);
const binary = fc.uint8Array({ minLength: 0, maxLength: 64 }).map((a) => Buffer.from(a));
/** A value that is no room id: wrong type, NUL, emoji, out of the alphabet, too long, or empty. */
const badRoomId = fc.oneof(
  notString,
  binary,
  withNul,
  emoji,
  badNumber,
  fc.constant(2_147_483_648),
  fc.constantFrom('', ' ', `${call.roomId}\u0000`, `${call.roomId} `, "x'; drop table calls; --", '../x', '__proto__'),
  long(65, 90_000),
  fc.string({ maxLength: 30 }).filter((s) => !/^[A-Za-z0-9_-]{1,64}$/.test(s)),
);
/** Own `__proto__`/`constructor` keys, as JSON.parse makes them (an object literal would set the prototype). */
function polluted<T extends object>(arb: fc.Arbitrary<T>) {
  return fc
    .tuple(arb, fc.option(pollutingKeys))
    .map(([value, key]) =>
      key ? (JSON.parse(`{"${key}":{"isToqueAdmin":true,"ok":true},${JSON.stringify(value).slice(1)}`) as T) : value,
    );
}
const badDescription = fc.oneof(
  notString,
  binary,
  fc.record({
    type: fc.oneof(notString, fc.constantFrom('OFFER', 'pranswer', 'rollback', ''), withNul),
    sdp: fc.constant('v=0\r\n'),
  }),
  fc.record({ type: fc.constant('offer'), sdp: fc.oneof(notString, binary, long(60_001, 90_000)) }),
);
// An m-line index of 0…1000 is valid (badNumber's 0 and small negatives are for ids): only the others are hostile here.
const badCandidate = fc.oneof(
  notString,
  binary,
  fc.record({ candidate: fc.oneof(notString, binary, long(4_001, 20_000)) }),
  fc.record({ candidate: fc.constant('candidate:x'), sdpMid: fc.oneof(fc.integer(), long(65, 200), fc.constant({})) }),
  fc.record({
    candidate: fc.constant('candidate:x'),
    sdpMLineIndex: fc.oneof(
      badNumber.filter((n) => !(Number.isInteger(n) && n >= 0 && n <= 1_000)),
      fc.constant(1_001),
      fc.constant(1.5),
      fc.constant('0'),
    ),
  }),
  fc.record({ candidate: fc.constant('candidate:x'), usernameFragment: fc.oneof(fc.integer(), long(257, 400)) }),
);
/** A relay that must be dropped: not an object, a room the sender is not in, a broken payload, or a broken `to`. */
function badRelay(payload: fc.Arbitrary<unknown>, valid: object) {
  return fc.oneof(
    notString,
    binary,
    withNul,
    long(1, 90_000),
    polluted(fc.record({ roomId: badRoomId, payload: fc.constant(valid) })),
    polluted(fc.record({ roomId: fc.constant(call.roomId), payload })),
    polluted(
      fc.record({
        roomId: fc.constant(call.roomId),
        to: fc.oneof(fc.integer(), long(65, 300), fc.constant({})),
        payload: fc.constant(valid),
      }),
    ),
    fc.record({ roomId: fc.constant(call.roomId) }),
  );
}
const badInfo = fc.oneof(
  notString,
  binary,
  withNul,
  long(1, 90_000),
  polluted(fc.record({ roomId: badRoomId })),
  fc.constant({}),
);

// ---- Checks ------------------------------------------------------------------------------------

async function snapshot() {
  const n = async (q: Promise<{ n: number }[]>) => (await q)[0]!.n;
  return {
    call: (await db.select().from(calls).where(eq(calls.id, call.roomId)))[0],
    recipients: await db
      .select()
      .from(callRecipients)
      .where(eq(callRecipients.callId, call.roomId))
      .orderBy(callRecipients.userId),
    tag: (await db.select().from(tags).where(eq(tags.code, code)))[0],
    users: await db
      .select()
      .from(users)
      .where(
        inArray(
          users.id,
          [owner, members[0]!, stranger].map((a) => userId(a.token)),
        ),
      )
      .orderBy(users.id),
    totals:
      engine === 'pglite'
        ? {
            calls: await n(db.select({ n: count() }).from(calls)),
            recipients: await n(db.select({ n: count() }).from(callRecipients)),
            users: await n(db.select({ n: count() }).from(users)),
          }
        : undefined,
  };
}

let sentinels = 0;
/**
 * A valid candidate from the owner after the hostile event: the finder's next relay must be this
 * one. Socket.IO keeps one socket's order, so anything hostile that got through would come first.
 */
async function expectNothingRelayedBefore(what: string) {
  const mark = `candidate:sentinel-${++sentinels}`;
  ownerSocket.emit('ice-candidate', { roomId: call.roomId, payload: { ...validCandidate, candidate: mark } });
  // An earlier sentinel may still be in flight (handlers await the database); anything else is a leak.
  for (;;) {
    const { candidate } = (await finderSeen.next('ice-candidate')).payload;
    if (candidate === mark) break;
    expect(candidate, `relayed before the sentinel, after ${what}`).toMatch(/^candidate:sentinel-\d+$/);
  }
  expect(finderSeen.all('offer'), what).toEqual([]);
  expect(finderSeen.all('answer'), what).toEqual([]);
}

const show = (v: unknown) =>
  Buffer.isBuffer(v) ? `<${v.length} bytes>` : (JSON.stringify(v)?.slice(0, 200) ?? String(v));

async function property<T>(arb: fc.Arbitrary<T>, run: (input: T) => Promise<void>) {
  const before = await snapshot();
  let runs = 0;
  await fc.assert(
    fc.asyncProperty(arb, async (input) => {
      runs += 1;
      await run(input);
    }),
    { numRuns: NUM_RUNS },
  );
  expect(runs).toBeGreaterThanOrEqual(NUM_RUNS);
  expect(await snapshot()).toEqual(before);
  for (const s of [finder, ownerSocket, memberSocket, strangerSocket]) expect(s.connected).toBe(true);
}

const refused = { ok: false, message: callMsg.notRecipient };
/** A payload holding a NUL is refused before any handler, with a message of its own (SEC-03). */
const nulRefused = { ok: false, message: callMsg.badSocketPayload };
const holdsNul = (value: unknown): boolean =>
  typeof value === 'string'
    ? value.includes('\u0000')
    : typeof value === 'object' &&
      value !== null &&
      Object.entries(value).some(([k, v]) => k.includes('\u0000') || holdsNul(v));

describe(`SEC-03 hostile socket events ${dbLabel}`, () => {
  test("[SEC-03] [CALL-08] 'join' with a hostile room id: refused in the ack, from a recipient and from a stranger; without an ack, nothing either", async () => {
    await property(fc.tuple(badRoomId, fc.boolean(), fc.boolean()), async ([roomId, fromOwner, withAck]) => {
      const socket = fromOwner ? ownerSocket : strangerSocket;
      if (withAck) {
        const ack = await (socket.timeout(10_000).emitWithAck as (e: string, v: unknown) => Promise<unknown>)(
          'join',
          roomId,
        );
        expect(ack, show(roomId)).toEqual(holdsNul(roomId) ? nulRefused : refused);
      } else {
        (socket.emit as (e: string, ...v: unknown[]) => void)('join', roomId, 'not-a-function', { extra: true });
      }
      await expectNothingRelayedBefore(`join ${show(roomId)}`);
    });
  });

  test.each([
    ['offer', badRelay(badDescription, validSdp)],
    ['answer', badRelay(badDescription, { ...validSdp, type: 'answer' })],
    ['ice-candidate', badRelay(badCandidate, validCandidate)],
  ] as const)(
    "[SEC-03] [CALL-05] '%s' with a hostile payload from the recipient in the call: never relayed",
    async (event, arb) => {
      await property(arb, async (message) => {
        (ownerSocket.emit as (e: string, v: unknown) => void)(event, message);
        await expectNothingRelayedBefore(`${event} ${show(message)}`);
      });
    },
  );

  test("[SEC-03] [CALL-14] 'owner-camera' with a hostile payload from the recipient in the call: never relayed", async () => {
    const badOwnerCamera = fc.oneof(
      badInfo,
      polluted(fc.record({ roomId: badRoomId, on: fc.boolean() })),
      polluted(
        fc.record({
          roomId: fc.constant(call.roomId),
          on: fc.oneof(
            notString.filter((v) => typeof v !== 'boolean'),
            withNul,
            binary,
            fc.constantFrom('true', 1, 0, null, [], {}),
          ),
        }),
      ),
      // A valid state with anything more: a forged sender, a prototype key.
      fc.record({ roomId: fc.constant(call.roomId), on: fc.boolean(), from: fc.oneof(fc.string(), withNul) }),
      fc
        .tuple(fc.boolean(), pollutingKeys)
        .map(
          ([on, key]) => JSON.parse(`{"${key}":{"isToqueAdmin":true},"roomId":"${call.roomId}","on":${on}}`) as unknown,
        ),
    );
    const before = finderSeen.all('owner-camera').length;
    await property(badOwnerCamera, async (info) => {
      (ownerSocket.emit as (e: string, v: unknown) => void)('owner-camera', info);
      await expectNothingRelayedBefore(`owner-camera ${show(info)}`);
      expect(finderSeen.all('owner-camera').length, show(info)).toBe(before);
    });
  });

  test("[SEC-03] [CALL-06] 'closeCall' with a hostile room: the call goes on", async () => {
    await property(badInfo, async (info) => {
      (ownerSocket.emit as (e: string, v: unknown) => void)('closeCall', info);
      await expectNothingRelayedBefore(`closeCall ${show(info)}`);
    });
    expect((await db.select().from(calls).where(eq(calls.id, call.roomId)))[0]!.status).toBe('answered');
  });

  test("[SEC-03] [CALL-07] 'decline' with a hostile room: refused in the ack, no recipient row touched", async () => {
    await property(badInfo, async (info) => {
      const ack = await (memberSocket.timeout(10_000).emitWithAck as (e: string, v: unknown) => Promise<unknown>)(
        'decline',
        info,
      );
      expect(ack, show(info)).toEqual(holdsNul(info) ? nulRefused : { ok: false });
    });
  });

  test('[SEC-03] [CALL-08] the handshake: hostile, forged and expired tokens are refused', async () => {
    const forged = fc.oneof(
      notString,
      withNul,
      emoji,
      long(1, 5_000),
      fc.string({ maxLength: 100 }),
      fc.uuid().map((sub) => jwt.sign({ tv: 0 }, config.jwtSecret, { subject: sub })),
      fc.constant(jwt.sign({ tv: 0 }, 'not-the-secret', { subject: userId(owner.token) })),
      fc.constant(jwt.sign({ tv: 0, exp: 1 }, config.jwtSecret, { subject: userId(owner.token) })),
      fc.constant(jwt.sign({ tv: 0 }, config.jwtSecret, { subject: userId(owner.token), algorithm: 'HS512' })),
      fc.constant(
        `${Buffer.from('{"alg":"none"}').toString('base64url')}.${Buffer.from(JSON.stringify({ sub: userId(owner.token), tv: 0 })).toString('base64url')}.`,
      ),
      fc.constant(`Bearer ${owner.token}`),
    );
    const auth = fc.oneof(
      forged.map((token) => ({ token })),
      polluted(fc.record({ token: forged })),
      fc.constant({}),
    );
    await property(auth, async (hostile) => {
      const socket: Client = connectClient(url, {
        path: SOCKET_PATH,
        transports: ['websocket'],
        auth: hostile,
        reconnection: false,
        forceNew: true,
      });
      const outcome = await new Promise<string>((resolve) => {
        socket.once('connect', () => resolve('connected'));
        socket.once('connect_error', (err) => resolve(err.message));
      });
      socket.disconnect();
      expect(outcome, show(hostile)).toBe(callMsg.socketUnauthorized);
    });
  });
});
