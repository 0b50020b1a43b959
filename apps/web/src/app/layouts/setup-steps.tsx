import { setupGuideUi } from '@toque/contracts/ringing';
import { DeviceRingingPanel, TestCallButton } from '../../features/call/components/device-ringing-panel';
import { SetupGuide } from '../../features/owner-setup/components/setup-guide';
import { setupGuide, type SetupGuideState } from '../../lib/setup-guide';
import { notify } from '../../lib/toast';

/** ACC-05: the onboarding's steps, with the call feature's device state and test call in theirs. */
export function SetupSteps({ state }: { state: SetupGuideState }) {
  return (
    <SetupGuide
      code={state.code}
      step={state.step}
      onStep={(step) => setupGuide.goTo(step)}
      onEnd={(finished) => {
        setupGuide.end();
        if (finished) notify.success(setupGuideUi.done);
      }}
      ringing={<DeviceRingingPanel withTest={false} />}
      test={<TestCallButton />}
    />
  );
}
