import { readFileSync } from 'node:fs';
import { describe, expect, test } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { CONVERSATION_KEEP_DAYS, conversationMsg, type ConversationList, type OwnerThread } from '@toque/contracts/conversations';
import { callMsg, replyMsg } from '@toque/contracts/messages';
import {
  RECORDING_CONVERSATION_HEADER,
  RECORDING_LIMITS,
  RECORDING_MAX_BYTES,
  recordingLabel,
  recordingMsg,
  recordingsApi,
} from '@toque/contracts/recordings';
import type { CallMessageResponse } from '@toque/contracts/conversations';
import { calls, conversationRecordings, conversations } from '../src/db/schema';
import { build, dbLabel, errorBody, signUp } from './helpers';
import { connect, eventually, ringOut, listen, mailsTo, ownedTag, record, settle, startCall } from './calls-support';

// A short ring, a sweep and a purge that run often.
const { app } = await build({
  CALL_SWEEP_INTERVAL_MS: '100',
  RATE_CALL_PER_IP: '1000',
  FINDER_DATA_PURGE_INTERVAL_MS: '100',
});
const url = await listen(app);

/** Recordings made by Debian's Chromium's MediaRecorder (2 s each: VP8+Opus WebM, Opus WebM, fragmented H.264+AAC MP4). */
const fixture = (name: string) => readFileSync(new URL(`./fixtures/recordings/${name}`, import.meta.url));
const videoWebm = fixture('video.webm');
const audioWebm = fixture('audio.webm');
const videoMp4 = fixture('video.mp4');

let ipSeq = 10;
const freshIp = () => `198.51.100.${ipSeq++}`;

const send = (roomId: string, callerToken: string | null, body: Buffer, o: { type?: string; held?: string; ip?: string } = {}) =>
  app.inject({
    method: 'POST',
    url: `/api${recordingsApi.fromCall(roomId)}`,
    headers: {
      'content-type': o.type ?? 'video/webm',
      ...(callerToken ? { authorization: `Bearer ${callerToken}` } : {}),
      ...(o.held ? { [RECORDING_CONVERSATION_HEADER]: o.held } : {}),
    },
    payload: body,
    remoteAddress: o.ip ?? freshIp(),
  });

const recordingCount = async () => Number((await app.db.select({ n: sql<number>`count(*)` }).from(conversationRecordings))[0]!.n);
const conversationsOf = async (code: string) => app.db.select().from(conversations).where(eq(conversations.tagCode, code));

/** A call to `code` nobody answers: made overdue, the server's sweep marks it missed. */
async function missedCall(code: string) {
  const call = await startCall(app, code, {}, freshIp());
  await ringOut(app, call.roomId);
  return call;
}

/** An EBML element: its ID's bytes, a one-byte-marker size (8 bytes) and its data. */
function el(id: number[], data: Buffer | number[]): Buffer {
  const body = Buffer.isBuffer(data) ? data : Buffer.from(data);
  const size = Buffer.alloc(8);
  size.writeBigUInt64BE(BigInt(body.length) | 0x0100000000000000n);
  return Buffer.concat([Buffer.from(id), size, body]);
}
const float64 = (v: number) => {
  const b = Buffer.alloc(8);
  b.writeDoubleBE(v);
  return b;
};
const uint = (v: number, bytes = 4) => {
  const b = Buffer.alloc(bytes);
  b.writeUIntBE(v, 0, bytes);
  return b;
};
/** A minimal WebM: one audio track, one cluster at `clusterMs` with one block, and a Duration when given. */
function tinyWebm(o: { durationMs?: number; clusterMs: number; docType?: string }): Buffer {
  const header = el([0x1a, 0x45, 0xdf, 0xa3], el([0x42, 0x82], Buffer.from(o.docType ?? 'webm')));
  const info = el([0x15, 0x49, 0xa9, 0x66], Buffer.concat([el([0x2a, 0xd7, 0xb1], uint(1_000_000)), ...(o.durationMs === undefined ? [] : [el([0x44, 0x89], float64(o.durationMs))])]));
  const tracks = el([0x16, 0x54, 0xae, 0x6b], el([0xae], el([0x83], [2])));
  const block = el([0xa3], [0x81, 0x00, 0x00, 0x80, 0x01, 0x02, 0x03]);
  const cluster = el([0x1f, 0x43, 0xb6, 0x75], Buffer.concat([el([0xe7], uint(o.clusterMs)), block]));
  // The segment of unknown size, as a live muxer (MediaRecorder) writes it.
  const segment = Buffer.concat([Buffer.from([0x18, 0x53, 0x80, 0x67, 0x01, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff]), info, tracks, cluster]);
  return Buffer.concat([header, segment]);
}
/** The MP4 fixture whose movie header says `seconds` long (its samples unchanged). */
function mp4Saying(seconds: number): Buffer {
  const b = Buffer.from(videoMp4);
  const at = b.indexOf('mvhd') + 4;
  expect(b[at]).toBe(1); // version 1: 64-bit times
  const scale = b.readUInt32BE(at + 20);
  b.writeBigUInt64BE(BigInt(seconds * scale), at + 24);
  return b;
}

describe(`FIND-12 a voice or video message after a missed call ${dbLabel}`, () => {
  test('[FIND-12] a video recording after a missed call joins the conversation: the owner lists it, is told live, by push and e-mail like a text, and plays its bytes typed from the file', async () => {
    const { owner, code } = await ownedTag(app);
    const pushed: unknown[] = [];
    const notify = app.push.notify.bind(app.push);
    app.push.notify = async (ids, payload) => {
      pushed.push({ ids, payload });
      return notify(ids, payload);
    };
    const ownerSocket = await connect(url, owner.token);
    const seen = record(ownerSocket);
    const { roomId, callerToken } = await missedCall(code);

    // Declared as something else: the file decides.
    const res = await send(roomId, callerToken, videoWebm, { type: 'application/octet-stream' });
    expect(res.statusCode, res.body).toBe(201);
    const reply = res.json<CallMessageResponse>();
    expect(reply.message).toBe(replyMsg.messageSent);
    expect(reply.token).toMatch(/^[A-Za-z0-9_-]{22}$/);
    const [mine] = reply.thread.messages;
    expect(mine).toMatchObject({ from: 'finder', recording: { kind: 'video' } });
    expect(mine!.recording!.duration_ms).toBeGreaterThan(1500);
    expect(mine!.recording!.duration_ms).toBeLessThan(2500);
    expect(mine!.body).toBe(recordingLabel('video', mine!.recording!.duration_ms));
    expect(mine!.body).toBe('Mensagem de vídeo, 2 s');

    const live = await seen.next('conversation-message');
    expect(live.message).toMatchObject({ from: 'finder', body: 'Mensagem de vídeo, 2 s', recording: { kind: 'video' } });
    ownerSocket.disconnect();

    const list = (await app.inject({ method: 'GET', url: '/api/conversations', headers: owner.auth })).json<ConversationList>();
    expect(list.conversations[0]).toMatchObject({ tag_code: code, last_message: 'Mensagem de vídeo, 2 s', unread: 1 });
    const id = list.conversations[0]!.id;
    const thread = (await app.inject({ method: 'GET', url: `/api/conversations/${id}`, headers: owner.auth })).json<OwnerThread>();
    const message = thread.messages[0]!;
    expect(message.recording).toEqual(mine!.recording);

    const media = await app.inject({ method: 'GET', url: `/api${recordingsApi.media(id, message.id)}`, headers: owner.auth });
    expect(media.statusCode).toBe(200);
    expect(media.headers['content-type']).toBe('video/webm');
    expect(media.headers['cache-control']).toBe('private, no-store');
    expect(Buffer.compare(media.rawPayload, videoWebm)).toBe(0);

    await eventually(async () =>
      expect(pushed.some((p) => (p as { payload: { type: string; conversationId?: string } }).payload.conversationId === id)).toBe(true),
    );
    const mails = await eventually(async () => {
      const found = (await mailsTo(app, owner.email)).filter((m) => m.subject.startsWith(conversationMsg.mailSubject));
      expect(found).toHaveLength(1);
      return found;
    });
    expect(mails[0]!.text).toContain('Mensagem de vídeo, 2 s');
    app.push.notify = notify;
  });

  test('[FIND-12] a voice-only WebM and an MP4 (Safari\'s container) are taken; each is typed from its bytes; a second recording joins the same thread with the token this browser holds', async () => {
    const { owner, code } = await ownedTag(app);
    const { roomId, callerToken } = await missedCall(code);
    const first = await send(roomId, callerToken, audioWebm, { type: 'video/mp4' });
    expect(first.statusCode, first.body).toBe(201);
    const { token, thread } = first.json<CallMessageResponse>();
    expect(thread.messages[0]).toMatchObject({ recording: { kind: 'audio' }, body: 'Mensagem de voz, 2 s' });

    const second = await send(roomId, callerToken, videoMp4, { type: 'video/webm', held: token });
    expect(second.statusCode, second.body).toBe(201);
    expect(second.json<CallMessageResponse>().token).toBe(token);
    expect(second.json<CallMessageResponse>().thread.messages.map((m) => m.recording?.kind)).toEqual(['audio', 'video']);
    expect(await conversationsOf(code)).toHaveLength(1);

    const id = (await app.inject({ method: 'GET', url: '/api/conversations', headers: owner.auth })).json<ConversationList>().conversations[0]!.id;
    const thread2 = (await app.inject({ method: 'GET', url: `/api/conversations/${id}`, headers: owner.auth })).json<OwnerThread>();
    const types = [];
    for (const m of thread2.messages) {
      types.push((await app.inject({ method: 'GET', url: `/api${recordingsApi.media(id, m.id)}`, headers: owner.auth })).headers['content-type']);
    }
    expect(types).toEqual(['audio/webm', 'video/mp4']);
  });

  test('[FIND-12] [SEC-03] limits read from the file: over 6 MB (413), a container that says over 30 s, blocks that reach past 30 s, not WebM/MP4 whatever its type, an empty or cut file → 4xx in Portuguese and nothing written', async () => {
    const { code } = await ownedTag(app);
    const { roomId, callerToken } = await missedCall(code);
    const before = await recordingCount();
    const refused = async (body: Buffer, status: number, message: string, type = 'video/webm') => {
      // Each refusal spends the call's budget too (tested below); this test is about the file.
      await app.limits.reset('recordingsPerCall', roomId);
      const res = await send(roomId, callerToken, body, { type });
      expect(res.statusCode, res.body).toBe(status);
      expect(errorBody(res)).toBe(message);
    };
    // Over the cap: refused from the byte count, before any parse.
    await refused(Buffer.concat([videoWebm, Buffer.alloc(RECORDING_MAX_BYTES)]), 413, recordingMsg.tooLarge);
    // The WebM's Segment Info says 31.5 s (over 30 s and its 1 s tolerance).
    await refused(tinyWebm({ durationMs: 31_500, clusterMs: 0 }), 400, recordingMsg.tooLong);
    // No Duration (as MediaRecorder writes it), but a block at 40 s.
    await refused(tinyWebm({ clusterMs: 40_000 }), 400, recordingMsg.tooLong);
    // The MP4's movie header says 32 s.
    await refused(mp4Saying(32), 400, recordingMsg.tooLong, 'video/mp4');
    // Not WebM nor MP4, whatever the declared type: a PNG, a Matroska header of another kind, text.
    const png = Buffer.from('89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c489', 'hex');
    await refused(png, 400, recordingMsg.notMedia);
    await refused(tinyWebm({ clusterMs: 0, docType: 'notwebm' }), 400, recordingMsg.notMedia);
    await refused(Buffer.from('<script>alert(1)</script>'), 400, recordingMsg.notMedia, 'audio/webm');
    await refused(Buffer.alloc(0), 400, recordingMsg.notMedia);
    // Cut in the middle of an element.
    await refused(videoWebm.subarray(0, Math.floor(videoWebm.length / 2) + 3), 400, recordingMsg.notMedia);
    expect(await recordingCount()).toBe(before);
    expect(await conversationsOf(code)).toHaveLength(0);

    // Just inside the tolerance still passes (a recorder stops a few frames late).
    await app.limits.reset('recordingsPerCall', roomId);
    const edge = await send(roomId, callerToken, tinyWebm({ durationMs: 30_900, clusterMs: 0 }));
    expect(edge.statusCode, edge.body).toBe(201);
    expect(edge.json<CallMessageResponse>().thread.messages[0]!.body).toBe('Mensagem de voz, 31 s');
  });

  test('[FIND-12] [SEC-02] only the caller of that call posts (its caller token), never after an answered call; another tag\'s or a blocked thread\'s token is never written to; the recording is read by the thread\'s recipients only', async () => {
    const { owner, code } = await ownedTag(app);
    const other = await ownedTag(app);
    const { roomId, callerToken } = await missedCall(code);
    const elsewhere = await missedCall(other.code);

    expect((await send(roomId, null, videoWebm)).statusCode).toBe(401);
    expect((await send(roomId, elsewhere.callerToken, videoWebm)).statusCode).toBe(401);
    const session = await app.inject({ method: 'POST', url: `/api${recordingsApi.fromCall(roomId)}`, headers: { ...owner.auth, 'content-type': 'video/webm' }, payload: videoWebm });
    expect(session.statusCode).toBe(401);

    // Another tag's thread is not joined: a new thread on this tag.
    const theirs = (await send(elsewhere.roomId, elsewhere.callerToken, audioWebm)).json<CallMessageResponse>();
    const mine = await send(roomId, callerToken, audioWebm, { held: theirs.token });
    expect(mine.statusCode).toBe(201);
    expect(mine.json<CallMessageResponse>().token).not.toBe(theirs.token);
    expect(mine.json<CallMessageResponse>().thread.tag_code).toBe(code);

    // A blocked thread: 403, nothing written.
    const id = (await app.inject({ method: 'GET', url: '/api/conversations', headers: owner.auth })).json<ConversationList>().conversations[0]!.id;
    expect((await app.inject({ method: 'POST', url: `/api/conversations/${id}/block`, headers: owner.auth })).statusCode).toBe(204);
    const before = await recordingCount();
    const blocked = await send(roomId, callerToken, audioWebm, { held: mine.json<CallMessageResponse>().token });
    expect(blocked.statusCode).toBe(403);
    expect(errorBody(blocked)).toBe(conversationMsg.blocked);
    expect(await recordingCount()).toBe(before);

    // The media: the thread's recipients; not another account (404, nothing said), not the finder's token, not anonymous.
    const messageId = (await app.inject({ method: 'GET', url: `/api/conversations/${id}`, headers: owner.auth })).json<OwnerThread>().messages[0]!.id;
    const path = `/api${recordingsApi.media(id, messageId)}`;
    expect((await app.inject({ method: 'GET', url: path, headers: owner.auth })).statusCode).toBe(200);
    const stranger = await signUp(app);
    expect((await app.inject({ method: 'GET', url: path, headers: stranger.auth })).statusCode).toBe(404);
    expect((await app.inject({ method: 'GET', url: path, headers: { authorization: `Bearer ${theirs.token}` } })).statusCode).toBe(401);
    expect((await app.inject({ method: 'GET', url: path })).statusCode).toBe(401);
    // Another conversation's message id under this conversation: 404.
    const theirId = (await app.inject({ method: 'GET', url: '/api/conversations', headers: other.owner.auth })).json<ConversationList>().conversations[0]!.id;
    const theirMessage = (await app.inject({ method: 'GET', url: `/api/conversations/${theirId}`, headers: other.owner.auth })).json<OwnerThread>().messages[0]!.id;
    expect((await app.inject({ method: 'GET', url: `/api${recordingsApi.media(id, theirMessage)}`, headers: owner.auth })).statusCode).toBe(404);

    // An answered call takes no recording.
    const answered = await startCall(app, code, {}, freshIp());
    await app.db.update(calls).set({ answeredAt: new Date(), status: 'answered' }).where(eq(calls.id, answered.roomId));
    const late = await send(answered.roomId, answered.callerToken, audioWebm);
    expect(late.statusCode).toBe(409);
    expect(errorBody(late)).toBe(callMsg.callAnswered);
  });

  test('[FIND-12] [SEC-05] rate limits: at most 3 recordings per call, then 429 in Portuguese before the body is read', async () => {
    const { code } = await ownedTag(app);
    const { roomId, callerToken } = await missedCall(code);
    const ip = freshIp();
    for (let i = 0; i < RECORDING_LIMITS.perCall; i++) expect((await send(roomId, callerToken, audioWebm, { ip })).statusCode).toBe(201);
    const before = await recordingCount();
    const over = await send(roomId, callerToken, audioWebm, { ip });
    expect(over.statusCode).toBe(429);
    expect(over.headers['retry-after']).toBeDefined();
    expect(await recordingCount()).toBe(before);
  });

  test('[FIND-12] [SEC-07] the recording is purged with its conversation (ADR 0044), and the export lists it as an entry, never its bytes', async () => {
    const { owner, code } = await ownedTag(app);
    const { roomId, callerToken } = await missedCall(code);
    expect((await send(roomId, callerToken, videoWebm)).statusCode).toBe(201);
    const [c] = await conversationsOf(code);

    const exported = await app.inject({ method: 'POST', url: '/api/account/export', headers: owner.auth, payload: { password: owner.password } });
    expect(exported.statusCode).toBe(200);
    expect(exported.body).toContain('Mensagem de vídeo, 2 s');
    expect(exported.body).not.toContain(videoWebm.subarray(0, 64).toString('base64'));
    expect(exported.body.length).toBeLessThan(videoWebm.length);

    expect(await app.db.select().from(conversationRecordings).where(eq(conversationRecordings.conversationId, c!.id))).toHaveLength(1);
    await app.db.update(conversations).set({ lastMessageAt: sql`now() - make_interval(days => ${CONVERSATION_KEEP_DAYS + 1})` }).where(eq(conversations.id, c!.id));
    await eventually(async () => expect(await app.db.select().from(conversationRecordings).where(eq(conversationRecordings.conversationId, c!.id))).toHaveLength(0));
    await settle(50);
  });
});
