import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import { labelLayouts, MINT_BATCH_MAX, PRODUCT_ID_RANGE, type Batch, type BatchCodes, type LabelLayout } from '@toque/contracts/admin';
import { adminUi } from '@toque/contracts/admin-ui';
import { PRODUCT_IDS, productLabel } from '@toque/contracts/constants';
import { localDateTimeSeconds } from '@toque/contracts/time-format';
import { Button } from '../../../components/ui/button';
import { SelectField, TextField } from '../../../components/ui/field';
import { notify } from '../../../lib/toast';
import { downloadBatchPdf, useBatches, useMintBatch } from '../api/batches';

const labels = adminUi.inventory;
const errorText = (error: unknown) => (error instanceof Error ? error.message : String(error));

const form = z.object({
  productId: z.coerce.number().int().min(PRODUCT_ID_RANGE.min).max(PRODUCT_ID_RANGE.max),
  count: z.coerce
    .number({ message: labels.countInvalid })
    .int(labels.countInvalid)
    .min(1, labels.countInvalid)
    .max(MINT_BATCH_MAX, labels.countInvalid),
});
type Values = z.input<typeof form>;
type Parsed = z.output<typeof form>;

/** ADM-11: the batch just minted, its codes listed one per line (selectable) and copied in one tap. */
function MintedCodes({ minted }: { minted: BatchCodes }) {
  const id = minted.batch.id;
  const text = minted.codes.map((c) => c.code).join('\n');
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(text);
      notify.success(labels.codesCopied);
    } catch {
      notify.info(labels.codesCopyFailed);
    }
  };
  return (
    <section
      aria-labelledby={`minted-${id}`}
      data-minted-batch={id}
      className="space-y-3 rounded-xl border border-slate-200 bg-slate-50 p-3"
    >
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h3 id={`minted-${id}`} className="font-semibold text-slate-900">
          {`${labels.mintedCodesTitle(id, minted.codes.length)} · ${productLabel(minted.batch.product_id)}`}
        </h3>
        <Button variant="secondary" size="sm" onClick={() => void copy()}>
          {labels.copyCodes}
        </Button>
      </div>
      <textarea
        readOnly
        aria-label={labels.mintedCodesLabel(id)}
        value={text}
        rows={Math.min(8, minted.codes.length)}
        onFocus={(event) => event.currentTarget.select()}
        className="w-full rounded-lg border border-slate-300 bg-white p-2 font-mono text-base tracking-wider text-slate-900"
      />
    </section>
  );
}

function MintForm({ onMinted }: { onMinted: (minted: BatchCodes) => void }) {
  const mint = useMintBatch();
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<Values, unknown, Parsed>({ resolver: zodResolver(form), defaultValues: { productId: '1', count: '24' } });
  const onSubmit = handleSubmit(async (values) => {
    try {
      const minted = await mint.mutateAsync(values);
      onMinted(minted);
      notify.success(labels.minted(minted.codes.length));
    } catch (error) {
      notify.error(labels.mintFailure + errorText(error));
    }
  });
  return (
    <form
      noValidate
      onSubmit={(event) => void onSubmit(event)}
      className="grid gap-3 rounded-xl border border-slate-200 bg-white p-3 sm:grid-cols-[1fr_1fr_auto] sm:items-start"
    >
      <SelectField
        label={labels.product}
        options={PRODUCT_IDS.map((id) => ({ value: String(id), label: productLabel(id) }))}
        {...register('productId')}
      />
      <TextField
        label={labels.count}
        type="number"
        inputMode="numeric"
        min={1}
        max={MINT_BATCH_MAX}
        hint={labels.countHint}
        error={errors.count?.message}
        {...register('count')}
      />
      <Button type="submit" busy={mint.isPending} className="sm:mt-7">
        {labels.mint}
      </Button>
    </form>
  );
}

function BatchRow({ batch }: { batch: Batch }) {
  const [busy, setBusy] = useState<LabelLayout | null>(null);
  const download = async (layout: LabelLayout) => {
    setBusy(layout);
    try {
      await downloadBatchPdf(batch.id, layout);
    } catch (error) {
      notify.error(labels.pdfFailure + errorText(error));
    } finally {
      setBusy(null);
    }
  };
  return (
    <li
      data-batch-id={batch.id}
      className="flex flex-wrap items-center justify-between gap-3 rounded-xl border border-slate-200 bg-white p-3"
    >
      <div className="min-w-0">
        <h3 className="font-semibold text-slate-900">{`${labels.batch(batch.id)} · ${productLabel(batch.product_id)}`}</h3>
        <p className="text-sm text-slate-700">{labels.claimed(batch.claimed, batch.count)}</p>
        <p className="text-sm text-slate-600">
          <time dateTime={batch.created_at}>{localDateTimeSeconds.format(new Date(batch.created_at))}</time>
          {batch.created_by ? ` ${labels.by(batch.created_by)}` : null}
        </p>
      </div>
      <div className="flex flex-wrap gap-2">
        {(Object.keys(labelLayouts) as LabelLayout[]).map((layout) => (
          <Button
            key={layout}
            variant="secondary"
            size="sm"
            busy={busy === layout}
            onClick={() => void download(layout)}
          >
            {labels.pdf(labels.layouts[layout])}
            <span className="sr-only">{` ${labels.batch(batch.id)}`}</span>
          </Button>
        ))}
      </div>
    </li>
  );
}

/** ADM-11: mint a batch of a product's codes from the page; every batch with its claimed count and its print sheets. */
export function InventoryPanel() {
  const batches = useBatches();
  const [minted, setMinted] = useState<BatchCodes | null>(null);
  return (
    <div className="space-y-4">
      <p className="text-slate-700">{labels.intro}</p>
      <MintForm onMinted={setMinted} />
      {minted ? <MintedCodes minted={minted} /> : null}
      <h2 className="text-lg font-semibold text-slate-900">{labels.batches}</h2>
      {batches.isPending ? (
        <p role="status" className="py-6 text-slate-700">
          {labels.loading}
        </p>
      ) : batches.isError ? (
        <p role="alert" className="rounded-lg bg-red-50 px-3 py-2 font-medium text-red-800">
          {labels.loadError}
        </p>
      ) : batches.data.length === 0 ? (
        <p className="py-6 text-slate-700">{labels.empty}</p>
      ) : (
        <ul className="flex flex-col gap-2">
          {batches.data.map((batch) => (
            <BatchRow key={batch.id} batch={batch} />
          ))}
        </ul>
      )}
    </div>
  );
}
