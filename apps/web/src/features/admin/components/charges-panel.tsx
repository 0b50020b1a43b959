import { useId, useState, type FormEvent } from 'react';
import { adminUi } from '@toque/contracts/admin-ui';
import { chargeWords, type StatementResult } from '@toque/contracts/billing';
import { formatReais } from '@toque/contracts/money';
import { Button } from '../../../components/ui/button';
import { DataTable, type DataColumn } from '../../../components/ui/data-table';
import { fileAsBase64 } from '../../../lib/file-base64';
import { notify } from '../../../lib/toast';
import { useImportStatement, useMarkPaid, useOpenCharges, type AdminCharge } from '../api/charges';

const t = adminUi.charges;
const STATEMENT_MAX_BYTES = 1_000_000;

function MarkPaid({ charge }: { charge: AdminCharge }) {
  const mark = useMarkPaid();
  const [value, setValue] = useState('');
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    try {
      notify.success((await mark.mutateAsync({ id: charge.id, endToEndId: value.trim() })).message);
    } catch (error) {
      notify.error(t.failure + (error instanceof Error ? error.message : String(error)));
    }
  };
  return (
    <form noValidate className="flex flex-wrap gap-2" onSubmit={(event) => void submit(event)}>
      <input
        aria-label={t.endToEnd(charge.txid)}
        value={value}
        maxLength={32}
        autoComplete="off"
        spellCheck={false}
        onChange={(event) => setValue(event.target.value)}
        className="min-h-11 min-w-0 flex-1 rounded-lg border border-slate-400 px-3 py-2 font-mono text-sm"
      />
      <Button type="submit" variant="secondary" size="sm" busy={mark.isPending}>
        {t.markPaid}
      </Button>
    </form>
  );
}

const columns: DataColumn<AdminCharge>[] = [
  { header: t.headers.client, cell: (c) => `${c.name ?? '—'} (${c.email ?? '—'})` },
  { header: t.headers.txid, cell: (c) => <span className="font-mono text-sm break-all">{c.txid}</span> },
  { header: t.headers.value, cell: (c) => formatReais(c.amount_cents), className: 'font-semibold' },
  {
    header: t.headers.status,
    cell: (c) =>
      c.status === 'review'
        ? `${chargeWords.status.review} (${formatReais(c.paid_cents ?? 0)})`
        : chargeWords.status.pending,
  },
  { header: t.headers.action, cell: (c) => <MarkPaid charge={c} /> },
];

function StatementImport() {
  const fileId = useId();
  const upload = useImportStatement();
  const [file, setFile] = useState<File | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [result, setResult] = useState<StatementResult | null>(null);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!file) return;
    setError(null);
    try {
      setResult(await upload.mutateAsync(await fileAsBase64(file)));
    } catch (failure) {
      setResult(null);
      setError(t.failure + (failure instanceof Error ? failure.message : String(failure)));
    }
  };
  return (
    <section aria-labelledby={`${fileId}-title`} className="space-y-3 rounded-xl border border-slate-200 bg-white p-4">
      <h2 id={`${fileId}-title`} className="text-lg font-semibold text-slate-900">
        {t.statementTitle}
      </h2>
      <form noValidate className="space-y-3" onSubmit={(event) => void submit(event)}>
        <div className="space-y-1">
          <label htmlFor={fileId} className="block font-medium text-slate-900">
            {t.statementFile}
          </label>
          <p id={`${fileId}-hint`} className="text-sm text-slate-700">
            {t.statementHint}
          </p>
          <input
            id={fileId}
            type="file"
            accept=".csv,text/csv,text/plain"
            aria-describedby={`${fileId}-hint`}
            className="block min-h-11 w-full text-sm file:mr-3 file:min-h-11 file:rounded-lg file:border-0 file:bg-slate-100 file:px-3 file:font-semibold"
            onChange={(event) => {
              const chosen = event.target.files?.[0] ?? null;
              setResult(null);
              if (chosen && chosen.size > STATEMENT_MAX_BYTES) {
                setFile(null);
                setError(t.statementTooLarge);
                event.target.value = '';
                return;
              }
              setError(null);
              setFile(chosen);
            }}
          />
        </div>
        <Button type="submit" variant="secondary" disabled={!file} busy={upload.isPending}>
          {t.statementImport}
        </Button>
      </form>
      {error ? (
        <p role="alert" className="rounded-lg bg-red-50 px-3 py-2 text-sm font-medium text-red-800">
          {error}
        </p>
      ) : null}
      {result ? (
        <div role="status" className="space-y-2 text-sm">
          <p className="font-semibold text-green-900">{t.matched(result.matched.length)}</p>
          {result.duplicates.length > 0 ? (
            <p className="text-slate-800">{t.duplicates(result.duplicates.length)}</p>
          ) : null}
          {result.unmatched.length > 0 ? (
            <div className="rounded-lg bg-amber-50 px-3 py-2 text-amber-950">
              <p className="font-semibold">{t.unmatchedTitle(result.unmatched.length)}</p>
              <ul className="list-disc pl-5">
                {result.unmatched.map((u) => (
                  <li key={u.line}>{t.unmatchedLine(u.line, u.text, u.reason)}</li>
                ))}
              </ul>
            </div>
          ) : null}
        </div>
      ) : null}
    </section>
  );
}

/** FIN-04: the reconciliation — open charges (search, mark paid by the bank's id) and the statement import. */
export function ChargesPanel() {
  const searchId = useId();
  const [query, setQuery] = useState('');
  const charges = useOpenCharges(query.trim());
  return (
    <div className="space-y-4">
      <p className="text-slate-700">{t.intro}</p>
      <div>
        <label htmlFor={searchId} className="block font-medium text-slate-900">
          {t.search}
        </label>
        <input
          id={searchId}
          type="search"
          value={query}
          onChange={(event) => setQuery(event.target.value)}
          className="mt-1 block min-h-11 w-full rounded-lg border border-slate-400 px-3 py-2 text-base"
        />
      </div>
      {charges.isPending ? (
        <p role="status" className="text-slate-700">
          {t.loading}
        </p>
      ) : charges.isError ? (
        <p role="alert" className="rounded-lg bg-red-50 px-3 py-2 font-medium text-red-800">
          {t.loadError}
        </p>
      ) : charges.data.length === 0 ? (
        <p className="text-slate-700">{t.empty}</p>
      ) : (
        <DataTable
          caption={t.caption}
          columns={columns}
          rows={charges.data}
          rowKey={(c) => String(c.id)}
          rowData={(c) => ({ 'data-txid': c.txid })}
        />
      )}
      <StatementImport />
    </div>
  );
}
