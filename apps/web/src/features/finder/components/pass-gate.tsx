import { useState } from 'react';
import { gateApi, gateFinderText, type GateResult } from '@toque/contracts/gate';
import { apiClient } from '../../../lib/api-client';
import { useFinderText } from '../i18n';

/**
 * CONDO-18: a pass whose resident allowed it opens the building's gate by itself, while it is
 * active (the server checks the window, the resident's choice and the síndico's again at the tap).
 */
export function PassGate({ code, token }: { code: string; token: string }) {
  const { lang } = useFinderText();
  const g = gateFinderText[lang];
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<GateResult | null>(null);
  const open = async () => {
    setBusy(true);
    setResult(null);
    try {
      setResult(await apiClient.post<GateResult>(gateApi.pass(code), { token }));
    } catch (error) {
      setResult({ opened: false, message: error instanceof Error ? error.message : String(error) });
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className="space-y-2">
      <p className="text-slate-700">{g.passOpenHint}</p>
      <button
        type="button"
        className="tap-target min-h-11 w-full rounded-lg bg-green-700 px-4 py-3 text-lg font-semibold text-white hover:bg-green-800 disabled:opacity-60"
        disabled={busy}
        onClick={() => void open()}
        data-pass-gate=""
      >
        {busy ? g.opening : g.open}
      </button>
      {result ? (
        // Inside the pass's notice, itself a status region: a success is announced by it, a failure as an alert.
        <p
          role={result.opened ? undefined : 'alert'}
          className={`font-semibold ${result.opened ? 'text-green-800' : 'text-red-700'}`}
          data-pass-gate-result=""
        >
          {result.opened ? g.opened : `${g.failed}: ${result.message}`}
        </p>
      ) : null}
    </div>
  );
}
