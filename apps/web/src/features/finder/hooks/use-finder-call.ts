import type { GateEvent } from '@toque/contracts/gate';
import { useCallback, useEffect, useRef, useState } from 'react';
import type { CreateCallResponse } from '@toque/contracts/calls';
import { ApiError, isApiError } from '../../../lib/api-client';
import { whileUnavailable } from '../../../lib/retry-unavailable';
import { createPeerLink, stopStream, type PeerLink } from '../../../lib/call-peer';
import { connected, createCallSocket, joinRoom, rejoinRoom, untilDatabaseAnswers, type CallSocket } from '../../../lib/call-socket';
import { getCallConversationKey } from '../api/conversation';
import { createCall } from '../api/create-call';
import { startCall, type StartedCall } from '../call-start';
import { leaveCallback } from '../api/leave-callback';
import { leaveMessage } from '../api/leave-message';
import { leaveTagMessage } from '../api/leave-tag-message';
import { shareCallLocation } from '../api/share-call-location';
import { storedConversationToken } from '../components/conversation-entry';
import { saveConversationToken } from '../conversation-tokens';
import {
  cameraTrack,
  located,
  locatedFix,
  positionWithin,
  type CallMode,
  type Facing,
  type Position,
} from '../finder-media';

const HANG_UP_GRACE_MS = 2000;
/** CALL-17: how often the end-of-call screen asks whether the owner opened a thread (while the page is seen). */
const CALL_CONVERSATION_POLL_MS = 3000;
/** How long a message made without a call waits for the phone's position before it goes without it. */
const MESSAGE_POSITION_WAIT_MS = 4000;

/** Why the finder is writing instead of talking (CALL-07, CALL-13). */
export type MessageReason = 'missed' | 'declined' | 'in-app' | 'no-webrtc' | 'camera';

export type FinderCall =
  | { phase: 'ready' }
  | { phase: 'starting' }
  /** `deadline`: when the server stops ringing (its own timeout, learnt from its answer: CALL-15). */
  | { phase: 'ringing'; local: MediaStream; deadline: number }
  /** `since`: when the owner's media arrived (epoch ms), for the call's duration (CALL-14). */
  | { phase: 'connected'; local: MediaStream; remote: MediaStream; since: number }
  | { phase: 'ended' }
  | { phase: 'message'; reason: MessageReason }
  | { phase: 'sent' }
  /** FIND-07: the owner's quiet hours — no ringing until `until` (the owner's wall time); the finder may write. */
  | { phase: 'quiet'; until: string }
  | { phase: 'failed'; error: CallError | null };

/** The server's refusal, translated when shown (FIND-03); null: the call could not be made (no answer, WebRTC). */
export interface CallError {
  status: number;
  message: string;
  retryAfterS?: number | undefined;
}

const errorOf = (error: unknown): CallError | null =>
  isApiError(error) && error.status !== 0
    ? { status: error.status, message: error.message, retryAfterS: error.retryAfterS }
    : null;

/**
 * The finder's side of the call (CALL-02, CALL-07, CALL-13): one tap asks for camera, microphone
 * and location at once, creates the call, joins its room with the caller token and waits; the owner
 * joining brings `user-joined`, to which this side makes the offer (docs/decisions/0010). Nobody
 * answering (or everyone declining) leads to the text message; so do a refused camera and an
 * in-app browser. A refused location still calls.
 */
/** `pass`: CONDO-16, the token of the pass link the plate's page was opened with. */
export function useFinderCall(code: string, inAppBrowser: boolean, pass?: string, positionRequired = false) {
  const [state, setState] = useState<FinderCall>(
    inAppBrowser ? { phase: 'message', reason: 'in-app' } : { phase: 'ready' },
  );
  const call = useRef<CreateCallResponse | null>(null);
  /** The unit the call rang (a plate), for the thread its residents may open after it (CALL-17). */
  const callUnit = useRef<number | undefined>(undefined);
  const position = useRef<Position | null>(null);
  const live = useRef<{ socket: CallSocket; link: PeerLink; local: MediaStream } | null>(null);
  const [muted, setMuted] = useState(false);
  const facing = useRef<Facing>('user');
  const [switchFailed, setSwitchFailed] = useState(false);
  const [callbackLeft, setCallbackLeft] = useState(false);
  // CALL-14: the owner answers with the microphone only; their camera is on when they say so.
  const [ownerCamera, setOwnerCamera] = useState(false);
  /** FIND-08: an in-order call moved on from the owner to the members. */
  const [tryingAnother, setTryingAnother] = useState(false);
  /** REL-06: the server cannot serve now (its database is away); the call is tried again by itself. */
  const [retrying, setRetrying] = useState(false);
  /** CONDO-18: the resident opened the building's gate during the call (or tried: the outcome in words). */
  const [gate, setGate] = useState<GateEvent | null>(null);

  const teardown = useCallback(() => {
    const current = live.current;
    live.current = null;
    if (!current) return;
    current.link.close();
    stopStream(current.local);
    current.socket.disconnect();
  }, []);

  useEffect(() => teardown, [teardown]);

  /**
   * Starts a call, or goes on with the one the finder page's island started on the first tap
   * (`begun`, PERF-06: docs/decisions/0037, addendum 3) — its ringing already on screen.
   */
  const start = useCallback(
    (unitId?: number, mode: CallMode = 'video', begun?: StartedCall) => {
      // A browser without WebRTC (Tor Browser, WebRTC switched off, some webviews) would ring an
      // owner who can never be connected: it goes to the message instead, before anyone is rung.
      if (!begun && typeof RTCPeerConnection !== 'function') {
        setState({ phase: 'message', reason: 'no-webrtc' });
        return;
      }
      const started = begun ?? startCall({ code, unitId, pass, mode, positionRequired, position: position.current });
      const { where } = started;
      call.current = null;
      callUnit.current = unitId;
      const now = started.settled();
      // The island said 'Chamando …' as soon as the call was made: the page goes on saying it.
      setState(
        now?.media && 'created' in now
          ? { phase: 'ringing', local: now.media, deadline: now.sentAt + now.created.ringTimeoutMs }
          : { phase: 'starting' },
      );
      setMuted(false);
      setSwitchFailed(false);
      setCallbackLeft(false);
      setOwnerCamera(false);
      setTryingAnother(false);
      setGate(null);
      facing.current = 'user';
      started.onRetrying(setRetrying);
      void (async () => {
        const outcome = await started.outcome;
        if (!outcome.media) {
          // CALL-15: the message path at once; the position, if it comes, goes with the message.
          void where.then((found) => {
            position.current ??= found;
          });
          setState({ phase: 'message', reason: 'camera' });
          return;
        }
        const local = outcome.media;
        let socket: CallSocket | null = null;
        try {
          if ('error' in outcome) throw outcome.error;
          const { created, sentAt, known } = outcome;
          if (known) position.current = known;
          call.current = created;
          // The island's call rings on screen once it is made, as the island said (the room is joined below).
          if (begun)
            setState((current) =>
              current.phase === 'starting'
                ? { phase: 'ringing', local, deadline: sentAt + created.ringTimeoutMs }
                : current,
            );
          if (!known)
            void where
              .then((found) => {
                if (!found) return;
                position.current = found;
                return shareCallLocation(created.roomId, created.callerToken, found);
              })
              .catch((error: unknown) => console.warn('Toque: the position could not follow the call', error));
          socket = createCallSocket(created.callerToken);
          const s = socket;
          await connected(s);
          const link = createPeerLink({
            socket: s,
            roomId: created.roomId,
            ice: { iceServers: created.iceServers, iceTransportPolicy: created.iceTransportPolicy },
            localStream: local,
            onRemoteStream: (remote) =>
              setState((now) =>
                now.phase === 'connected'
                  ? { ...now, remote }
                  : { phase: 'connected', local, remote, since: Date.now() },
              ),
          });
          live.current = { socket: s, link, local };
          s.on('call-unanswered', (info) => {
            if (info.roomId !== created.roomId) return;
            teardown();
            setState({ phase: 'message', reason: info.reason });
          });
          // FIND-08: the owner's turn is over; the members ring ("tentando outra pessoa").
          s.on('call-step', (info) => {
            if (info.roomId === created.roomId) setTryingAnother(true);
          });
          s.on('owner-camera', (info) => {
            if (info.roomId === created.roomId) setOwnerCamera(info.on);
          });
          s.on('gate', (info) => {
            if (info.roomId === created.roomId) setGate(info);
          });
          s.on('closeCall', (info) => {
            if (info.roomId !== created.roomId) return;
            teardown();
            setState({ phase: 'ended' });
          });
          // REL-06: joining asks the database too; while it is away the join is asked again.
          const joined = await whileUnavailable(() => untilDatabaseAnswers(joinRoom(s, created.roomId)), setRetrying);
          // PERF-06: the island's call may have been declined, or have run out, before this socket was
          // in the room to hear it: the join says which, and the page offers the next step (CALL-07).
          if (!joined.ok && joined.unanswered) {
            teardown();
            setState({ phase: 'message', reason: joined.unanswered });
            return;
          }
          if (!joined.ok) throw new ApiError(409, joined.message);
          // A phone that changed networks, or whose server process restarted or died (OPS-04, REL-04),
          // reconnects: it joins again (resumes, with the media still up), or learns the call is over.
          // REL-06: a rejoin while the database is away says "trying again" and is asked again, as the
          // first join is — it used to end the call on the spot ("O serviço está indisponível").
          let rejoins = 0;
          s.on('connect', () => {
            const attempt = (rejoins += 1);
            const current = () => live.current?.socket === s && attempt === rejoins;
            void whileUnavailable(() => untilDatabaseAnswers(rejoinRoom(s, created.roomId, link.connected())), setRetrying).then(
              (again) => {
                if (again.ok || !current()) return;
                teardown();
                setState(
                  again.unanswered
                    ? { phase: 'message', reason: again.unanswered }
                    : { phase: 'failed', error: { status: 409, message: again.message } },
                );
              },
              (error: unknown) => {
                if (!current()) return;
                teardown();
                setState({ phase: 'failed', error: errorOf(error) });
              },
            );
          });
          const deadline = sentAt + created.ringTimeoutMs;
          setState((current) => (current.phase === 'starting' ? { phase: 'ringing', local, deadline } : current));
        } catch (error) {
          console.warn('Toque: the call could not start', error);
          if (live.current) teardown();
          else {
            stopStream(local);
            socket?.disconnect();
          }
          const quietUntil = isApiError(error) ? error.details?.quiet_until_time : undefined;
          setState(
            typeof quietUntil === 'string'
              ? { phase: 'quiet', until: quietUntil }
              : { phase: 'failed', error: errorOf(error) },
          );
        }
      })();
    },
    [code, pass, teardown, positionRequired],
  );

  /**
   * CALL-17: after the call, the owner may write ("Escrever para quem chamou"): while this end screen
   * is open (and seen) it asks, with the call's caller token, for the thread's key; once given it is
   * this browser's conversation with the tag (a plate: the call's unit) and shows at once, and after
   * a reload. It stops at the first refusal (the caller token has expired).
   */
  useEffect(() => {
    const ended = call.current;
    if (state.phase !== 'ended' || !ended) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let stopped = false;
    const ask = async () => {
      if (!document.hidden) {
        try {
          const { token } = await getCallConversationKey(ended.roomId, ended.callerToken);
          if (stopped) return;
          if (token) {
            if (storedConversationToken(code, callUnit.current) !== token)
              saveConversationToken(code, callUnit.current, token);
            return;
          }
        } catch (error) {
          console.warn('Toque: no conversation can follow this call', error);
          return;
        }
      }
      if (!stopped) timer = setTimeout(() => void ask(), CALL_CONVERSATION_POLL_MS);
    };
    void ask();
    return () => {
      stopped = true;
      clearTimeout(timer);
    };
  }, [state.phase, code]);

  const hangUp = useCallback(() => {
    const current = live.current;
    const roomId = call.current?.roomId;
    if (!current || !roomId) return;
    current.socket.emit('closeCall', { roomId });
    setTimeout(() => {
      if (live.current === current) {
        teardown();
        setState({ phase: 'ended' });
      }
    }, HANG_UP_GRACE_MS);
  }, [teardown]);

  /** CALL-07: the text reaches the owner with the location. Without a call yet (camera path), one is made for it. */
  const sendMessage = useCallback(
    async (message: string, unitId?: number) => {
      if (!call.current) {
        // A message does not wait long for a phone without a fix (CALL-15).
        position.current ??= await positionWithin(MESSAGE_POSITION_WAIT_MS);
        if (positionRequired) {
          // CONDO-17: a plate that rings only at its door takes the message without ringing.
          await leaveTagMessage(code, { message, ...(unitId ? { unitId } : {}), ...located(position.current) });
          setState({ phase: 'sent' });
          return;
        }
        call.current = await createCall({ code, ...(unitId ? { unitId } : {}), ...locatedFix(position.current) });
      }
      // FIND-13: the message goes to this browser's conversation with the tag (a plate: the unit), or opens one.
      const held = storedConversationToken(code, unitId);
      const opened = await leaveMessage(call.current.roomId, call.current.callerToken, {
        message,
        ...located(position.current),
        ...(held ? { conversation: held } : {}),
      });
      saveConversationToken(code, unitId, opened.token);
      setState({ phase: 'sent' });
    },
    [code, positionRequired],
  );

  /** FIND-12: a voice or video recording after the call nobody answered, into the finder's conversation. */
  const sendRecording = useCallback(
    async (file: Blob, unitId?: number) => {
      if (!call.current) return;
      const { leaveRecording } = await import('../api/leave-recording');
      const opened = await leaveRecording(
        call.current.roomId,
        call.current.callerToken,
        file,
        storedConversationToken(code, unitId),
      );
      saveConversationToken(code, unitId, opened.token);
      setState({ phase: 'sent' });
    },
    [code],
  );

  /** CONDO-17: refused at a plate that rings only at its door — a message for the unit, with an optional way back, nothing rings. */
  const sendUnitMessage = useCallback(
    async (message: string, unitId: number | undefined, contact?: string) => {
      await leaveTagMessage(code, {
        message,
        ...(unitId ? { unitId } : {}),
        ...(contact ? { contact } : {}),
        ...located(position.current),
      });
      call.current = null;
      setState({ phase: 'sent' });
    },
    [code],
  );

  /** CALL-15: a phone or e-mail the owner can answer on, for the call nobody answered. */
  const sendCallback = useCallback(async (contact: string) => {
    if (!call.current) return;
    await leaveCallback(call.current.roomId, call.current.callerToken, contact);
    setCallbackLeft(true);
  }, []);

  const retry = useCallback(() => {
    call.current = null;
    setState({ phase: 'ready' });
  }, []);

  /** FIND-04: the microphone off and on (the track stays, sending silence). */
  const toggleMute = useCallback(() => {
    const local = live.current?.local;
    if (!local) return;
    const next = !muted;
    for (const track of local.getAudioTracks()) track.enabled = !next;
    setMuted(next);
  }, [muted]);

  /**
   * FIND-04: front ↔ back camera during the call. The new camera's track replaces the old one in
   * the sender (`replaceTrack`: no new offer, the owner's video goes on) and in the local stream
   * (which a later peer connection, after a reconnection, sends).
   */
  const switchCamera = useCallback(async () => {
    const current = live.current;
    const old = current?.local.getVideoTracks()[0];
    if (!current || !old) return;
    const next: Facing = facing.current === 'user' ? 'environment' : 'user';
    setSwitchFailed(false);
    try {
      const track = await cameraTrack(next, old);
      if (live.current !== current) {
        track.stop();
        return;
      }
      track.enabled = old.enabled;
      const sender = current.link
        .connection()
        ?.getSenders()
        .find((s) => s.track === old);
      await sender?.replaceTrack(track);
      current.local.removeTrack(old);
      current.local.addTrack(track);
      old.stop();
      facing.current = next;
      // A new stream object for the views: the self-view shows the new camera.
      const local = new MediaStream(current.local.getTracks());
      setState((now) => (now.phase === 'ringing' || now.phase === 'connected' ? { ...now, local } : now));
    } catch (error) {
      console.warn('Toque: the camera could not be switched', error);
      setSwitchFailed(true);
    }
  }, []);

  return {
    state,
    start,
    hangUp,
    sendMessage,
    sendRecording,
    sendUnitMessage,
    sendCallback,
    callbackLeft,
    retry,
    muted,
    toggleMute,
    switchCamera,
    switchFailed,
    ownerCamera,
    tryingAnother,
    retrying,
    gate,
    /** Whether the sent message has a call behind it (a way back can follow it), or went without one (CONDO-17). */
    hasCall: () => call.current !== null,
  };
}
