import { Navigate, Outlet } from 'react-router';
import { paths } from '@toque/contracts/routes';
import { Spinner } from '../../components/ui/spinner';
import { navLabels } from '../../content/navigation';
import { useSession } from '../../lib/use-session';

/** ADM-01: waits for the admin flag, then lets admins in and sends everyone else to the dashboard. */
export function AdminRoute() {
  const { isToqueAdmin } = useSession();
  if (isToqueAdmin === null) return <Spinner label={navLabels.loadingPage} />;
  if (!isToqueAdmin) return <Navigate to={paths.dashboard} replace />;
  return <Outlet />;
}
