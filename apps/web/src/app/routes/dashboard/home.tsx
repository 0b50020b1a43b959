import { paths } from '@toque/contracts/routes';
import { dashboardUi } from '@toque/contracts/dashboard-ui';
import { ui } from '@toque/contracts/ui';
import { DashboardBlock } from '../../../features/dashboard/components/dashboard-block';
import { FaqBlock } from '../../../features/dashboard/components/faq-block';
import { ManualBlock } from '../../../features/dashboard/components/manual-block';
import { dashboardCopy } from '../../../features/dashboard/copy';
import { FinanceSummary } from '../../../features/finance/components/finance-summary';
import { AcquiredTags } from '../../../features/products/components/acquired-tags';
import { AddTagButton } from '../../../features/products/components/add-tag-button';
import { MyCondominiumLink } from '../../../features/products/components/my-condominium-link';
import { PageHeader } from './page-header';
import { RingingOffer } from './ringing-offer';

const blocks = dashboardUi.blocks;

/** DASH-04: the add-tag button and the four blocks: tags, finance, manual and FAQ; CALL-16: this device's ringing. */
export function DashboardHomePage() {
  return (
    <section>
      <PageHeader
        title={ui.headings.dashboard}
        intro={dashboardCopy.intro}
        actions={
          <div className="flex flex-wrap gap-2">
            <MyCondominiumLink />
            <AddTagButton />
          </div>
        }
      />
      <RingingOffer place="top" />
      <div className="grid gap-6 xl:grid-cols-2">
        <DashboardBlock title={blocks.tags} more={{ label: dashboardUi.seeAllTags, to: paths.products }}>
          <AcquiredTags />
        </DashboardBlock>
        <DashboardBlock title={blocks.finance} more={{ label: dashboardUi.seeFinance, to: paths.finance }}>
          <FinanceSummary />
        </DashboardBlock>
        <DashboardBlock title={blocks.manual}>
          <ManualBlock />
        </DashboardBlock>
        <DashboardBlock title={blocks.faq}>
          <FaqBlock />
        </DashboardBlock>
      </div>
      <RingingOffer place="bottom" />
    </section>
  );
}
