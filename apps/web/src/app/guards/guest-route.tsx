import { useState } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { paths } from '@toque/contracts/routes';
import { useSession } from '../../lib/use-session';

/**
 * AUTH-01: a logged-in user who opens a guest page (login, sign-up, password recovery) goes to the
 * dashboard. Judged when the page is entered, not while it is shown: a login made on the page
 * sends the user on by itself (to the origin or home, AUTH-02) and must not be overtaken here.
 */
export function GuestRoute() {
  const location = useLocation();
  return <GuestGate key={location.key} />;
}

function GuestGate() {
  const { token } = useSession();
  const [loggedInOnEntry] = useState(() => token !== null);
  if (loggedInOnEntry) return <Navigate to={paths.dashboard} replace />;
  return <Outlet />;
}
