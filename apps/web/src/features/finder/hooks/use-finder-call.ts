import { useCallback, useEffect, useRef, useState } from 'react';
import type { CreateCallResponse } from '@toque/contracts/calls';
import { ApiError, isApiError } from '../../../lib/api-client';
import { createPeerLink, stopStream, type PeerLink } from '../../../lib/call-peer';
import { connected, createCallSocket, joinRoom, rejoinRoom, type CallSocket } from '../../../lib/call-socket';
import { createCall } from '../api/create-call';
import { leaveMessage } from '../api/leave-message';
import { cameraTrack, currentPosition, finderMedia, located, type CallMode, type Facing, type Position } from '../finder-media';

const HANG_UP_GRACE_MS = 2000;

/** Why the finder is writing instead of talking (CALL-07, CALL-13). */
export type MessageReason = 'missed' | 'declined' | 'in-app' | 'camera';

export type FinderCall =
  | { phase: 'ready' }
  | { phase: 'starting' }
  | { phase: 'ringing'; local: MediaStream }
  | { phase: 'connected'; local: MediaStream; remote: MediaStream }
  | { phase: 'ended' }
  | { phase: 'message'; reason: MessageReason }
  | { phase: 'sent' }
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
export function useFinderCall(code: string, inAppBrowser: boolean) {
  const [state, setState] = useState<FinderCall>(
    inAppBrowser ? { phase: 'message', reason: 'in-app' } : { phase: 'ready' },
  );
  const call = useRef<CreateCallResponse | null>(null);
  const position = useRef<Position | null>(null);
  const live = useRef<{ socket: CallSocket; link: PeerLink; local: MediaStream } | null>(null);
  const [muted, setMuted] = useState(false);
  const facing = useRef<Facing>('user');
  const [switchFailed, setSwitchFailed] = useState(false);

  const teardown = useCallback(() => {
    const current = live.current;
    live.current = null;
    if (!current) return;
    current.link.close();
    stopStream(current.local);
    current.socket.disconnect();
  }, []);

  useEffect(() => teardown, [teardown]);

  const start = useCallback(
    (unitId?: number, mode: CallMode = 'video') => {
      // Both requests start inside the tap: phone browsers only ask from a user gesture (CALL-13).
      const media = finderMedia(mode);
      const where = currentPosition();
      setState({ phase: 'starting' });
      setMuted(false);
      setSwitchFailed(false);
      facing.current = 'user';
      void (async () => {
        const local = await media;
        position.current = await where;
        if (!local) {
          setState({ phase: 'message', reason: 'camera' });
          return;
        }
        let socket: CallSocket | null = null;
        try {
          const created = await createCall({ code, ...(unitId ? { unitId } : {}), ...located(position.current) });
          call.current = created;
          socket = createCallSocket(created.callerToken);
          const s = socket;
          await connected(s);
          const link = createPeerLink({
            socket: s,
            roomId: created.roomId,
            ice: { iceServers: created.iceServers, iceTransportPolicy: created.iceTransportPolicy },
            localStream: local,
            onRemoteStream: (remote) => setState({ phase: 'connected', local, remote }),
          });
          live.current = { socket: s, link, local };
          s.on('call-unanswered', (info) => {
            if (info.roomId !== created.roomId) return;
            teardown();
            setState({ phase: 'message', reason: info.reason });
          });
          s.on('closeCall', (info) => {
            if (info.roomId !== created.roomId) return;
            teardown();
            setState({ phase: 'ended' });
          });
          const joined = await joinRoom(s, created.roomId);
          if (!joined.ok) throw new ApiError(409, joined.message);
          // A phone that changed networks, or whose server process restarted (OPS-04), reconnects:
          // it joins again (resumes, with the media still up), or learns the call is over.
          s.on('connect', () => {
            void rejoinRoom(s, created.roomId, link.connected()).then((again) => {
              if (again.ok || live.current?.socket !== s) return;
              teardown();
              setState({ phase: 'failed', error: { status: 409, message: again.message } });
            });
          });
          setState((now) => (now.phase === 'starting' ? { phase: 'ringing', local } : now));
        } catch (error) {
          console.warn('Toque: the call could not start', error);
          if (live.current) teardown();
          else {
            stopStream(local);
            socket?.disconnect();
          }
          setState({ phase: 'failed', error: errorOf(error) });
        }
      })();
    },
    [code, teardown],
  );

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
        position.current ??= await currentPosition();
        call.current = await createCall({ code, ...(unitId ? { unitId } : {}), ...located(position.current) });
      }
      await leaveMessage(call.current.roomId, call.current.callerToken, { message, ...located(position.current) });
      setState({ phase: 'sent' });
    },
    [code],
  );

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
      const sender = current.link.connection()?.getSenders().find((s) => s.track === old);
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

  return { state, start, hangUp, sendMessage, retry, muted, toggleMute, switchCamera, switchFailed };
}
