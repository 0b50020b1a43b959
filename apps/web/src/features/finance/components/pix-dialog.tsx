import { useEffect, useId, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import QRCode from 'qrcode';
import { formatDueDate, type Charge } from '@toque/contracts/billing';
import { CONDOMINIUM_PRODUCT_ID } from '@toque/contracts/constants';
import { dashboardUi } from '@toque/contracts/dashboard-ui';
import { formatReais } from '@toque/contracts/money';
import { Button } from '../../../components/ui/button';
import { Modal } from '../../../components/ui/modal';
import { brasiliaDateTime } from '@toque/contracts/time-format';
import { notify } from '../../../lib/toast';
import { plansQueryKey, useCharges } from '../api/plans';

const t = dashboardUi.finance.pix;

function formatWhen(iso: string): string {
  return brasiliaDateTime.format(new Date(iso));
}

/**
 * FIN-03: a charge to pay — its QR code and "copia e cola", the amount and the deadline — watched
 * until the provider confirms it (FIN-04), when the plans refresh by themselves.
 */
export function PixDialog({ charge, onClose }: { charge: Charge | null; onClose: () => void }) {
  const queryClient = useQueryClient();
  const fieldId = useId();
  const [qr, setQr] = useState<string | null>(null);
  const charges = useCharges(charge);
  const current = charges.data?.find((c) => c.id === charge?.id) ?? charge;
  const status = current?.status ?? 'pending';

  useEffect(() => {
    if (!charge) return;
    let live = true;
    void QRCode.toDataURL(charge.br_code, { errorCorrectionLevel: 'M', margin: 1, width: 320 }).then((url) => {
      if (live) setQr(url);
    });
    return () => {
      live = false;
    };
  }, [charge]);

  useEffect(() => {
    if (status === 'paid') void queryClient.invalidateQueries({ queryKey: plansQueryKey });
  }, [status, queryClient]);

  const linesId = useId();

  const copy = async () => {
    if (!charge) return;
    try {
      await navigator.clipboard.writeText(charge.br_code);
      notify.success(t.copied);
    } catch {
      notify.info(t.copyFailed);
    }
  };

  return (
    <Modal open={charge !== null} onClose={onClose} title={t.title}>
      {charge ? (
        <div className="space-y-4">
          <p className="text-lg font-bold text-slate-900">{t.amount(formatReais(charge.amount_cents))}</p>
          {/* FIN-07: what the amount pays, tag by tag, as the charge recorded it. */}
          <div>
            <p id={linesId} className="text-sm font-medium text-slate-900">
              {t.linesLabel}
            </p>
            <ul aria-labelledby={linesId} className="mt-1 space-y-1 text-sm text-slate-800">
              {charge.lines.map((line) => (
                <li key={line.code}>
                  {t.line(
                    line.product_id === CONDOMINIUM_PRODUCT_ID ? t.plateName(line.name, line.units) : line.name,
                    formatDueDate(line.from),
                    formatDueDate(line.to),
                    formatReais(line.cents),
                  )}
                </li>
              ))}
            </ul>
          </div>
          {status === 'paid' ? (
            <p role="status" className="rounded-lg bg-green-50 px-3 py-2 font-semibold text-green-900">
              {t.paid}
            </p>
          ) : status === 'review' ? (
            <p role="status" className="rounded-lg bg-amber-50 px-3 py-2 font-medium text-amber-950">
              {t.review}
            </p>
          ) : status === 'expired' ? (
            <p role="alert" className="rounded-lg bg-red-50 px-3 py-2 font-medium text-red-800">
              {t.expired}
            </p>
          ) : (
            <>
              <p className="text-slate-800">{t.howTo}</p>
              {qr ? <img src={qr} alt={t.qrAlt} width={240} height={240} className="mx-auto size-60" /> : null}
              <div className="space-y-1">
                <label htmlFor={fieldId} className="block text-sm font-medium text-slate-900">
                  {t.copyLabel}
                </label>
                <textarea
                  id={fieldId}
                  readOnly
                  value={charge.br_code}
                  rows={3}
                  className="block w-full rounded-lg border border-slate-400 px-3 py-2 font-mono text-xs break-all"
                />
              </div>
              <Button variant="secondary" onClick={() => void copy()}>
                {t.copy}
              </Button>
              <p className="text-sm text-slate-700">{t.expires(formatWhen(charge.expires_at))}</p>
              <p role="status" className="font-medium text-brand-800">
                {t.waiting}
              </p>
            </>
          )}
          <Button variant="ghost" onClick={onClose}>
            {t.close}
          </Button>
        </div>
      ) : null}
    </Modal>
  );
}
