import { Suspense } from 'react';
import { useLocation } from 'react-router';
import { useHasToken } from '../../features/marketing/hooks/use-has-token';
import { lazyNamed } from '../lazy-named';

const OwnerPresence = lazyNamed(() => import('./owner-presence'), 'OwnerPresence');

/**
 * CALL-16: while a session exists, the owner's presence (socket, ringing, test calls, the
 * onboarding's steps) is mounted on every page of the site. Its code loads only then: a guest's
 * home page and a finder's /t/{code} never fetch it (PERF-03). The token is read from storage on
 * every navigation (a login in this tab) and on other tabs' changes.
 */
export function OwnerShell() {
  useLocation();
  const hasToken = useHasToken();
  return hasToken ? (
    <Suspense fallback={null}>
      <OwnerPresence />
    </Suspense>
  ) : null;
}
