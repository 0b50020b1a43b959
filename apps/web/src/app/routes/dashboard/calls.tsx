import { callUi } from '@toque/contracts/call-ui';
import { CallHistoryList } from '../../../features/call-history/components/call-history-list';
import { PushOptIn } from '../../../features/call-history/components/push-opt-in';
import { PageHeader } from './page-header';

/** CALL-11: /dashboard/chamadas. */
export function CallHistoryPage() {
  return (
    <section className="space-y-6">
      <PageHeader title={callUi.history.heading} intro={callUi.history.intro} actions={<PushOptIn />} />
      <CallHistoryList />
    </section>
  );
}
