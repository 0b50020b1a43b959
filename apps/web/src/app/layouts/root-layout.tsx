import { Outlet } from 'react-router';
import { ScrollManager } from '../../features/marketing/components/layout/scroll-manager';
import { OwnerShell } from './owner-shell';
import { RouteErrorBoundary } from './route-error-boundary';

/**
 * Every page: errors caught, top of a new page, smooth to a hash, restored on back/forward (NAV-04);
 * with a session, the owner is rung on every page (CALL-16).
 */
export function RootLayout() {
  return (
    <>
      <RouteErrorBoundary>
        <Outlet />
      </RouteErrorBoundary>
      <ScrollManager />
      <OwnerShell />
    </>
  );
}
