import { callUi } from '@toque/contracts/call-ui';
import { CallHistoryList } from '../../../features/call-history/components/call-history-list';
import { PushOptIn } from '../../../features/call-history/components/push-opt-in';
import { ScanHistoryList } from '../../../features/call-history/components/scan-history-list';
import { PageHeader } from './page-header';

/** CALL-11: /dashboard/chamadas; FIND-01: the scans below the calls. */
export function CallHistoryPage() {
  return (
    <section className="space-y-6">
      <PageHeader title={callUi.history.heading} intro={callUi.history.intro} actions={<PushOptIn />} />
      <CallHistoryList />
      <ScanHistoryList />
    </section>
  );
}
