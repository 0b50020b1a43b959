import { z } from 'zod';
import type { JoinAck } from '@toque/contracts/calls';
import { apiMsg, callMsg } from '@toque/contracts/messages';
import { isDatabaseUnavailable } from '../../lib/pg-errors';
import { callRoom, isStopping, type Io, type IoSocket } from '../../plugins/realtime';
import type { CallLifecycle } from './lifecycle';

/** Runtime shapes of what clients send: the contract's types say what they should send, not what they do. */
// Room ids are base64url (128 random bits): anything else — a NUL, a quote — never reaches the database.
const roomId = z.string().regex(/^[A-Za-z0-9_-]{1,64}$/);
const description = z.object({ type: z.enum(['offer', 'answer']), sdp: z.string().max(60_000) });
const candidate = z.object({
  candidate: z.string().max(4_000),
  sdpMid: z.string().max(64).nullish(),
  sdpMLineIndex: z.number().int().min(0).max(1_000).nullish(),
  usernameFragment: z.string().max(256).nullish(),
});
const relay = <T extends z.ZodTypeAny>(payload: T) => z.object({ roomId, to: z.string().max(64).optional(), payload });
const descriptionRelay = relay(description);
const candidateRelay = relay(candidate);
const roomInfo = z.object({ roomId });
const ownerCamera = z.strictObject({ roomId, on: z.boolean() });

/**
 * The call's signalling (CALL-05…08). Joining is decided by the lifecycle (DB); relaying only needs
 * the socket to be in the call's room. A relay goes to the rest of the room with `from` set by the
 * server; `to` is passed along for the clients to filter (a Socket.IO emit cannot target the
 * intersection of a room and a socket id, and a call room holds two or three sockets).
 */
export function callsSignalling(io: Io, lifecycle: CallLifecycle) {
  io.on('connection', (socket: IoSocket) => {
    const who = socket.data;
    // FIND-06: a finder's conversation socket only listens (conversations/service.ts); no call event is its.
    if (who.kind === 'finder') return;
    // REL-04: a call that rang while this user had no socket (its process died, the phone was
    // between networks) rings on the one that just arrived.
    if (who.kind === 'user') lifecycle.ringOnArrival(socket);
    const joined = (id: string) => socket.rooms.has(callRoom(id));

    /**
     * `join`, or `resume` from a participant whose socket moved to this process while its media
     * link stayed up (OPS-04, docs/decisions/0024): the same checks; the room is told which it was.
     */
    const joinHandler = (resumed: boolean) => (rawRoomId: unknown, ack: unknown) => {
      const reply = (result: JoinAck) => {
        if (typeof ack === 'function') (ack as (r: JoinAck) => void)(result);
      };
      const parsed = roomId.safeParse(rawRoomId);
      if (!parsed.success) return reply({ ok: false, message: callMsg.notRecipient });
      const id = parsed.data;
      if (joined(id)) return reply({ ok: true, role: who.kind === 'caller' ? 'caller' : 'recipient' });
      lifecycle.background(async () => {
        let result: JoinAck;
        try {
          result = await lifecycle.join(id, who, socket.id);
        } catch (error) {
          // REL-06: the database did not answer — the client is told so at once (and may join again), never left waiting.
          reply({ ok: false, message: isDatabaseUnavailable(error) ? apiMsg.databaseUnavailable : apiMsg.internal });
          throw error;
        }
        if (result.ok) {
          await socket.join(callRoom(id));
          const info = { roomId: id, id: socket.id, role: result.role };
          socket.to(callRoom(id)).emit('user-joined', resumed ? { ...info, resumed: true } : info);
        }
        reply(result);
      });
    };
    socket.on('join', joinHandler(false));
    socket.on('resume', joinHandler(true));

    socket.on('offer', (m) => {
      const r = descriptionRelay.safeParse(m);
      if (r.success && joined(r.data.roomId)) socket.to(callRoom(r.data.roomId)).emit('offer', { ...r.data, from: socket.id });
    });
    socket.on('answer', (m) => {
      const r = descriptionRelay.safeParse(m);
      if (r.success && joined(r.data.roomId)) socket.to(callRoom(r.data.roomId)).emit('answer', { ...r.data, from: socket.id });
    });
    socket.on('ice-candidate', (m) => {
      const r = candidateRelay.safeParse(m);
      if (r.success && joined(r.data.roomId)) socket.to(callRoom(r.data.roomId)).emit('ice-candidate', { ...r.data, from: socket.id });
    });

    // CALL-14: the owner's camera state, from the recipient in the call to the finder. Only the
    // fields the contract names go on (a strict shape): nothing a client adds reaches the other side.
    socket.on('owner-camera', (info) => {
      const r = ownerCamera.safeParse(info);
      if (r.success && who.kind === 'user' && joined(r.data.roomId))
        socket.to(callRoom(r.data.roomId)).emit('owner-camera', { roomId: r.data.roomId, on: r.data.on });
    });

    socket.on('closeCall', (info) => {
      const r = roomInfo.safeParse(info);
      if (!r.success) return;
      const id = r.data.roomId;
      if (joined(id)) return lifecycle.background(() => lifecycle.hangUp(id, who));
      // OPS-04: a hang-up the client buffered while its socket moved to this process arrives before
      // its `resume`: the socket is not in the room yet, so the database says whether it may.
      lifecycle.background(async () => {
        if (await lifecycle.isParticipant(id, who)) await lifecycle.hangUp(id, who);
      });
    });

    // Rejeitar comes from a ringing session, which has not joined the room: membership is checked in the DB.
    socket.on('decline', (info, ack) => {
      const reply = (ok: boolean) => {
        if (typeof ack === 'function') ack({ ok });
      };
      const r = roomInfo.safeParse(info);
      if (!r.success || who.kind !== 'user') return reply(false);
      // REL-06: a database that does not answer is a refusal the ringing screen hears, not a silence.
      lifecycle.background(async () => reply(await lifecycle.decline(r.data.roomId, who.userId).catch((error: unknown) => {
        reply(false);
        throw error;
      })));
    });

    let callRooms: string[] = [];
    socket.on('disconnecting', () => {
      callRooms = [...socket.rooms].filter((room) => room.startsWith('call:')).map((room) => room.slice('call:'.length));
    });
    socket.on('disconnect', () => {
      // A restarting process must not end the calls of its sockets: they reconnect elsewhere and join again.
      if (isStopping(io)) return;
      lifecycle.background(async () => {
        if (who.kind === 'caller') lifecycle.callerDropped(who.roomId);
        for (const id of callRooms) await lifecycle.endIfEmpty(id);
      });
    });
  });
}
