import { dashboardUi } from '@toque/contracts/dashboard-ui';
import { formatDueDate } from '@toque/contracts/billing';
import { formatReais } from '@toque/contracts/money';
import { usePlans } from '../api/plans';
import { PlanStatusBadge } from './plan-status';

const f = dashboardUi.finance;
const s = f.summary;

/** DASH-04 / FIN-02: the dashboard's 'Financeiro' block — how many plans, the next due date and its value, the late ones. */
export function FinanceSummary() {
  const plans = usePlans();
  if (plans.isPending) {
    return (
      <p role="status" className="text-slate-700">
        {f.loading}
      </p>
    );
  }
  if (plans.isError) return <p className="text-red-800">{f.loadError}</p>;
  const list = plans.data;
  if (list.length === 0) return <p className="text-slate-700">{s.none}</p>;
  // The plans come soonest due first.
  const next = list[0]!;
  const late = list.filter((p) => p.status === 'em_atraso' || p.status === 'suspenso').length;
  // FIN-07: what all the plans cost together — monthly ones per month, annual ones per year.
  const sum = (interval: 'monthly' | 'annual') =>
    list.filter((p) => p.interval === interval).reduce((total, p) => total + p.price_cents, 0);
  const monthly = sum('monthly');
  const annual = sum('annual');
  return (
    <div className="space-y-3">
      <p className="font-semibold text-slate-900">{s.plans(list.length)}</p>
      <dl className="grid grid-cols-2 gap-3 text-sm">
        <div>
          <dt className="text-slate-600">{s.next}</dt>
          <dd className="text-lg font-bold text-slate-900">{formatDueDate(next.due_at)}</dd>
        </div>
        <div>
          <dt className="text-slate-600">{s.total}</dt>
          {monthly > 0 || annual === 0 ? (
            <dd className="text-lg font-bold text-slate-900">{s.perMonth(formatReais(monthly))}</dd>
          ) : null}
          {annual > 0 ? <dd className="text-lg font-bold text-slate-900">{s.perYear(formatReais(annual))}</dd> : null}
        </div>
      </dl>
      <p className="flex flex-wrap items-center gap-2 text-sm">
        <span className="text-slate-800">{next.name}</span>
        <PlanStatusBadge plan={next} />
      </p>
      {late > 0 ? <p className="font-semibold text-red-800">{s.late(late)}</p> : null}
    </div>
  );
}
