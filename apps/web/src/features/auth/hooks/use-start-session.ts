import { useCallback } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { paths } from '@toque/contracts/routes';
import { originOf } from '../../../lib/redirect';
import { session } from '../../../lib/session';

/**
 * Logs in with a fresh token and leaves the auth page: back to where a protected route sent the
 * visitor from, otherwise home (AUTH-02, AUTH-09). The user name loads in the background.
 */
export function useStartSession(): (token: string) => void {
  const navigate = useNavigate();
  const location = useLocation();
  return useCallback(
    (token: string) => {
      void session.login(token);
      void navigate(originOf(location.state) ?? paths.home, { replace: true });
    },
    [navigate, location.state],
  );
}
