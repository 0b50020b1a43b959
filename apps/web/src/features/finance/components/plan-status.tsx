import { planWords, type PlanStatus } from '@toque/contracts/billing';

const tone: Record<PlanStatus, string> = {
  em_dia: 'bg-green-100 text-green-900',
  vencendo: 'bg-amber-100 text-amber-950',
  em_atraso: 'bg-red-100 text-red-900',
  suspenso: 'bg-red-700 text-white',
  cancelado: 'bg-slate-200 text-slate-900',
};

/** FIN-02: a plan's status in words, with its colour. */
export function PlanStatusBadge({ status }: { status: PlanStatus }) {
  return (
    <span className={`rounded-full px-2 py-0.5 text-sm font-semibold ${tone[status]}`}>{planWords.status[status]}</span>
  );
}
