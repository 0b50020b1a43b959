import { Navigate, Outlet, useLocation } from 'react-router';
import { paths } from '@toque/contracts/routes';
import type { RedirectState } from '../../lib/redirect';
import { useSession } from '../../lib/use-session';

/**
 * AUTH-02 / DASH-01: an anonymous visitor goes to the login page, which remembers where they were
 * going. After a logout there is nowhere to return to.
 */
export function ProtectedRoute() {
  const { token, endedByLogout, endedByDeletion } = useSession();
  const location = useLocation();
  // ACC-03: a deleted account has no login to go back to.
  if (!token && endedByDeletion) return <Navigate to={paths.home} replace />;
  if (!token) {
    const state: RedirectState | undefined = endedByLogout
      ? undefined
      : { from: { pathname: location.pathname, search: location.search, hash: location.hash } };
    return <Navigate to={paths.login} replace state={state} />;
  }
  return <Outlet />;
}
