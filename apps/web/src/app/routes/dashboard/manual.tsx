import { dashboardUi } from '@toque/contracts/dashboard-ui';
import { DashboardManual } from '../../../features/dashboard/components/dashboard-manual';
import { PageHeader } from './page-header';

/** DASH-07: /dashboard-manual-do-usuario (and /dashboard/manual). */
export function DashboardManualPage() {
  return (
    <section>
      <PageHeader title={dashboardUi.headings.manual} />
      <DashboardManual />
    </section>
  );
}
