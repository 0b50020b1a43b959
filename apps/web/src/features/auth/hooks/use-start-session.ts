import { useCallback } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { paths } from '@toque/contracts/routes';
import { originOf } from '../../../lib/redirect';
import { session } from '../../../lib/session';

/**
 * Logs in with a fresh token and leaves the auth page: back to where a protected route sent the
 * visitor from (or `origin`, which a Google sign-in kept for its trip, AUTH-16), otherwise home
 * (AUTH-02, AUTH-09). The user name loads in the background.
 */
export function useStartSession(): (token: string, origin?: string | null) => void {
  const navigate = useNavigate();
  const location = useLocation();
  return useCallback(
    (token: string, origin?: string | null) => {
      void session.login(token);
      void navigate(origin ?? originOf(location.state) ?? paths.home, { replace: true });
    },
    [navigate, location.state],
  );
}
