import { useId, useState, type FormEvent } from 'react';
import { adminUi } from '@toque/contracts/admin-ui';
import { formatDueDate, planWords, type BillingSettings, type FinanceReport } from '@toque/contracts/billing';
import { PRODUCT_IDS, productLabel } from '@toque/contracts/constants';
import { formatReais, parseReais, reaisInput } from '@toque/contracts/money';
import { Button } from '../../../components/ui/button';
import { DataTable, type DataColumn } from '../../../components/ui/data-table';
import { TextField } from '../../../components/ui/field';
import { notify } from '../../../lib/toast';
import { useFinanceReport, useSaveBilling } from '../api/finance';

const t = adminUi.finance;
type Revenue = FinanceReport['revenue'][number];
type Overdue = FinanceReport['overdue'][number];

const revenueColumns: DataColumn<Revenue>[] = [
  { header: t.revenueHeaders.month, cell: (r) => r.month.split('-').reverse().join('/') },
  { header: t.revenueHeaders.product, cell: (r) => productLabel(r.product_id) },
  { header: t.revenueHeaders.value, cell: (r) => formatReais(r.cents), className: 'font-semibold' },
];

const overdueColumns: DataColumn<Overdue>[] = [
  { header: t.overdueHeaders.tag, cell: (o) => `${o.name} (${o.code})` },
  { header: t.overdueHeaders.owner, cell: (o) => `${o.owner_name} (${o.owner_email})` },
  { header: t.overdueHeaders.due, cell: (o) => formatDueDate(o.due_at) },
  { header: t.overdueHeaders.status, cell: (o) => planWords.status[o.status] },
];

function SettingsForm({ settings }: { settings: BillingSettings }) {
  const save = useSaveBilling();
  const id = useId();
  const [prices, setPrices] = useState(() =>
    Object.fromEntries(
      PRODUCT_IDS.map((p) => [p, reaisInput(settings.prices[String(p) as keyof BillingSettings['prices']])]),
    ),
  );
  const [annualMonths, setAnnualMonths] = useState(String(settings.annualMonths));
  const [trialDays, setTrialDays] = useState(String(settings.trialDays));
  const [errors, setErrors] = useState<Record<string, string>>({});

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found: Record<string, string> = {};
    const parsed = Object.fromEntries(
      PRODUCT_IDS.map((p) => {
        const cents = parseReais(prices[p] ?? '');
        if (cents === null || cents < 1) found[`price-${p}`] = t.priceInvalid;
        return [String(p), cents ?? 0];
      }),
    ) as BillingSettings['prices'];
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    try {
      notify.success(
        (await save.mutateAsync({ prices: parsed, annualMonths: Number(annualMonths), trialDays: Number(trialDays) }))
          .message,
      );
    } catch (error) {
      notify.error(t.failure + (error instanceof Error ? error.message : String(error)));
    }
  };

  return (
    <section aria-labelledby={`${id}-title`} className="space-y-3 rounded-xl border border-slate-200 bg-white p-4">
      <h2 id={`${id}-title`} className="text-lg font-semibold text-slate-900">
        {t.settingsTitle}
      </h2>
      <form noValidate className="grid gap-3 sm:grid-cols-2" onSubmit={(event) => void submit(event)}>
        {PRODUCT_IDS.map((p) => (
          <TextField
            key={p}
            label={t.price(productLabel(p))}
            inputMode="decimal"
            value={prices[p] ?? ''}
            error={errors[`price-${p}`]}
            onChange={(event) => setPrices((current) => ({ ...current, [p]: event.target.value }))}
          />
        ))}
        <TextField
          label={t.annualMonths}
          type="number"
          min={1}
          max={12}
          value={annualMonths}
          onChange={(event) => setAnnualMonths(event.target.value)}
        />
        <TextField
          label={t.trialDays}
          type="number"
          min={0}
          max={365}
          value={trialDays}
          onChange={(event) => setTrialDays(event.target.value)}
        />
        <div className="sm:col-span-2">
          <Button type="submit" busy={save.isPending}>
            {t.save}
          </Button>
        </div>
      </form>
    </section>
  );
}

/** FIN-06: revenue by month and product, the overdue plans, the prices and the trial. */
export function FinancePanel() {
  const report = useFinanceReport();
  if (report.isPending) {
    return (
      <p role="status" className="text-slate-700">
        {t.loading}
      </p>
    );
  }
  if (report.isError) {
    return (
      <p role="alert" className="rounded-lg bg-red-50 px-3 py-2 font-medium text-red-800">
        {t.loadError}
      </p>
    );
  }
  const { revenue, overdue, settings } = report.data;
  return (
    <div className="space-y-6">
      <section className="space-y-2">
        <h2 className="text-lg font-semibold text-slate-900">{t.revenueTitle}</h2>
        {revenue.length === 0 ? (
          <p className="text-slate-700">{t.revenueEmpty}</p>
        ) : (
          <DataTable
            caption={t.revenueCaption}
            columns={revenueColumns}
            rows={revenue}
            rowKey={(r) => `${r.month}-${r.product_id}`}
          />
        )}
      </section>
      <section className="space-y-2">
        <h2 className="text-lg font-semibold text-slate-900">{t.overdueTitle}</h2>
        {overdue.length === 0 ? (
          <p className="text-slate-700">{t.overdueEmpty}</p>
        ) : (
          <DataTable
            caption={t.overdueCaption}
            columns={overdueColumns}
            rows={overdue}
            rowKey={(o) => o.code}
            rowData={(o) => ({ 'data-code': o.code })}
          />
        )}
      </section>
      <SettingsForm settings={settings} />
    </div>
  );
}
