import { useId, useState, type FormEvent } from 'react';
import { condoUi } from '@toque/contracts/admin-ui';
import {
  BLOCK_NAME_MAX,
  BULK_CSV_MAX_BYTES,
  BULK_TEXT_MAX,
  bulkMsg,
  type BulkUnitsBody,
  type BulkUnitsResponse,
} from '@toque/contracts/units-bulk';
import { formatReais } from '@toque/contracts/money';
import { Button } from '../../../components/ui/button';
import { TextAreaField, TextField } from '../../../components/ui/field';
import { fileAsBase64 } from '../../../lib/file-base64';
import { notify } from '../../../lib/toast';
import { useBulkUnits } from '../api/bulk-units';

const t = condoUi.manage.bulk;
/** The preview lists this many units; the rest are counted. */
const PREVIEW_ROWS = 30;

function Preview({ preview }: { preview: BulkUnitsResponse }) {
  const emails = preview.units.flatMap((u) => u.emails);
  const accounts = emails.filter((e) => e.has_account).length;
  const rest = preview.units.length - PREVIEW_ROWS;
  return (
    <div className="space-y-3" data-testid="bulk-preview">
      <p role="status" className="font-semibold text-slate-900">
        {preview.units.length === 0 && preview.matched_total > 0 ? t.nothingNew : t.summary(preview.units.length)}
        {emails.length > 0 ? ` ${t.invitesSummary(accounts, emails.length - accounts)}` : ''}
      </p>
      {/* FIN-07: a plate pays per unit — what the new units make the monthly price, before confirming. */}
      <p className="text-slate-900">
        {preview.new_monthly_cents === preview.current_monthly_cents
          ? t.priceSame(formatReais(preview.current_monthly_cents))
          : t.price(formatReais(preview.current_monthly_cents), formatReais(preview.new_monthly_cents))}
      </p>
      {/* CONDO-19: lines that read as existing units ('101' = 'Apto 101') are kept as they are, not created again. */}
      {preview.matched_total > 0 ? (
        <div data-testid="bulk-matched" className="space-y-1 rounded-lg bg-slate-50 px-3 py-2 text-sm text-slate-900">
          <p className="font-semibold">{t.matchedTitle(preview.matched_total)}</p>
          <ul className="list-disc space-y-1 pl-5">
            {preview.matched.map((match, i) => (
              <li key={`${match.line}-${i}`}>{t.matchedLine(match.name, match.existing)}</li>
            ))}
          </ul>
          {preview.matched_total > preview.matched.length ? (
            <p>{t.matchedMore(preview.matched_total - preview.matched.length)}</p>
          ) : null}
        </div>
      ) : null}
      {preview.refused_total > 0 ? (
        <div role="alert" className="space-y-1 rounded-lg bg-red-50 px-3 py-2 text-sm text-red-900">
          <p className="font-semibold">{t.refusedTitle(preview.refused_total)}</p>
          <ul className="list-disc space-y-1 pl-5">
            {preview.refused.map((r, i) => (
              <li key={`${r.line}-${i}`}>{t.refusedLine(r.line, r.text, r.reason)}</li>
            ))}
          </ul>
          {preview.refused_total > preview.refused.length ? (
            <p>{t.refusedMore(preview.refused_total - preview.refused.length)}</p>
          ) : null}
          <p>{t.refusedHint}</p>
        </div>
      ) : null}
      {preview.units.length > 0 ? (
        <div className="overflow-x-auto rounded-lg border border-slate-200">
          <table className="w-full text-left text-sm">
            <thead className="bg-slate-50 text-slate-800">
              <tr>
                <th scope="col" className="px-3 py-2">
                  {t.headBlock}
                </th>
                <th scope="col" className="px-3 py-2">
                  {t.headUnit}
                </th>
                <th scope="col" className="px-3 py-2">
                  {t.headEmails}
                </th>
              </tr>
            </thead>
            <tbody>
              {preview.units.slice(0, PREVIEW_ROWS).map((u) => (
                <tr key={`${u.block ?? ''}\u0000${u.name}`} className="border-t border-slate-200">
                  <td className="px-3 py-2">{u.block ?? '—'}</td>
                  <td className="px-3 py-2 font-medium">{u.name}</td>
                  <td className="px-3 py-2">
                    {u.emails.map((e) => (
                      <span key={e.email} className="mr-2 inline-block break-all">
                        {e.email}{' '}
                        <span className={e.has_account ? 'text-green-800' : 'text-amber-900'}>
                          ({e.has_account ? t.hasAccount : t.willInvite})
                        </span>
                      </span>
                    ))}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
          {rest > 0 ? <p className="px-3 py-2 text-sm text-slate-700">{t.more(rest)}</p> : null}
        </div>
      ) : null}
    </div>
  );
}

/**
 * CONDO-12: a building at once — a pasted list (ranges, or a unit per line with its residents'
 * e-mails) or a CSV file; the server's preview first, and the creation only when confirmed and
 * nothing was refused (all or nothing).
 */
export function BulkUnitsPanel({ condoCode, onDone }: { condoCode: string; onDone: () => void }) {
  const bulk = useBulkUnits(condoCode);
  const fileId = useId();
  const [text, setText] = useState('');
  const [block, setBlock] = useState('');
  const [file, setFile] = useState<File | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const [preview, setPreview] = useState<BulkUnitsResponse | null>(null);
  const [previewed, setPreviewed] = useState<BulkUnitsBody | null>(null);
  const [failure, setFailure] = useState<string | null>(null);

  // Any change makes the preview stale: it must be seen again before confirming.
  const edited = () => {
    setPreview(null);
    setPreviewed(null);
    setFailure(null);
  };

  const body = async (): Promise<BulkUnitsBody> =>
    file ? { qrCode: condoCode, csvBase64: await fileAsBase64(file) } : { qrCode: condoCode, text, block };

  const onPreview = async (event: FormEvent) => {
    event.preventDefault();
    setFailure(null);
    if (!file && text.trim() === '') {
      setFailure(bulkMsg.nothing);
      return;
    }
    try {
      const input = await body();
      setPreview(await bulk.mutateAsync({ ...input, confirm: false }));
      setPreviewed(input);
    } catch (error) {
      setPreview(null);
      setFailure(t.failure + (error instanceof Error ? error.message : String(error)));
    }
  };

  const onConfirm = async () => {
    if (!previewed) return;
    setFailure(null);
    try {
      const result = await bulk.mutateAsync({ ...previewed, confirm: true });
      notify.success(result.message);
      onDone();
    } catch (error) {
      setFailure(t.failure + (error instanceof Error ? error.message : String(error)));
    }
  };

  const canConfirm = preview !== null && preview.refused_total === 0 && preview.units.length > 0;
  return (
    <section aria-labelledby={`${fileId}-title`} className="space-y-4 rounded-xl border border-brand-200 bg-white p-4">
      <h2 id={`${fileId}-title`} className="text-lg font-semibold text-slate-900">
        {t.title}
      </h2>
      <p className="text-sm text-slate-700">{t.intro}</p>
      <form noValidate className="space-y-4" onSubmit={(event) => void onPreview(event)}>
        <TextAreaField
          label={t.text}
          hint={t.textHint}
          value={text}
          maxLength={BULK_TEXT_MAX}
          disabled={file !== null}
          rows={5}
          onChange={(event) => {
            setText(event.target.value);
            edited();
          }}
        />
        <TextField
          label={t.block}
          hint={t.blockHint}
          value={block}
          maxLength={BLOCK_NAME_MAX}
          disabled={file !== null}
          autoComplete="off"
          onChange={(event) => {
            setBlock(event.target.value);
            edited();
          }}
        />
        <div className="space-y-1">
          <label htmlFor={fileId} className="block font-medium text-slate-900">
            {t.file}
          </label>
          <p id={`${fileId}-hint`} className="text-sm text-slate-700">
            {t.fileHint}
          </p>
          <input
            id={fileId}
            type="file"
            accept=".csv,text/csv,text/plain"
            aria-describedby={`${fileId}-hint${fileError ? ` ${fileId}-error` : ''}`}
            aria-invalid={fileError ? true : undefined}
            className="block min-h-11 w-full text-sm file:mr-3 file:min-h-11 file:rounded-lg file:border-0 file:bg-slate-100 file:px-3 file:font-semibold"
            onChange={(event) => {
              const chosen = event.target.files?.[0] ?? null;
              edited();
              if (chosen && chosen.size > BULK_CSV_MAX_BYTES) {
                setFile(null);
                setFileError(bulkMsg.csvTooLarge);
                event.target.value = '';
                return;
              }
              setFileError(null);
              setFile(chosen);
            }}
          />
          {fileError ? (
            <p id={`${fileId}-error`} role="alert" className="text-sm font-medium text-red-800">
              {fileError}
            </p>
          ) : null}
        </div>
        <div className="flex flex-wrap gap-2">
          <Button type="submit" variant="secondary" busy={bulk.isPending && !previewed}>
            {t.preview}
          </Button>
          <Button type="button" variant="ghost" onClick={onDone}>
            {t.close}
          </Button>
        </div>
      </form>
      {failure ? (
        <p role="alert" className="rounded-lg bg-red-50 px-3 py-2 text-sm font-medium text-red-800">
          {failure}
        </p>
      ) : null}
      {preview ? <Preview preview={preview} /> : null}
      {preview && canConfirm ? (
        <Button busy={bulk.isPending} onClick={() => void onConfirm()}>
          {t.confirm(preview.units.length)}
        </Button>
      ) : null}
    </section>
  );
}
