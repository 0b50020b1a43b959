import { lazy, Suspense, useEffect, useSyncExternalStore } from 'react';
import { useLocation } from 'react-router';
import { QueryClientProvider } from '@tanstack/react-query';
import { paths } from '@toque/contracts/routes';
import { DeliveryListener } from '../../features/call/components/delivery-listener';
import { IncomingCallListener } from '../../features/call/components/incoming-call-listener';
import { ScanAlertListener } from '../../features/call/components/scan-alert-listener';
import { TestCallListener } from '../../features/call/components/test-call-listener';
import { testRing } from '../../features/call/test-ring';
import { queryClient } from '../../lib/query-client';
import { setupGuide } from '../../lib/setup-guide';
import { enableToasts } from '../toast-host';

const SetupSteps = lazy(async () => ({ default: (await import('./setup-steps')).SetupSteps }));

/**
 * CALL-16: what a logged-in browser runs on every page (loaded by owner-shell.tsx only then): the
 * tab's socket with the incoming-call, scan and test-call listeners, and — after onboarding linked a
 * tag (ACC-05) — the steps that make it work, kept out of the way of a ringing card and of /call.
 */
export function OwnerPresence() {
  useEffect(enableToasts, []);
  const { pathname } = useLocation();
  const guide = useSyncExternalStore(setupGuide.subscribe, setupGuide.read, () => null);
  const testRinging = useSyncExternalStore(testRing.subscribe, () => testRing.current() !== null, () => false);
  const showGuide = guide !== null && !testRinging && pathname !== paths.call;
  return (
    <QueryClientProvider client={queryClient}>
      <IncomingCallListener />
      <ScanAlertListener />
      <DeliveryListener />
      <TestCallListener />
      {showGuide ? (
        <Suspense fallback={null}>
          <SetupSteps state={guide} />
        </Suspense>
      ) : null}
    </QueryClientProvider>
  );
}
