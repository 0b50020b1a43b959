import { useState } from 'react';
import { Link } from 'react-router';
import type { Client } from '@toque/contracts/admin';
import { CONDOMINIUM_PRODUCT_ID, productLabel } from '@toque/contracts/constants';
import { paths } from '@toque/contracts/routes';
import { adminUi } from '@toque/contracts/admin-ui';
import { Button, buttonClasses } from '../../../components/ui/button';
import { Switch } from '../../../components/ui/switch';
import { notify } from '../../../lib/toast';
import { useSetQrStatus } from '../api/set-qr-status';
import { SwitchOffDialog } from './switch-off-dialog';

type ClientTagData = Client['qrcodes'][number];

const labels = adminUi.clients;
const errorText = (error: unknown) => (error instanceof Error ? error.message : String(error));

interface ClientTagProps {
  tag: ClientTagData;
  /** Schedules the list's reload (ADM-03: 3 s after a change). */
  onChanged: () => void;
  onRelease: (code: string) => void;
  onTransfer: (code: string) => void;
}

/**
 * ADM-03 / ADM-07: one QR code of a client, with its active switch and the repair tools. The
 * switch shows the new state at once; the list confirms it when it reloads.
 */
export function ClientTag({ tag, onChanged, onRelease, onTransfer }: ClientTagProps) {
  const status = useSetQrStatus();
  const [shown, setShown] = useState<boolean | null>(null);
  const checked = shown ?? tag.is_active;

  // ADM-10: switching off asks why first; switching on is at once.
  const [asking, setAsking] = useState(false);

  const toggle = async (isActive: boolean, reason?: string) => {
    setShown(isActive);
    try {
      await status.mutateAsync({ code: tag.code, isActive, ...(reason ? { reason } : {}) });
      notify.success(labels.statusChanged);
      onChanged();
    } catch (error) {
      setShown(null);
      notify.error(labels.statusFailure + errorText(error));
    }
  };

  return (
    <li data-qr-code={tag.code} className="flex flex-wrap items-center justify-between gap-3 py-3">
      <div className="min-w-0">
        <p className="font-medium text-slate-900">{tag.name || productLabel(tag.product_id)}</p>
        <p className="text-sm text-slate-700">
          <span className="font-mono font-semibold tracking-wider">{tag.code}</span>
          {` · ${productLabel(tag.product_id)}`}
        </p>
      </div>
      <div className="flex flex-wrap items-center gap-3">
        <Switch
          label={
            <span className={checked ? 'text-brand-800' : 'text-red-800'}>
              {checked ? labels.active : labels.inactive}
              <span className="sr-only">{` ${tag.code}`}</span>
            </span>
          }
          checked={checked}
          disabled={status.isPending}
          onChange={(event) => (event.target.checked ? void toggle(true) : setAsking(true))}
        />
        <SwitchOffDialog
          code={asking ? tag.code : null}
          onClose={() => setAsking(false)}
          onConfirm={(reason) => {
            setAsking(false);
            void toggle(false, reason);
          }}
        />
        <Button variant="ghost" size="sm" aria-haspopup="dialog" onClick={() => onRelease(tag.code)}>
          {labels.release}
          <span className="sr-only">{` ${tag.code}`}</span>
        </Button>
        <Button variant="ghost" size="sm" aria-haspopup="dialog" onClick={() => onTransfer(tag.code)}>
          {labels.transfer}
          <span className="sr-only">{` ${tag.code}`}</span>
        </Button>
        {/* ADM-07: a plate's units, where the admin can remove any resident. */}
        {tag.product_id === CONDOMINIUM_PRODUCT_ID ? (
          <Link to={paths.units(tag.code)} className={buttonClasses('ghost', 'sm')}>
            {labels.units}
            <span className="sr-only">{` ${tag.code}`}</span>
          </Link>
        ) : null}
      </div>
    </li>
  );
}
