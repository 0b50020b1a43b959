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

export type OwnerCall =
  | { phase: 'idle'; notice: string | null }
  | { phase: 'ringing'; call: CallData }
  | { phase: 'answering' | 'connected'; call: CallData; local: MediaStream; remote: MediaStream | null };

type Active = Extract<OwnerCall, { phase: 'answering' | 'connected' }>;

/** Camera and microphone; without a camera, the microphone alone. Refused: null (CALL-05: silently not answered). */
async function ownerMedia(): Promise<MediaStream | null> {
  try {
    return await navigator.mediaDevices.getUserMedia({ audio: true, video: true });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'NotAllowedError') return null;
    try {
      return await navigator.mediaDevices.getUserMedia({ audio: true });
    } catch {
      return null;
    }
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
  const session = useRef<{ stop: () => void } | null>(null);

  const ringing = !active && stored ? stored : null;

  const end = useCallback((message: string | null) => {
    session.current?.stop();
    session.current = null;
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
      setNotice(callUi.owner.cancelled[info.reason]);
    };
    socket.on('call-cancelled', onCancelled);
    return () => {
      socket.off('call-cancelled', onCancelled);
    };
  }, [socket, ringing]);

  useEffect(() => () => session.current?.stop(), []);

  const decline = useCallback(() => {
    if (!ringing) return;
    // CALL-07: ringing stops here at once; the server tells the finder when nobody is left.
    socket?.emit('decline', { roomId: ringing.roomId });
    callDataStorage.clear();
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
    setActive({ phase: 'answering', call, local, remote: null });
    let link: PeerLink | null = null;
    let timers: ReturnType<typeof setTimeout>[] = [];
    const onClose = (info: { roomId: string }) => {
      if (info.roomId === call.roomId) end(callUi.owner.ended);
    };
    // A socket that reconnected mid-call (a network change, a server restart: OPS-04) joins again:
    // with the media still up it resumes and the finder keeps the connection; otherwise the finder
    // hears `user-joined` and offers anew.
    const onReconnect = () => {
      void rejoinRoom(socket, call.roomId, link?.connected() ?? false).then((again) => {
        if (!again.ok) end(again.message);
      });
    };
    session.current = {
      stop() {
        link?.close();
        stopStream(local);
        timers.forEach(clearTimeout);
        timers = [];
        // Ended before its 3 s were up: this call must not ring again.
        if (callDataStorage.read()?.roomId === call.roomId) callDataStorage.clear();
        socket.off('closeCall', onClose);
        socket.off('connect', onReconnect);
        callActivity.busy = false;
        // CALL-06: the socket disconnects; it comes back at once to ring for the next call.
        restartOwnerSocket(socket);
      },
    };

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
        onRemoteStream: (remote) => setActive((now) => (now ? { ...now, phase: 'connected', remote } : now)),
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

  let state: OwnerCall;
  if (active) state = active;
  else if (ringing) state = { phase: 'ringing', call: ringing };
  else state = { phase: 'idle', notice };

  return { state, answer, decline, hangUp };
}
