import { dashboardUi } from '@toque/contracts/dashboard-ui';
import { FinanceOverview } from '../../../features/finance/components/finance-overview';
import { PageHeader } from './page-header';

/** FIN-02: /dashboard/financeiro. */
export function FinancePage() {
  return (
    <section>
      <PageHeader title={dashboardUi.headings.finance} />
      <FinanceOverview />
    </section>
  );
}
