import { useCallback, useSyncExternalStore } from 'react';
import { useNavigate } from 'react-router';
import { paths } from '@toque/contracts/routes';
import { session, type SessionState } from './session';

export function useSession(): SessionState {
  return useSyncExternalStore(session.subscribe, session.getState, session.getState);
}

/** AUTH-06: logout, toast, then the login page. */
export function useLogout(): () => void {
  const navigate = useNavigate();
  return useCallback(() => {
    session.logout();
    void navigate(paths.login, { replace: true });
  }, [navigate]);
}
