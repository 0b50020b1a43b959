import { useId } from 'react';
import type { Client } from '@toque/contracts/admin';
import { formatCpfOrCnpj } from '@toque/contracts/cpf';
import { adminUi } from '@toque/contracts/admin-ui';
import { Button } from '../../../components/ui/button';
import { notify } from '../../../lib/toast';
import { useBlockUser } from '../api/repair';
import { ClientTag } from './client-tag';

const labels = adminUi.clients;

interface ClientRowProps {
  client: Client;
  /** Blocked as the page last set it (before the reload confirms it), else as the list says. */
  blocked: boolean;
  onBlockedChange: (blocked: boolean) => void;
  expanded: boolean;
  onToggle: () => void;
  onChanged: () => void;
  onRelease: (code: string) => void;
  onTransfer: (code: string) => void;
  onBlock: (client: Client) => void;
}

/** ADM-03 / ADM-07 / ADM-08: a client — first name and CPF — that expands to its QR codes and repair tools. */
export function ClientRow({
  client,
  blocked,
  onBlockedChange,
  expanded,
  onToggle,
  onChanged,
  onRelease,
  onTransfer,
  onBlock,
}: ClientRowProps) {
  const panelId = useId();
  const unblock = useBlockUser();

  const onUnblock = async () => {
    try {
      notify.success((await unblock.mutateAsync({ userId: client.user_id, blocked: false })).message);
      onBlockedChange(false);
      onChanged();
    } catch (error) {
      notify.error(labels.actionFailure + (error instanceof Error ? error.message : String(error)));
    }
  };

  return (
    <li data-user-id={client.user_id} className="rounded-xl border border-slate-200 bg-white">
      <div className="flex flex-wrap items-center gap-3 p-3">
        <div className="min-w-0 flex-1 basis-44">
          <h2 className="flex flex-wrap items-center gap-2 font-semibold text-slate-900">
            {client.first_name}
            {blocked ? (
              <span className="rounded-full bg-red-100 px-2 py-0.5 text-xs font-semibold text-red-900">
                {labels.blocked}
              </span>
            ) : null}
          </h2>
          <p className="text-sm text-slate-800">
            <span className="sr-only">{`${labels.fullName}: `}</span>
            {client.name}
          </p>
          <p className="text-sm text-slate-700">
            <span className="sr-only">{`${labels.cpf}: `}</span>
            <span data-cpf="" className="font-mono whitespace-nowrap">
              {formatCpfOrCnpj(client.cpf)}
            </span>
          </p>
          <p className="text-sm break-all text-slate-700">
            <span className="sr-only">{`${labels.email}: `}</span>
            {client.email}
          </p>
        </div>
        <Button variant="ghost" size="sm" aria-expanded={expanded} aria-controls={panelId} onClick={onToggle}>
          {labels.showTags(client.first_name)}
          <span className="rounded-full bg-slate-100 px-2 py-0.5 text-xs text-slate-800">{client.qrcodes.length}</span>
          <span aria-hidden="true">{expanded ? '▴' : '▾'}</span>
        </Button>
      </div>
      <div id={panelId} hidden={!expanded} className="border-t border-slate-200 px-4 pb-3">
        {expanded ? (
          <>
            {client.qrcodes.length === 0 ? (
              <p className="py-3 text-slate-700">{labels.noTags}</p>
            ) : (
              <ul className="divide-y divide-slate-200">
                {client.qrcodes.map((tag) => (
                  // Keyed by the state too: the reload that confirms a change starts the row afresh.
                  <ClientTag
                    key={`${tag.code}-${String(tag.is_active)}`}
                    tag={tag}
                    onChanged={onChanged}
                    onRelease={onRelease}
                    onTransfer={onTransfer}
                  />
                ))}
              </ul>
            )}
            <div className="pt-3">
              {blocked ? (
                <Button variant="secondary" size="sm" busy={unblock.isPending} onClick={() => void onUnblock()}>
                  {labels.unblock}
                </Button>
              ) : (
                <Button variant="danger" size="sm" aria-haspopup="dialog" onClick={() => onBlock(client)}>
                  {labels.block}
                </Button>
              )}
            </div>
          </>
        ) : null}
      </div>
    </li>
  );
}
