import { useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { paths } from '@toque/contracts/routes';
import { apiClient } from '../../../lib/api-client';
import { registerServiceWorker, subscribeToPush } from '../../../lib/push';
import { useSession } from '../../../lib/use-session';
import { useIncomingCalls } from '../hooks/use-incoming-calls';
import { useOwnerSocket } from '../hooks/use-owner-socket';

/**
 * Mounted once by the application shell while a session exists (CALL-16), so every page rings —
 * home, product pages, manual, dashboard (CALL-03/04): an `incoming-call` on the tab's socket
 * stores the call data and opens /call (which, already open, rings by itself). It also registers the
 * service worker (calls reach closed tabs by Web Push) and, when the user already allowed
 * notifications, refreshes this browser's push subscription after login.
 */
export function IncomingCallListener() {
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const onCall = pathname === paths.call;
  const socket = useOwnerSocket();
  useIncomingCalls(socket, onCall ? undefined : () => void navigate(paths.call));

  const { token } = useSession();
  useEffect(() => {
    if (!token) return;
    registerServiceWorker()
      ?.then(() => subscribeToPush(apiClient, false))
      .catch((error: unknown) => console.warn('Toque: service worker registration failed', error));
  }, [token]);

  return null;
}
