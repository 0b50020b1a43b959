import { useEffect, useSyncExternalStore } from 'react';
import { useSession } from '../../../lib/use-session';
import type { CallSocket } from '../../../lib/call-socket';
import { acquireOwnerSocket, dropOwnerSocket, ownerSocketStore, releaseOwnerSocket } from '../owner-socket';

/** The tab's socket while logged in (connected on login, closed on logout), or null. */
export function useOwnerSocket(): CallSocket | null {
  const { token } = useSession();
  useEffect(() => {
    if (!token) {
      dropOwnerSocket();
      return;
    }
    const socket = acquireOwnerSocket(token);
    return () => releaseOwnerSocket(socket);
  }, [token]);
  const socket = useSyncExternalStore(ownerSocketStore.subscribe, ownerSocketStore.current, () => null);
  return token ? socket : null;
}
