import type { FastifyInstance } from 'fastify';
import { RING_TIMEOUT_MS, type IncomingCall, type JoinAck } from '@toque/contracts/calls';
import { callMsg } from '@toque/contracts/messages';
import { callRoom, userRoom, type CallParty, type IoSocket } from '../../plugins/realtime';
import { callsRepository as repo, type CallStatus } from './repository';
import type { Mail } from '../../plugins/mailer';
import { messageMail, missedCallMail, type CallSummary } from './mail';
import { ringOrder } from './ring-order';

const OVER: CallStatus[] = ['declined', 'missed', 'ended'];

export type CallLifecycle = ReturnType<typeof callLifecycle>;

/**
 * The call's state machine: ringing → answered → ended, or ringing → missed | declined | ended.
 * Every transition is a conditional UPDATE, so when processes or recipients race exactly one wins
 * and only the winner notifies. The ring timer lives in the process that created the call; a sweep
 * in every process catches calls whose process died (docs/decisions/0008), and a process that sees
 * such a call again (its finder or a recipient reconnected there) keeps its timeout too and rings it
 * again from the database (REL-04, REL-05, docs/decisions/0052).
 */
export function callLifecycle(app: FastifyInstance) {
  const { db, io } = app;
  const { ringTimeoutMs, sweepIntervalMs, callerGraceMs } = app.config.calls;
  const timers = new Map<string, NodeJS.Timeout>();
  /** Finders' sockets that dropped while their call rang, each waiting CALL_CALLER_GRACE_MS to come back. */
  const graces = new Set<NodeJS.Timeout>();
  const tasks = new Set<Promise<void>>();

  /** Work that must not hold up an answer (push, mail, socket handlers); awaited when the app closes. */
  function background(work: () => Promise<unknown>) {
    const task: Promise<void> = work()
      .then(() => undefined)
      .catch((err: unknown) => app.log.error({ err }, 'call task failed'))
      .finally(() => tasks.delete(task));
    tasks.add(task);
  }

  /** `io.to([])` would broadcast to every socket: never emit to an empty list. */
  function toUsers(userIds: string[], exceptSocket?: string) {
    if (userIds.length === 0) return null;
    const to = io.to(userIds.map(userRoom));
    return exceptSocket ? to.except(exceptSocket) : to;
  }

  async function recipientIds(roomId: string, except?: string) {
    return (await repo.recipients(db, roomId)).map((r) => r.userId).filter((id) => id !== except);
  }

  /** Rings these users' open sessions and pushes to their closed tabs (CALL-03; FIND-08: each step of an in-order call). */
  function ringUsers(userIds: string[], incoming: IncomingCall) {
    toUsers(userIds)?.emit('incoming-call', incoming);
    background(() => app.push.notify(userIds, { type: 'incoming-call', call: incoming }));
  }
  const order = ringOrder(app, { background, ringUsers });

  function stopRinging(roomId: string) {
    clearTimeout(timers.get(roomId));
    timers.delete(roomId);
    order.clear(roomId);
  }

  async function summaryOf(roomId: string): Promise<CallSummary | null> {
    const s = await repo.summary(db, roomId);
    if (!s) return null;
    const { call } = s;
    const unitName = call.unitId === null ? null : (s.unitName ?? callMsg.temporaryUnit);
    return { ...call, tagName: s.tagName, productId: s.productId, unitName };
  }

  async function mailEach(roomId: string, build: (to: string, s: CallSummary) => Mail | null) {
    const [summary, recipients] = await Promise.all([summaryOf(roomId), repo.recipients(db, roomId)]);
    if (!summary) return;
    for (const r of recipients) {
      const mail = build(r.email, summary);
      if (mail) await app.mailer.send(mail).catch((err: unknown) => app.log.error({ err }, 'call mail failed'));
    }
  }

  /** Tells the finder nobody will answer; the room of a call that is over is emptied. */
  function unanswered(roomId: string, reason: 'missed' | 'declined') {
    io.to(callRoom(roomId)).emit('call-unanswered', { roomId, reason });
    io.in(callRoom(roomId)).socketsLeave(callRoom(roomId));
  }

  /** CALL-07: still ringing after the timeout → missed; recipients stop ringing, the finder is told, owners get a mail. */
  async function expire(roomId: string) {
    const call = await repo.transition(db, roomId, ['ringing'], { status: 'missed', endedAt: new Date() });
    if (!call) return;
    app.metrics.call('missed');
    stopRinging(roomId);
    toUsers(await recipientIds(roomId))?.emit('call-cancelled', { roomId, reason: 'missed' });
    unanswered(roomId, 'missed');
    await mailEach(roomId, missedCallMail);
  }

  let sweeping = false;
  async function sweep() {
    if (sweeping) return;
    sweeping = true;
    try {
      // Never earlier than the contract's 60 s, whatever this process's timeout: another process's calls may be here.
      const cutoff = new Date(Date.now() - Math.max(ringTimeoutMs, RING_TIMEOUT_MS) - sweepIntervalMs);
      for (const id of await repo.ringingSince(db, cutoff)) await expire(id);
    } finally {
      sweeping = false;
    }
  }
  const sweeper = setInterval(() => background(sweep), sweepIntervalMs);
  sweeper.unref();

  /**
   * REL-04: a ringing call's timeout, kept by this process too when the one that started the call
   * may be gone (its finder or a recipient reconnected here): the finder hears "nobody answered" at
   * the ringing time, not at the next sweep. Both processes' timers race to one conditional UPDATE.
   */
  function armExpiry(roomId: string, startedAt: Date) {
    if (timers.has(roomId)) return;
    const timer = setTimeout(() => {
      timers.delete(roomId);
      background(() => expire(roomId));
    }, Math.max(0, startedAt.getTime() + ringTimeoutMs - Date.now()));
    timer.unref();
    timers.set(roomId, timer);
  }

  /**
   * REL-04 / REL-05: rings again, from the database, the calls still ringing for these users: a
   * socket that (re)connected here after its process died, or every socket of this process once its
   * link to the others is back. One query for a batch of users (a burst of reconnections).
   */
  async function ringAgain(userIds: string[], emit: (userId: string, incoming: IncomingCall, startedAt: Date) => void) {
    const since = new Date(Date.now() - ringTimeoutMs);
    for (let i = 0; i < userIds.length; i += 1000) {
      for (const row of await repo.ringingFor(db, userIds.slice(i, i + 1000), since)) {
        const { call } = row;
        const incoming: IncomingCall = {
          roomId: call.id,
          latitude: call.latitude,
          longitude: call.longitude,
          tagCode: call.tagCode,
          tagName: row.tagName,
          productId: row.productId,
          unitName: call.unitId === null ? null : (row.unitName ?? callMsg.temporaryUnit),
          ...(row.visitorName !== null && row.passUntil !== null ? { expectedVisitor: { name: row.visitorName, validUntil: row.passUntil.toISOString() } } : {}),
        };
        emit(row.userId, incoming, call.startedAt);
        armExpiry(call.id, call.startedAt);
      }
    }
  }

  /**
   * Sockets that connected in the last few milliseconds (and when: each is in its user's room from
   * then on), rung again together — only for the calls that started before it arrived, which
   * reached it through the room otherwise.
   */
  let arrivals: { socket: IoSocket; at: number }[] = [];
  function ringOnArrival(socket: IoSocket) {
    arrivals.push({ socket, at: Date.now() });
    if (arrivals.length > 1) return;
    setTimeout(() => {
      const batch = arrivals;
      arrivals = [];
      const byUser = new Map<string, { socket: IoSocket; at: number }[]>();
      for (const a of batch) {
        if (a.socket.data.kind !== 'user' || !a.socket.connected) continue;
        byUser.set(a.socket.data.userId, [...(byUser.get(a.socket.data.userId) ?? []), a]);
      }
      background(() =>
        ringAgain([...byUser.keys()], (userId, incoming, startedAt) => {
          for (const a of byUser.get(userId) ?? []) if (startedAt.getTime() <= a.at) a.socket.emit('incoming-call', incoming);
        }),
      );
    }, 50).unref();
  }

  app.onLinkRestored(() => {
    const local = [...io.of('/').adapter.rooms.keys()].filter((room) => /^user:[0-9a-f-]{36}$/.test(room)).map((room) => room.slice('user:'.length));
    background(() => ringAgain(local, (userId, incoming) => io.local.to(userRoom(userId)).emit('incoming-call', incoming)));
  });

  /** The finder gave up before anyone answered (socket gone, or a text message instead). */
  async function callerLeft(roomId: string) {
    const call = await repo.transition(db, roomId, ['ringing'], { status: 'ended', endedAt: new Date() });
    if (!call) return;
    stopRinging(roomId);
    toUsers(await recipientIds(roomId))?.emit('call-cancelled', { roomId, reason: 'caller-left' });
  }

  app.addHook('onClose', async () => {
    clearInterval(sweeper);
    for (const t of timers.values()) clearTimeout(t);
    timers.clear();
    for (const t of graces) clearTimeout(t);
    graces.clear();
    while (tasks.size > 0) await Promise.allSettled([...tasks]);
  });

  return {
    background,
    ringOnArrival,

    /**
     * CALL-03: every open session of every recipient rings now; push reaches closed tabs; the timer starts.
     * FIND-08: `nextStepMs` — only the owner rings now, the members after it (ring-order.ts).
     */
    ring(roomId: string, userIds: string[], incoming: IncomingCall, nextStepMs?: number) {
      ringUsers(userIds, incoming);
      app.metrics.call('ringing');
      if (nextStepMs !== undefined) order.schedule(roomId, nextStepMs);
      const timer = setTimeout(() => {
        timers.delete(roomId);
        background(() => expire(roomId));
      }, ringTimeoutMs);
      timer.unref();
      timers.set(roomId, timer);
    },

    /**
     * CALL-08: the caller token's own call, or a recipient of it, and only while it is not over. A
     * recipient joining a ringing call answers it; the other recipients stop ringing.
     */
    async join(roomId: string, who: CallParty, socketId: string): Promise<JoinAck> {
      const refuse = (message: string): JoinAck => ({ ok: false, message });
      const call = await repo.findCall(db, roomId);
      if (who.kind === 'caller') {
        if (who.roomId !== roomId || !call) return refuse(callMsg.notRecipient);
        // PERF-06: a finder that joins after the owner declined, or after the ring ran out, learns which.
        if (call.status === 'declined' || call.status === 'missed')
          return { ok: false, message: callMsg.callOver, unanswered: call.status };
        if (OVER.includes(call.status)) return refuse(callMsg.callOver);
        if (call.status === 'ringing') armExpiry(roomId, call.startedAt);
        return { ok: true, role: 'caller' };
      }
      // An unknown room and someone else's call look the same.
      if (!call || !(await repo.isRecipient(db, roomId, who.userId))) return refuse(callMsg.notRecipient);
      if (OVER.includes(call.status)) return refuse(callMsg.callOver);
      let answeredBy = call.answeredBy;
      if (call.status === 'ringing') {
        const won = await repo.transition(db, roomId, ['ringing'], { status: 'answered', answeredBy: who.userId, answeredAt: new Date() });
        if (won) {
          app.metrics.call('answered');
          stopRinging(roomId);
          const cancelled = { roomId, reason: 'answered-elsewhere' } as const;
          toUsers(await recipientIds(roomId, who.userId))?.emit('call-cancelled', cancelled);
          // The answering user's other tabs stop ringing too; this socket is the one that answered.
          toUsers([who.userId], socketId)?.emit('call-cancelled', cancelled);
          return { ok: true, role: 'recipient' };
        }
        const now = await repo.findCall(db, roomId);
        if (!now || OVER.includes(now.status)) return refuse(callMsg.callOver);
        answeredBy = now.answeredBy;
      }
      return answeredBy === who.userId ? { ok: true, role: 'recipient' } : refuse(callMsg.answeredElsewhere);
    },

    /** The finder of this call, or the recipient who answered it (OPS-04: a hang-up from a socket that has not resumed yet). */
    async isParticipant(roomId: string, who: CallParty): Promise<boolean> {
      if (who.kind === 'caller') return who.roomId === roomId;
      const call = await repo.findCall(db, roomId);
      return !!call && call.answeredBy === who.userId;
    },

    /** CALL-07: Rejeitar. Ringing stops on all of this user's sessions; the last decline tells the finder. */
    async decline(roomId: string, userId: string): Promise<boolean> {
      if (!(await repo.isRecipient(db, roomId, userId))) return false;
      await repo.decline(db, roomId, userId);
      toUsers([userId])?.emit('call-cancelled', { roomId, reason: 'declined' });
      if ((await repo.undeclinedCount(db, roomId)) > 0) {
        // FIND-08: the owner declined their turn of an in-order call: the members ring now.
        await order.advance(roomId);
        return true;
      }
      const call = await repo.transition(db, roomId, ['ringing'], { status: 'declined', endedAt: new Date() });
      if (call) {
        stopRinging(roomId);
        unanswered(roomId, 'declined');
      }
      return true;
    },

    /** CALL-06: either side hangs up; the whole room hears `closeCall` and leaves it. */
    async hangUp(roomId: string, who: CallParty) {
      const endedAt = new Date();
      const wasRinging = await repo.transition(db, roomId, ['ringing'], { status: 'ended', endedAt });
      if (wasRinging) {
        stopRinging(roomId);
        if (who.kind === 'caller') toUsers(await recipientIds(roomId))?.emit('call-cancelled', { roomId, reason: 'caller-left' });
      } else {
        await repo.transition(db, roomId, ['answered'], { status: 'ended', endedAt });
      }
      io.to(callRoom(roomId)).emit('closeCall', { roomId });
      io.in(callRoom(roomId)).socketsLeave(callRoom(roomId));
    },

    /**
     * REL-04: the finder's socket dropped. A phone between networks comes back and joins again
     * (the finder's page rejoins by itself), so the call ends as left only when, CALL_CALLER_GRACE_MS
     * later, no socket of the finder is in the call's room on any process. Until then the owner's
     * phone keeps ringing; the ring timeout still applies.
     */
    callerDropped(roomId: string) {
      const grace = setTimeout(() => {
        graces.delete(grace);
        background(async () => {
          // While the other processes cannot be asked (Redis away), only this one's sockets count.
          const here = await io
            .in(callRoom(roomId))
            .fetchSockets()
            .catch(() => io.local.in(callRoom(roomId)).fetchSockets());
          if (here.some((socket) => socket.data.kind === 'caller')) return;
          await callerLeft(roomId);
        });
      }, callerGraceMs);
      grace.unref();
      graces.add(grace);
    },

    callerLeft,

    /** An answered call whose room emptied without a `closeCall` (tabs closed) still gets an end. */
    async endIfEmpty(roomId: string) {
      // While the other processes cannot be asked (Redis away), only this one's sockets count.
      const left = await io
        .in(callRoom(roomId))
        .fetchSockets()
        .catch(() => io.local.in(callRoom(roomId)).fetchSockets());
      if (left.length === 0) await repo.transition(db, roomId, ['answered'], { status: 'ended', endedAt: new Date() });
    },

    /** CALL-15: the finder's position arrived after the call started: every session of every recipient learns it (the map updates). */
    async locationArrived(roomId: string, latitude: number, longitude: number) {
      toUsers(await recipientIds(roomId))?.emit('call-location', { roomId, latitude, longitude });
    },

    async mailMessage(roomId: string) {
      await mailEach(roomId, (to, s) => (s.message ? messageMail(to, { ...s, message: s.message }) : null));
    },
  };
}
