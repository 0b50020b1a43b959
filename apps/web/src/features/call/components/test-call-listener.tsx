import { useEffect, useState, useSyncExternalStore } from 'react';
import { ringingUi, TEST_CALL_RING_MS, type TestCall } from '@toque/contracts/ringing';
import { Button } from '../../../components/ui/button';
import { useOwnerSocket } from '../hooks/use-owner-socket';
import { useRingingAlerts } from '../hooks/use-ringing-alerts';
import { callActivity } from '../owner-socket';
import { testRing } from '../test-ring';
import { RingingLayer } from './ringing-layer';
import { TestCallCheck } from './test-call-check';

/**
 * The test call's card: rings like a call (sound, blinking title, notification), above everything;
 * "Atender" stops the ringing and checks the camera and microphone as a real answer would use them;
 * "Encerrar teste" or Escape closes it. Unanswered, it stops ringing by itself after TEST_CALL_RING_MS.
 */
function TestCallCard({ test }: { test: TestCall }) {
  const [answered, setAnswered] = useState(false);
  return (
    <RingingLayer title={ringingUi.card.title} onEscape={() => testRing.stop()}>
      {answered ? <TestCallCheck onEnd={() => testRing.stop()} /> : <TestCallRinging test={test} onAnswer={() => setAnswered(true)} />}
    </RingingLayer>
  );
}

function TestCallRinging({ test, onAnswer }: { test: TestCall; onAnswer: () => void }) {
  const audio = useRingingAlerts(test.id, ringingUi.card.notification);
  useEffect(() => {
    const timer = setTimeout(() => testRing.stop(), TEST_CALL_RING_MS);
    return () => clearTimeout(timer);
  }, [test.id]);
  return (
    <>
      <audio ref={audio} loop data-ring hidden />
      <p className="text-slate-700">{ringingUi.card.text}</p>
      <div className="grid gap-3 sm:grid-cols-2">
        <Button size="lg" data-autofocus className="w-full" onClick={onAnswer}>
          {ringingUi.card.answer}
        </Button>
        <Button size="lg" variant="secondary" className="w-full" onClick={() => testRing.stop()}>
          {ringingUi.card.dismiss}
        </Button>
      </div>
    </>
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
