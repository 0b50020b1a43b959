import { useEffect, useState } from 'react';
import { doorTime, doorUi, type Delivery } from '@toque/contracts/door';
import { Button } from '../../../components/ui/button';
import { notify } from '../../../lib/toast';
import { getDeliveryPhoto, useCollectDelivery, useUnitDeliveries } from '../api/unit-deliveries';

/**
 * CONDO-15: the package's photo as a thumbnail beside its delivery (never a file name), fetched with
 * the session (it is the residents' alone) as a blob the CSP's img-src allows; a tap enlarges it.
 */
function DeliveryPhoto({ delivery }: { delivery: Delivery }) {
  const [state, setState] = useState<'loading' | 'failed' | { url: string }>('loading');
  const [attempt, setAttempt] = useState(0);
  const [large, setLarge] = useState(false);
  useEffect(() => {
    let url: string | null = null;
    let live = true;
    getDeliveryPhoto(delivery.id).then(
      (blob) => {
        if (!live) return;
        url = URL.createObjectURL(blob);
        setState({ url });
      },
      () => live && setState('failed'),
    );
    return () => {
      live = false;
      if (url) URL.revokeObjectURL(url);
    };
  }, [delivery.id, attempt]);
  if (typeof state === 'object') {
    return (
      <button
        type="button"
        aria-expanded={large}
        onClick={() => setLarge(!large)}
        className="mt-2 block rounded-lg focus-visible:outline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700"
      >
        <img
          src={state.url}
          alt={doorUi.photoAlt(delivery.companyLabel)}
          className={large ? 'max-h-80 w-full rounded-lg object-contain' : 'size-24 rounded-lg object-cover'}
        />
      </button>
    );
  }
  if (state === 'loading') return <p className="mt-2 text-sm text-slate-700">{doorUi.photoLoading}</p>;
  return (
    <div className="mt-2 space-y-1">
      <p role="alert" className="text-sm font-medium text-red-800">
        {doorUi.photoFailed}
      </p>
      <Button
        variant="secondary"
        size="sm"
        onClick={() => {
          setState('loading');
          setAttempt(attempt + 1);
        }}
      >
        {doorUi.photoRetry}
      </Button>
    </div>
  );
}

/**
 * CONDO-15: the unit's deliveries ('Entrega na portaria — Mercado Livre, 14:32'), newest first;
 * one resident marks one 'retirada' and everyone sees who and when. Live: the delivery listener
 * refreshes this list when a notice arrives.
 */
export function UnitDeliveries({ unitId }: { unitId: number }) {
  const list = useUnitDeliveries(unitId);
  const collect = useCollectDelivery(unitId);
  return (
    <section aria-labelledby="deliveries-title" className="space-y-3">
      <h2 id="deliveries-title" className="text-xl font-bold text-slate-900">
        {doorUi.deliveriesTitle}
      </h2>
      {list.isPending ? null : list.isError ? (
        <p role="alert" className="rounded-lg bg-red-50 px-3 py-2 font-medium text-red-800">
          {list.error.message}
        </p>
      ) : list.data.length === 0 ? (
        <p className="text-slate-700">{doorUi.deliveriesEmpty}</p>
      ) : (
        <ul className="space-y-2" data-testid="unit-deliveries">
          {list.data.map((d) => (
            <li key={d.id} className="rounded-lg border border-slate-200 bg-white p-3">
              <div className="flex flex-wrap items-center justify-between gap-3">
                <div className="min-w-0 flex-1">
                  <p className="font-semibold text-slate-900">
                    {doorUi.deliveryNotice(d.companyLabel, doorTime(d.createdAt))}
                  </p>
                  <p className="text-sm text-slate-700">
                    {d.collectedAt
                      ? d.collectedBy
                        ? doorUi.collectedBy(d.collectedBy, doorTime(d.collectedAt))
                        : doorUi.collectedSomeone(doorTime(d.collectedAt))
                      : doorUi.waiting}
                  </p>
                </div>
                {d.collectedAt ? null : (
                  <Button
                    variant="secondary"
                    size="sm"
                    busy={collect.isPending && collect.variables === d.id}
                    onClick={() =>
                      collect.mutate(d.id, {
                        onError: (error) => notify.error(error.message),
                      })
                    }
                  >
                    {doorUi.markCollected}
                  </Button>
                )}
              </div>
              {d.hasPhoto ? <DeliveryPhoto delivery={d} /> : null}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
