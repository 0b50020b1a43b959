import { useEffect, useSyncExternalStore } from 'react';
import { ringingUi, TEST_CALL_RING_MS, type TestCall } from '@toque/contracts/ringing';
import { Button } from '../../../components/ui/button';
import { useOwnerSocket } from '../hooks/use-owner-socket';
import { useRingingAlerts } from '../hooks/use-ringing-alerts';
import { callActivity } from '../owner-socket';
import { testRing } from '../test-ring';
import { RingingLayer } from './ringing-layer';

/** The test call's card: rings like a call (sound, blinking title, notification), above everything; dismissed by its button or Escape. */
function TestCallCard({ test }: { test: TestCall }) {
  const audio = useRingingAlerts(test.id, ringingUi.card.notification);
  useEffect(() => {
    const timer = setTimeout(() => testRing.stop(), TEST_CALL_RING_MS);
    return () => clearTimeout(timer);
  }, [test.id]);
  return (
    <RingingLayer title={ringingUi.card.title} onEscape={() => testRing.stop()}>
      <audio ref={audio} loop data-ring hidden />
      <p className="text-slate-700">{ringingUi.card.text}</p>
      <Button size="lg" data-autofocus className="w-full" onClick={() => testRing.stop()}>
        {ringingUi.card.dismiss}
      </Button>
    </RingingLayer>
  );
}

/**
 * CALL-16: mounted by the application shell beside the incoming-call listener. A `test-call` on
 * the tab's socket (POST /api/calls/test from any of the owner's devices) shows the test card on
 * whatever page is open — never over a call in progress.
 */
export function TestCallListener() {
  const socket = useOwnerSocket();
  useEffect(() => {
    if (!socket) return;
    const onTest = (test: TestCall) => {
      if (!callActivity.busy) testRing.start(test);
    };
    socket.on('test-call', onTest);
    return () => {
      socket.off('test-call', onTest);
    };
  }, [socket]);
  useEffect(() => () => testRing.stop(), []);
  const test = useSyncExternalStore(testRing.subscribe, testRing.current, () => null);
  return test ? <TestCallCard key={test.id} test={test} /> : null;
}
