import { useEffect, useRef } from 'react';
import type { IncomingCall } from '@toque/contracts/calls';
import { callDataStorage } from '../../../lib/call-data';
import type { CallSocket } from '../../../lib/call-socket';
import { callActivity } from '../owner-socket';

/** Tag names of the calls this tab heard about, for the ringing screen (the stored data has only the room and place). */
export const incomingCalls = new Map<string, IncomingCall>();

/**
 * CALL-03/04: on `incoming-call` the call data goes to sessionStorage and `then` runs (the
 * listener opens /call). A tab already in a call keeps it.
 */
export function useIncomingCalls(socket: CallSocket | null, then?: () => void) {
  const after = useRef(then);
  useEffect(() => {
    after.current = then;
  });
  useEffect(() => {
    if (!socket) return;
    const onIncoming = (call: IncomingCall) => {
      if (callActivity.busy) return;
      incomingCalls.set(call.roomId, call);
      callDataStorage.write({ roomId: call.roomId, latitude: call.latitude, longitude: call.longitude });
      after.current?.();
    };
    socket.on('incoming-call', onIncoming);
    return () => {
      socket.off('incoming-call', onIncoming);
    };
  }, [socket]);
}
