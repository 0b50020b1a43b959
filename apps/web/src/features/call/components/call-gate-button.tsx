import { useState } from 'react';
import { gateUi, type GateResult } from '@toque/contracts/gate';
import { Button } from '../../../components/ui/button';
import { isApiError } from '../../../lib/api-client';
import { useCallGate, useOpenGate } from '../api/gate';

/**
 * CONDO-18: "Abrir o portão" on the resident's call screen — offered only once the call is
 * connected and the server says this resident may open this plate's gate; one tap opens it for the
 * configured seconds, and the outcome is said in words (the finder's screen hears it too).
 */
export function CallGateButton({ roomId, connected }: { roomId: string; connected: boolean }) {
  const gate = useCallGate(roomId, connected);
  const open = useOpenGate(roomId);
  const [result, setResult] = useState<GateResult | null>(null);
  if (!connected || !gate.data?.available) return null;
  const tap = async () => {
    setResult(null);
    try {
      setResult(await open.mutateAsync());
    } catch (error) {
      setResult({ opened: false, message: isApiError(error) || error instanceof Error ? error.message : String(error) });
    }
  };
  return (
    <div className="col-span-2 space-y-2 lg:col-span-1 lg:mr-auto">
      <Button
        size="lg"
        className="min-h-11 w-full bg-green-700 hover:bg-green-800"
        busy={open.isPending}
        onClick={() => void tap()}
        data-gate-open=""
      >
        {open.isPending ? gateUi.opening : gateUi.open}
      </Button>
      {result ? (
        <p
          role={result.opened ? 'status' : 'alert'}
          className={`text-sm font-semibold ${result.opened ? 'text-green-800' : 'text-red-700'}`}
          data-gate-result={result.opened ? 'opened' : 'failed'}
        >
          {result.message}
        </p>
      ) : null}
    </div>
  );
}
