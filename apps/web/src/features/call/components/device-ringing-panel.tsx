import { useState } from 'react';
import { ringingUi } from '@toque/contracts/ringing';
import { Button } from '../../../components/ui/button';
import { messageForStatus } from '../../../lib/error-message';
import { sendTestCall } from '../api/send-test-call';
import type { DeviceRinging } from '../device-ringing';
import { useDeviceRinging } from '../hooks/use-device-ringing';

const status = ringingUi.status;
const said: Record<DeviceRinging, { title: string; detail: string }> = {
  on: { title: status.on, detail: status.onDetail },
  off: { title: status.off, detail: status.offDetail },
  denied: { title: status.denied, detail: status.deniedDetail },
  unsupported: { title: status.unsupported, detail: status.unsupportedDetail },
  'ios-install': { title: ringingUi.iphone.title, detail: ringingUi.iphone.intro },
};

/** iOS: Web Push only for the site added to the Home Screen (iOS 16.4+); the three taps that do it. */
function IphoneSteps() {
  return (
    <>
      <ol className="list-decimal space-y-1 pl-5 text-left text-slate-800">
        {ringingUi.iphone.steps.map((step) => (
          <li key={step}>{step}</li>
        ))}
      </ol>
      <p className="text-sm text-slate-700">{ringingUi.iphone.note}</p>
    </>
  );
}

/** "Fazer uma chamada de teste": the server rings this account's devices; the answer says it went. */
export function TestCallButton() {
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<string | null>(null);
  const test = async () => {
    setBusy(true);
    setResult(null);
    try {
      setResult((await sendTestCall()).message);
    } catch (error) {
      setResult(messageForStatus(error, {}, ringingUi.testFailed));
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className="space-y-2">
      <Button variant="secondary" size="lg" busy={busy} onClick={() => void test()}>
        {ringingUi.test}
      </Button>
      <p className="text-sm text-slate-700">{ringingUi.testHint}</p>
      {/* A live region, not role=status: the pages' "still loading" checks look for statuses. */}
      <p aria-live="polite" className="text-sm font-semibold text-slate-900">
        {result}
      </p>
    </div>
  );
}

interface DeviceRingingPanelProps {
  /** The test call's button below the state (the onboarding has it as a step of its own). */
  withTest?: boolean;
}

/**
 * CALL-16 / ACC-05: whether this device rings with the tab closed ("Este aparelho recebe chamadas"),
 * the tap that turns it on, the iPhone's Home Screen step, and the test call.
 */
export function DeviceRingingPanel({ withTest = true }: DeviceRingingPanelProps) {
  const { state, enable } = useDeviceRinging();
  const [busy, setBusy] = useState(false);
  const [enabled, setEnabled] = useState(false);
  const text = state ? said[state] : null;
  return (
    <div className="space-y-4" data-device-ringing={state ?? 'checking'}>
      <div aria-live="polite" className="space-y-1">
        <p className="flex items-center gap-2 font-semibold text-slate-900">
          <span
            aria-hidden="true"
            className={`inline-block size-3 shrink-0 rounded-full ${state === 'on' ? 'bg-green-600' : 'bg-amber-500'}`}
          />
          {text ? text.title : status.checking}
        </p>
        {text ? <p className="text-slate-700">{text.detail}</p> : null}
        {enabled && state === 'on' ? <p className="text-sm text-slate-700">{ringingUi.enabled}</p> : null}
      </div>
      {state === 'ios-install' ? <IphoneSteps /> : null}
      {state === 'off' ? (
        <Button
          size="lg"
          busy={busy}
          onClick={() => {
            setBusy(true);
            void enable().then((outcome) => {
              setEnabled(outcome === 'enabled');
              setBusy(false);
            });
          }}
        >
          {ringingUi.enable}
        </Button>
      ) : null}
      {withTest ? <TestCallButton /> : null}
    </div>
  );
}
