import { useId, useState } from 'react';
import { ringingOfferStorageKey, ringingUi } from '@toque/contracts/ringing';
import { Button } from '../../../components/ui/button';
import { DeviceRingingPanel } from '../../../features/call/components/device-ringing-panel';

function seen(): boolean {
  try {
    return window.localStorage.getItem(ringingOfferStorageKey) === '1';
  } catch {
    return false;
  }
}

/**
 * CALL-16: on the dashboard's first visit in this browser, the offer of calls with the tab closed
 * (and the iPhone's Home Screen step) stands at the top of the page until "Agora não"; the state of
 * this device and the test call stay available below the blocks after that.
 */
export function RingingOffer({ place }: { place: 'top' | 'bottom' }) {
  const titleId = useId();
  const [dismissed, setDismissed] = useState(seen);
  if ((place === 'top') === dismissed) return null;
  return (
    <section
      aria-labelledby={titleId}
      className={`rounded-2xl border bg-white p-5 shadow-sm ${place === 'top' ? 'mb-6 border-brand-100 ring-1 ring-brand-100' : 'mt-6 border-slate-200'}`}
    >
      <h2 id={titleId} className="mb-3 text-xl font-bold text-slate-900">
        {ringingUi.panelTitle}
      </h2>
      <DeviceRingingPanel />
      {place === 'top' ? (
        <div className="mt-3 flex justify-end">
          <Button
            variant="ghost"
            size="lg"
            onClick={() => {
              try {
                window.localStorage.setItem(ringingOfferStorageKey, '1');
              } catch {
                // Storage refused: it is offered again next time.
              }
              setDismissed(true);
            }}
          >
            {ringingUi.offerDismiss}
          </Button>
        </div>
      ) : null}
    </section>
  );
}
