import type { ReactNode } from 'react';
import { formatDueDate, planIntervals, planWords, type FinancePlan, type PlanInterval } from '@toque/contracts/billing';
import { dashboardUi } from '@toque/contracts/dashboard-ui';
import { formatReais } from '@toque/contracts/money';
import { DataTable, type DataColumn } from '../../../components/ui/data-table';
import { contact } from '../../../content/contact';
import { notify } from '../../../lib/toast';
import { useState } from 'react';
import type { Charge } from '@toque/contracts/billing';
import { Button } from '../../../components/ui/button';
import { useCreateCharge, usePlans, useSetPlanInterval } from '../api/plans';
import { PixDialog } from './pix-dialog';
import { PlanStatusBadge } from './plan-status';

const f = dashboardUi.finance;

function Card({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
      <h2 id={id} className="text-xl font-bold text-slate-900">
        {title}
      </h2>
      <div className="mt-4">{children}</div>
    </section>
  );
}

function IntervalSelect({ plan }: { plan: FinancePlan }) {
  const change = useSetPlanInterval();
  const onChange = async (interval: PlanInterval) => {
    try {
      notify.success((await change.mutateAsync({ code: plan.code, interval })).message);
    } catch (error) {
      notify.error(f.intervalFailure + (error instanceof Error ? error.message : String(error)));
    }
  };
  return (
    <select
      aria-label={f.intervalLabel(plan.name)}
      value={plan.interval}
      disabled={change.isPending}
      onChange={(event) => void onChange(event.target.value as PlanInterval)}
      className="min-h-11 rounded-lg border border-slate-400 bg-white px-3 py-2 text-base"
    >
      {planIntervals.map((interval) => (
        <option key={interval} value={interval}>
          {planWords.interval[interval]}
        </option>
      ))}
    </select>
  );
}

function columnsWith(pay: (codes: string[]) => void, busy: boolean): DataColumn<FinancePlan>[] {
  return [
    ...columns,
    {
      header: f.headers.pay,
      cell: (plan) => (
        <Button
          variant="secondary"
          size="sm"
          busy={busy}
          aria-label={f.pix.payOne(plan.name)}
          onClick={() => pay([plan.code])}
        >
          {f.pix.payOneShort}
        </Button>
      ),
    },
  ];
}

const columns: DataColumn<FinancePlan>[] = [
  { header: f.headers.tag, cell: (plan) => plan.name, className: 'font-semibold' },
  { header: f.headers.plan, cell: (plan) => <IntervalSelect plan={plan} /> },
  { header: f.headers.value, cell: (plan) => f.price(formatReais(plan.price_cents), planWords.per[plan.interval]) },
  { header: f.headers.due, cell: (plan) => formatDueDate(plan.due_at) },
  { header: f.headers.status, cell: (plan) => <PlanStatusBadge plan={plan} /> },
];

/** FIN-02: /dashboard/financeiro — every tag I own with its plan, value, due date and status; the rules; how to pay. */
export function FinanceOverview() {
  const plans = usePlans();
  const create = useCreateCharge();
  const [charge, setCharge] = useState<Charge | null>(null);
  const pay = async (codes: string[]) => {
    try {
      setCharge(await create.mutateAsync(codes));
    } catch (error) {
      notify.error(f.pix.failure + (error instanceof Error ? error.message : String(error)));
    }
  };
  return (
    <div className="space-y-6">
      <p className="text-slate-700">{f.intro}</p>
      <Card id="financeiro-planos" title={f.plansTitle}>
        {plans.isPending ? (
          <p role="status" className="text-slate-700">
            {f.loading}
          </p>
        ) : plans.isError ? (
          <p role="alert" className="rounded-lg bg-red-50 px-3 py-2 font-medium text-red-800">
            {f.loadError}
          </p>
        ) : plans.data.length === 0 ? (
          <p className="text-slate-700">{f.empty}</p>
        ) : (
          <div className="space-y-4">
            {plans.data.length > 1 ? (
              <Button busy={create.isPending} onClick={() => void pay(plans.data.map((p) => p.code))}>
                {f.pix.payAll}
              </Button>
            ) : null}
            <DataTable
              caption={f.caption}
              columns={columnsWith((codes) => void pay(codes), create.isPending)}
              rows={plans.data}
              rowKey={(plan) => plan.code}
              rowData={(plan) => ({ 'data-code': plan.code })}
            />
          </div>
        )}
        <PixDialog charge={charge} onClose={() => setCharge(null)} />
      </Card>
      <div className="grid gap-6 lg:grid-cols-2">
        <Card id="financeiro-avisos" title={f.rulesTitle}>
          <ul className="list-disc space-y-2 pl-5 text-slate-800">
            {f.rules.map((rule) => (
              <li key={rule}>{rule}</li>
            ))}
          </ul>
        </Card>
        <Card id="financeiro-pagamento" title={f.payTitle}>
          <p className="text-slate-800">{f.payNote}</p>
          <p className="mt-3">
            <a
              href={contact.whatsappHref}
              target="_blank"
              rel="noopener noreferrer"
              className="tap-target font-semibold text-brand-700 underline"
            >
              {contact.whatsappLabel}
            </a>
          </p>
        </Card>
      </div>
    </div>
  );
}
