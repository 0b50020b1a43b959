import { useCallback, useEffect, useRef, useState, useSyncExternalStore } from 'react';
import type { CallData } from '@toque/contracts/calls';
import { callUi } from '@toque/contracts/call-ui';
import { CALL_DATA_REMOVAL_MS } from '@toque/contracts/constants';
import { callDataStorage } from '../../../lib/call-data';
import { createPeerLink, stopStream, type PeerLink } from '../../../lib/call-peer';
import { connected as whenConnected, joinRoom, rejoinRoom, type CallSocket } from '../../../lib/call-socket';
import { getIceConfig } from '../api/get-ice-servers';
import { callActivity, restartOwnerSocket } from '../owner-socket';

/** How long a hang-up waits for the server's `closeCall` before ending the call here anyway. */
const HANG_UP_GRACE_MS = 2000;

/** CALL-14: the owner's camera during the call — off at Atender, turned on (and off) by the owner. */
export interface CameraState {
  on: boolean;
  /** Asking the browser for the camera. */
  busy: boolean;
  /** The camera could not be turned on (refused, missing, in use). */
  failed: boolean;
}

/** CALL-17: an answered call that ended here: what the end screen says (how long, where). */
export interface EndedCall {
  call: CallData;
  /** When the finder's media arrived, and when the call ended (epoch ms). */
  since: number;
  endedAt: number;
}

type OwnerCall =
  | { phase: 'idle'; notice: string | null; ended: EndedCall | null }
  | { phase: 'ringing'; call: CallData }
  | {
      phase: 'answering' | 'connected';
      call: CallData;
      local: MediaStream;
      remote: MediaStream | null;
      camera: CameraState;
      /** When the finder's media first arrived (epoch ms): the call's duration counts from here. */
      since: number | null;
    };

type Active = Extract<OwnerCall, { phase: 'answering' | 'connected' }>;

const CAMERA_OFF: CameraState = { on: false, busy: false, failed: false };

/**
 * The microphone only (CALL-14: the specification asks the owner for nothing else; the finder sees
 * the owner only if the owner turns the camera on). Refused or missing: null (CALL-05: silently not answered).
 */
async function ownerMedia(): Promise<MediaStream | null> {
  try {
    return await navigator.mediaDevices.getUserMedia({ audio: true });
  } catch {
    return null;
  }
}

/**
 * The owner's side of a call (CALL-04…07), the specification's state machine: idle → ringing
 * (call data stored) → connected after Atender (media granted, room joined, offer answered, remote
 * stream received) → ended on `closeCall` (the socket disconnects, the page resets).
 */
export function useOwnerCall(socket: CallSocket | null) {
  const stored = useSyncExternalStore(callDataStorage.subscribe, callDataStorage.read, () => null);
  const [active, setActive] = useState<Active | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [ended, setEnded] = useState<EndedCall | null>(null);
  const session = useRef<{ stop: () => void; camera: (on: boolean) => Promise<void> } | null>(null);
  // The call as last rendered: what `end` sums up (it runs from the session's listeners).
  const latest = useRef<Active | null>(null);
  useEffect(() => {
    latest.current = active;
  });

  const ringing = !active && stored ? stored : null;

  const end = useCallback((message: string | null) => {
    session.current?.stop();
    session.current = null;
    const last = latest.current;
    // CALL-17: a call that connected ends on its summary; one that never did, on the notice alone.
    setEnded(last?.since != null ? { call: last.call, since: last.since, endedAt: Date.now() } : null);
    setActive(null);
    setNotice(message);
  }, []);

  // Ringing stops when someone else answered, the finder gave up, it was missed or declined (CALL-07).
  useEffect(() => {
    if (!socket || !ringing) return;
    const roomId = ringing.roomId;
    const onCancelled = (info: { roomId: string; reason: keyof typeof callUi.owner.cancelled }) => {
      if (info.roomId !== roomId) return;
      callDataStorage.clear();
      setEnded(null);
      setNotice(callUi.owner.cancelled[info.reason]);
    };
    socket.on('call-cancelled', onCancelled);
    return () => {
      socket.off('call-cancelled', onCancelled);
    };
  }, [socket, ringing]);

  useEffect(() => () => session.current?.stop(), []);

  // CALL-15: the finder's call rang before their phone had a position; it follows, and the map shows it.
  useEffect(() => {
    if (!socket) return;
    const onLocation = ({ roomId, latitude, longitude }: { roomId: string; latitude: number; longitude: number }) => {
      const ringingNow = callDataStorage.read();
      if (ringingNow?.roomId === roomId) callDataStorage.write({ roomId, latitude, longitude });
      setActive((now) => (now?.call.roomId === roomId ? { ...now, call: { ...now.call, latitude, longitude } } : now));
    };
    socket.on('call-location', onLocation);
    return () => {
      socket.off('call-location', onLocation);
    };
  }, [socket]);

  const decline = useCallback(() => {
    if (!ringing) return;
    // CALL-07: ringing stops here at once; the server tells the finder when nobody is left.
    socket?.emit('decline', { roomId: ringing.roomId });
    callDataStorage.clear();
    setEnded(null);
    setNotice(callUi.owner.cancelled.declined);
  }, [socket, ringing]);

  const answer = useCallback(async () => {
    if (!ringing || !socket || active) return;
    const call = ringing;
    // SEC-07: no fallback to direct connections — they would hand the owner's address to the finder.
    const ice = getIceConfig(call.roomId).catch(() => null);
    const local = await ownerMedia();
    if (!local) return;

    callActivity.busy = true;
    setNotice(null);
    setEnded(null);
    setActive({ phase: 'answering', call, local, remote: null, camera: CAMERA_OFF, since: null });
    let link: PeerLink | null = null;
    let timers: ReturnType<typeof setTimeout>[] = [];
    let cameraOn = false;
    // CALL-14: the finder learns the camera's state from this side; said again whenever the finder
    // (re)joins or this socket joins again, so a reconnection on either side cannot leave it stale.
    const announceCamera = () => socket.emit('owner-camera', { roomId: call.roomId, on: cameraOn });
    const onClose = (info: { roomId: string }) => {
      if (info.roomId === call.roomId) end(callUi.owner.ended);
    };
    const onUserJoined = (info: { roomId: string }) => {
      if (info.roomId === call.roomId) announceCamera();
    };
    // A socket that reconnected mid-call (a network change, a server restart: OPS-04) joins again:
    // with the media still up it resumes and the finder keeps the connection; otherwise the finder
    // hears `user-joined` and offers anew.
    const onReconnect = () => {
      void rejoinRoom(socket, call.roomId, link?.connected() ?? false).then((again) => {
        if (!again.ok) end(again.message);
        else announceCamera();
      });
    };
    const showCamera = (camera: CameraState) =>
      setActive((now) =>
        now?.call.roomId === call.roomId ? { ...now, camera, local: new MediaStream(local.getTracks()) } : now,
      );
    const current = {
      stop() {
        link?.close();
        // The camera's track, when on, is in `local` too: the camera light goes off with the microphone.
        stopStream(local);
        timers.forEach(clearTimeout);
        timers = [];
        // Ended before its 3 s were up: this call must not ring again.
        if (callDataStorage.read()?.roomId === call.roomId) callDataStorage.clear();
        socket.off('closeCall', onClose);
        socket.off('connect', onReconnect);
        socket.off('user-joined', onUserJoined);
        callActivity.busy = false;
        // CALL-06: the socket disconnects; it comes back at once to ring for the next call.
        restartOwnerSocket(socket);
      },
      /**
       * CALL-14: the camera on — asked for only now, its track put into the video sender the answer
       * kept (`replaceTrack`, no renegotiation) — or off: taken out of the sender and stopped.
       */
      async camera(on: boolean) {
        if (on === cameraOn) return;
        if (!on) {
          cameraOn = false;
          const tracks = local.getVideoTracks();
          tracks.forEach((track) => local.removeTrack(track));
          showCamera(CAMERA_OFF);
          // The finder is told once nothing more is sent (the sender emptied, the camera stopped).
          await link
            ?.sendVideo(null)
            .catch((error: unknown) => console.warn('Toque: the camera could not be taken out', error));
          tracks.forEach((track) => track.stop());
          announceCamera();
          return;
        }
        showCamera({ on: false, busy: true, failed: false });
        let track: MediaStreamTrack | undefined;
        try {
          const stream = await navigator.mediaDevices.getUserMedia({ video: { facingMode: 'user' } });
          track = stream.getVideoTracks()[0];
          if (!track) throw new Error('no video track');
        } catch (error) {
          console.warn('Toque: the camera could not be turned on', error);
          showCamera({ on: false, busy: false, failed: true });
          return;
        }
        // Hung up meanwhile: the camera goes off at once.
        if (session.current !== current) {
          track.stop();
          return;
        }
        cameraOn = true;
        local.addTrack(track);
        await link
          ?.sendVideo(track)
          .catch((error: unknown) => console.warn('Toque: the camera could not be sent', error));
        showCamera({ on: true, busy: false, failed: false });
        announceCamera();
      },
    };
    session.current = current;

    try {
      await whenConnected(socket);
      const iceConfig = await ice;
      if (!session.current) return;
      if (!iceConfig) {
        end(callUi.owner.connectFailed);
        return;
      }
      link = createPeerLink({
        socket,
        roomId: call.roomId,
        ice: iceConfig,
        localStream: local,
        videoLater: true,
        onRemoteStream: (remote) =>
          setActive((now) => (now ? { ...now, phase: 'connected', remote, since: now.since ?? Date.now() } : now)),
        onConnectionState: (state) => {
          if (state === 'failed') end(callUi.owner.ended);
        },
      });
      socket.on('closeCall', onClose);
      const joined = await joinRoom(socket, call.roomId);
      if (!joined.ok) {
        callDataStorage.clear();
        end(joined.message);
        return;
      }
      socket.on('connect', onReconnect);
      socket.on('user-joined', onUserJoined);
      announceCamera();
      // CALL-05: the stored call data goes 3 s after answering.
      timers.push(setTimeout(() => callDataStorage.clear(), CALL_DATA_REMOVAL_MS));
    } catch (error) {
      console.warn('Toque: answering failed', error);
      callDataStorage.clear();
      end(callUi.owner.ended);
    }
  }, [socket, ringing, active, end]);

  const hangUp = useCallback(() => {
    const current = session.current;
    if (!active || !current || !socket) return;
    socket.emit('closeCall', { roomId: active.call.roomId });
    // The server's `closeCall` ends it on both sides; this only covers a lost connection.
    setTimeout(() => {
      if (session.current === current) end(callUi.owner.ended);
    }, HANG_UP_GRACE_MS);
  }, [socket, active, end]);

  /** CALL-14: "Ligar câmera" / "Desligar câmera". */
  const toggleCamera = useCallback(() => {
    if (!active || active.camera.busy) return;
    void session.current?.camera(!active.camera.on);
  }, [active]);

  let state: OwnerCall;
  if (active) state = active;
  else if (ringing) state = { phase: 'ringing', call: ringing };
  else state = { phase: 'idle', notice, ended };

  return { state, answer, decline, hangUp, toggleCamera };
}
