import { formatDueDate, planWords, type FinancePlan, type PlanStatus } from '@toque/contracts/billing';
import { dashboardUi } from '@toque/contracts/dashboard-ui';

const tone: Record<PlanStatus, string> = {
  em_dia: 'bg-green-100 text-green-900',
  vencendo: 'bg-amber-100 text-amber-950',
  em_atraso: 'bg-red-100 text-red-900',
  suspenso: 'bg-red-700 text-white',
  cancelado: 'bg-slate-200 text-slate-900',
};
const trialTone = 'bg-sky-100 text-sky-950';

/** FIN-02: a plan's status in words, with its colour; FIN-07: a plan in its free trial says until when. */
export function PlanStatusBadge({ plan }: { plan: Pick<FinancePlan, 'status' | 'trial' | 'due_at'> }) {
  const trial = plan.trial && (plan.status === 'em_dia' || plan.status === 'vencendo');
  return (
    <span className={`rounded-full px-2 py-0.5 text-sm font-semibold ${trial ? trialTone : tone[plan.status]}`}>
      {trial
        ? dashboardUi.finance.summary.trialUntil(formatDueDate(plan.due_at).slice(0, 5))
        : planWords.status[plan.status]}
    </span>
  );
}
