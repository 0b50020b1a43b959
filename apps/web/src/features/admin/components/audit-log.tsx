import { useState, type FormEvent } from 'react';
import { auditActions, type AuditAction, type AuditEntry } from '@toque/contracts/admin';
import { adminUi } from '@toque/contracts/admin-ui';
import { auditSentence } from '@toque/contracts/audit-words';
import { localDateTimeSeconds } from '@toque/contracts/time-format';
import { Button } from '../../../components/ui/button';
import { SelectField, TextField } from '../../../components/ui/field';
import { Pagination } from '../../../components/ui/pagination';
import { AUDIT_PAGE_SIZE, noAuditFilters, useAudit, type AuditFilters } from '../api/list-audit';

const labels = adminUi.audit;
const actionOptions = Object.entries(auditActions).map(([value, label]) => ({ value, label }));

/**
 * ADM-10: one line in words — who did what to whose tag, and why — then when, on a line of its own
 * (a reason that ends in a full stop is never followed by a stray comma).
 */
export function AuditEntryItem({ entry }: { entry: AuditEntry }) {
  const when = new Date(entry.created_at);
  return (
    <li data-audit-entry className="rounded-xl border border-slate-200 bg-white p-3 text-sm">
      <p className="text-slate-900">{auditSentence(entry)}</p>
      <p className="mt-1 text-slate-700">
        <span className="sr-only">{`${labels.when}: `}</span>
        <time dateTime={entry.created_at}>
          {Number.isNaN(when.getTime()) ? entry.created_at : localDateTimeSeconds.format(when)}
        </time>
      </p>
    </li>
  );
}

function Filters({ applied, onApply }: { applied: AuditFilters; onApply: (filters: AuditFilters) => void }) {
  const [draft, setDraft] = useState(applied);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onApply(draft);
  };
  const filtered = applied.actor || applied.target || applied.action;
  return (
    <form
      role="search"
      aria-label={labels.filters}
      onSubmit={submit}
      className="grid gap-3 md:grid-cols-2 md:items-end xl:grid-cols-[1fr_1fr_17rem_auto]"
    >
      <TextField
        label={labels.actorFilter}
        type="search"
        value={draft.actor}
        onChange={(e) => setDraft({ ...draft, actor: e.target.value })}
      />
      <TextField
        label={labels.targetFilter}
        type="search"
        value={draft.target}
        onChange={(e) => setDraft({ ...draft, target: e.target.value })}
      />
      <SelectField
        label={labels.actionFilter}
        value={draft.action}
        placeholder={labels.anyAction}
        options={actionOptions}
        onChange={(e) => setDraft({ ...draft, action: e.target.value as AuditAction | '' })}
      />
      <div className="flex flex-wrap gap-2">
        <Button type="submit">{labels.apply}</Button>
        {filtered ? (
          <Button
            variant="ghost"
            onClick={() => {
              setDraft(noAuditFilters);
              onApply(noAuditFilters);
            }}
          >
            {labels.clear}
          </Button>
        ) : null}
      </div>
    </form>
  );
}

/** ADM-07 / ADM-10: who did what, to whose tag, why and when — newest first, filtered and paged on the server. */
export function AuditLog() {
  const [page, setPage] = useState(1);
  const [filters, setFilters] = useState<AuditFilters>(noAuditFilters);
  const audit = useAudit(page, filters);
  const pageCount = Math.max(1, Math.ceil((audit.data?.total ?? 0) / AUDIT_PAGE_SIZE));

  return (
    <div className="space-y-4">
      <p className="text-slate-700">{labels.intro}</p>
      <Filters
        applied={filters}
        onApply={(next) => {
          setFilters(next);
          setPage(1);
        }}
      />
      {audit.isPending ? (
        <p role="status" className="py-6 text-slate-700">
          {labels.loading}
        </p>
      ) : audit.isError ? (
        <p role="alert" className="rounded-lg bg-red-50 px-3 py-2 font-medium text-red-800">
          {labels.loadError}
        </p>
      ) : audit.data.entries.length === 0 ? (
        <p className="py-6 text-slate-700">{labels.empty}</p>
      ) : (
        <ul className="flex flex-col gap-2">
          {audit.data.entries.map((entry) => (
            <AuditEntryItem key={entry.id} entry={entry} />
          ))}
        </ul>
      )}
      <Pagination
        label={labels.pagination}
        page={page}
        pageCount={pageCount}
        onPage={setPage}
        pageLabel={adminUi.clients.page}
        previousLabel={adminUi.clients.previous}
        nextLabel={adminUi.clients.next}
      />
    </div>
  );
}
