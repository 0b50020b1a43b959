import { useState } from 'react';
import { callUi } from '@toque/contracts/call-ui';
import { Button } from '../../../components/ui/button';
import { apiClient } from '../../../lib/api-client';
import { subscribeToPush, type PushOutcome } from '../../../lib/push';

const outcomeText: Record<PushOutcome, string | null> = {
  enabled: callUi.history.pushEnabled,
  denied: callUi.history.pushDenied,
  unsupported: callUi.history.pushUnsupported,
  failed: callUi.history.pushUnsupported,
};

/** CALL-03: the notification permission is asked from a tap; the subscription then reaches closed tabs. */
export function PushOptIn() {
  const [outcome, setOutcome] = useState<PushOutcome | null>(null);
  const [busy, setBusy] = useState(false);
  return (
    <div className="flex flex-wrap items-center gap-3">
      {outcome !== 'enabled' ? (
        <Button
          variant="secondary"
          busy={busy}
          onClick={() => {
            setBusy(true);
            void subscribeToPush(apiClient, true).then((result) => {
              setOutcome(result);
              setBusy(false);
            });
          }}
        >
          {callUi.history.enablePush}
        </Button>
      ) : null}
      {outcome ? (
        <p role="status" className="text-sm text-slate-700">
          {outcomeText[outcome]}
        </p>
      ) : null}
    </div>
  );
}
