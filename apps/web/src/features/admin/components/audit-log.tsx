import { useState } from 'react';
import { auditActions, type AuditEntry } from '@toque/contracts/admin';
import { adminUi } from '@toque/contracts/admin-ui';
import { Pagination } from '../../../components/ui/pagination';
import { AUDIT_PAGE_SIZE, useAudit } from '../api/list-audit';

const labels = adminUi.audit;
const dateTime = new Intl.DateTimeFormat('pt-BR', { dateStyle: 'short', timeStyle: 'medium' });

/** before/after in one short line: `{"is_active":true}`, or '—' for nothing. */
export function compact(value: unknown, max = 120): string {
  if (value === null || value === undefined) return '—';
  const text = typeof value === 'string' ? value : JSON.stringify(value);
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}

export function actionLabel(action: string): string {
  return (auditActions as Record<string, string>)[action] ?? action;
}

function Entry({ entry }: { entry: AuditEntry }) {
  const when = new Date(entry.created_at);
  return (
    <li className="rounded-xl border border-slate-200 bg-white p-3 text-sm">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <p className="font-semibold text-slate-900">{actionLabel(entry.action)}</p>
        <p className="text-slate-700">
          <span className="sr-only">{`${labels.when}: `}</span>
          <time dateTime={entry.created_at}>{Number.isNaN(when.getTime()) ? entry.created_at : dateTime.format(when)}</time>
        </p>
      </div>
      <dl className="mt-1 grid gap-x-3 gap-y-0.5 text-slate-800 sm:grid-cols-[8rem_1fr]">
        <dt className="font-medium text-slate-600">{labels.who}</dt>
        <dd className="break-all">{entry.actor_email ?? labels.system}</dd>
        <dt className="font-medium text-slate-600">{labels.target}</dt>
        <dd className="font-mono break-all">{entry.target}</dd>
        <dt className="font-medium text-slate-600">{labels.change}</dt>
        <dd className="font-mono text-xs break-all">{`${compact(entry.before)} → ${compact(entry.after)}`}</dd>
      </dl>
    </li>
  );
}

/** ADM-07: who did what, when, and what changed — newest first, paged on the server. */
export function AuditLog() {
  const [page, setPage] = useState(1);
  const audit = useAudit(page);
  const pageCount = Math.max(1, Math.ceil((audit.data?.total ?? 0) / AUDIT_PAGE_SIZE));

  return (
    <div className="space-y-4">
      <p className="text-slate-700">{labels.intro}</p>
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
            <Entry key={entry.id} entry={entry} />
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
