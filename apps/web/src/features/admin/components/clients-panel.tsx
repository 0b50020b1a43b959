import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { Client } from '@toque/contracts/admin';
import { CLIENTS_PAGE_SIZE } from '@toque/contracts/admin';
import { msg } from '@toque/contracts/messages';
import { adminUi } from '@toque/contracts/admin-ui';
import { Button } from '../../../components/ui/button';
import { CheckboxField, TextField } from '../../../components/ui/field';
import { Pagination } from '../../../components/ui/pagination';
import { clientsQueryRoot, noClientFilters, useClients, type ClientFilters } from '../api/list-clients';
import { useDebouncedValue } from '../hooks/use-debounced-value';
import { useDelayedRefresh } from '../hooks/use-delayed-refresh';
import { ClientRow } from './client-row';
import { BlockDialog, ReleaseDialog, TransferDialog } from './repair-dialogs';

const labels = adminUi.clients;
const SEARCH_DEBOUNCE_MS = 300;

/**
 * ADM-03 / ADM-08 / ADM-09: the clients, searched by CPF (any punctuation), name or e-mail and
 * filtered on the server, and paged there; one row open at a time; any change reloads the list 3 s later.
 */
export function ClientsPanel() {
  const queryClient = useQueryClient();
  const [typed, setTyped] = useState('');
  const search = useDebouncedValue(typed.trim(), SEARCH_DEBOUNCE_MS);
  const [filters, setFilters] = useState<ClientFilters>(noClientFilters);
  const filterKey = JSON.stringify([search, filters]);
  const [pageOf, setPageOf] = useState<{ key: string; page: number }>({ key: filterKey, page: 1 });
  // A new search or filter starts at its first page.
  const page = pageOf.key === filterKey ? pageOf.page : 1;
  const clients = useClients(search, page, filters);
  const [openUser, setOpenUser] = useState<string | null>(null);
  const [releasing, setReleasing] = useState<string | null>(null);
  const [transferring, setTransferring] = useState<string | null>(null);
  const [blocking, setBlocking] = useState<Client | null>(null);
  const [blockedNow, setBlockedNow] = useState<Record<string, boolean>>({});
  const refreshSoon = useDelayedRefresh(() => {
    // The reload tells the truth from now on.
    void queryClient.invalidateQueries({ queryKey: clientsQueryRoot }).then(() => setBlockedNow({}));
  });
  const setBlocked = (userId: string, blocked: boolean) => setBlockedNow((now) => ({ ...now, [userId]: blocked }));

  const total = clients.data?.total ?? 0;
  const pageCount = Math.max(1, Math.ceil(total / CLIENTS_PAGE_SIZE));

  let body;
  if (clients.isPending) {
    body = (
      <p role="status" className="py-6 text-slate-700">
        {labels.loading}
      </p>
    );
  } else if (clients.isError) {
    body = (
      <p role="alert" className="rounded-lg bg-red-50 px-3 py-2 font-medium text-red-800">
        {labels.loadError}
      </p>
    );
  } else if (clients.data.clients.length === 0) {
    body = <p className="py-6 text-slate-700">{labels.empty}</p>;
  } else {
    body = (
      <ul className="flex flex-col gap-2" aria-busy={clients.isFetching || undefined}>
        {clients.data.clients.map((client) => (
          <ClientRow
            key={client.user_id}
            client={client}
            blocked={blockedNow[client.user_id] ?? client.blocked}
            onBlockedChange={(blocked) => setBlocked(client.user_id, blocked)}
            expanded={openUser === client.user_id}
            onToggle={() => setOpenUser((open) => (open === client.user_id ? null : client.user_id))}
            onChanged={refreshSoon}
            onRelease={setReleasing}
            onTransfer={setTransferring}
            onBlock={setBlocking}
          />
        ))}
      </ul>
    );
  }

  return (
    <div className="space-y-4">
      <div className="max-w-md">
        <TextField
          label={labels.search}
          type="search"
          inputMode="search"
          autoComplete="off"
          placeholder={msg.clientsSearchPlaceholder}
          hint={labels.searchHint}
          value={typed}
          onChange={(event) => setTyped(event.target.value)}
        />
      </div>
      <fieldset className="flex flex-wrap items-end gap-x-6 gap-y-2 rounded-xl border border-slate-200 bg-white p-3">
        <legend className="px-1 text-sm font-semibold text-slate-800">{labels.filters}</legend>
        <CheckboxField
          label={labels.hasCondominium}
          checked={filters.hasCondominium}
          onChange={(event) => setFilters({ ...filters, hasCondominium: event.target.checked })}
        />
        <CheckboxField
          label={labels.hasInactiveTag}
          checked={filters.hasInactiveTag}
          onChange={(event) => setFilters({ ...filters, hasInactiveTag: event.target.checked })}
        />
        <TextField
          label={labels.signedUpFrom}
          type="date"
          value={filters.signedUpFrom}
          onChange={(event) => setFilters({ ...filters, signedUpFrom: event.target.value })}
        />
        <TextField
          label={labels.signedUpTo}
          type="date"
          value={filters.signedUpTo}
          onChange={(event) => setFilters({ ...filters, signedUpTo: event.target.value })}
        />
        {JSON.stringify(filters) !== JSON.stringify(noClientFilters) ? (
          <Button variant="ghost" onClick={() => setFilters(noClientFilters)}>
            {labels.clearFilters}
          </Button>
        ) : null}
      </fieldset>
      {clients.data ? <p className="text-sm text-slate-700">{labels.total(total)}</p> : null}
      {body}
      <Pagination
        label={labels.pagination}
        page={page}
        pageCount={pageCount}
        onPage={(p) => setPageOf({ key: filterKey, page: p })}
        pageLabel={labels.page}
        previousLabel={labels.previous}
        nextLabel={labels.next}
      />
      <ReleaseDialog target={releasing} onClose={() => setReleasing(null)} onDone={refreshSoon} />
      <TransferDialog target={transferring} onClose={() => setTransferring(null)} onDone={refreshSoon} />
      <BlockDialog
        target={blocking ? { userId: blocking.user_id, name: blocking.first_name } : null}
        onClose={() => setBlocking(null)}
        onDone={() => {
          if (blocking) setBlocked(blocking.user_id, true);
          refreshSoon();
        }}
      />
    </div>
  );
}
