import { dashboardUi } from '@toque/contracts/dashboard-ui';
import { financeCopy } from '../copy';

const f = dashboardUi.finance;
const s = financeCopy.summary;

/** DASH-04: the dashboard's 'Financeiro' block: static plan information (FIN-01). */
export function FinanceSummary() {
  return (
    <div className="space-y-3">
      <p className="flex items-center gap-2 font-semibold text-slate-900">
        {s.plan}
        <span className="rounded-full bg-green-100 px-2 py-0.5 text-xs font-semibold text-green-900">{s.status}</span>
      </p>
      <dl className="grid grid-cols-2 gap-3 text-sm">
        <div>
          <dt className="text-slate-600">{s.lastPayment}</dt>
          <dd className="text-lg font-bold text-slate-900">{f.dashboardPaid}</dd>
        </div>
        <div>
          <dt className="text-slate-600">{s.dueDate}</dt>
          <dd className="text-lg font-bold text-slate-900">{f.dueDate}</dd>
        </div>
        <div>
          <dt className="text-slate-600">{s.activeQrs}</dt>
          <dd className="font-semibold text-slate-900">{f.activeQrs}</dd>
        </div>
      </dl>
    </div>
  );
}
