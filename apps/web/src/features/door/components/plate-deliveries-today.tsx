import { doorTime, doorUi } from '@toque/contracts/door';
import { usePlateToday } from '../api/plate-today';

/**
 * CONDO-15: the síndico's deliveries of the day, every unit: unit, company, time, retirada or not.
 * No photo of any package reaches this list.
 */
export function PlateDeliveriesToday({ code }: { code: string }) {
  const today = usePlateToday(code);
  return (
    <section aria-labelledby="today-title" className="space-y-3">
      <h2 id="today-title" className="text-xl font-bold text-slate-900">
        {doorUi.todayTitle}
      </h2>
      {today.isPending ? null : today.isError ? (
        <p role="alert" className="rounded-lg bg-red-50 px-3 py-2 font-medium text-red-800">
          {today.error.message}
        </p>
      ) : today.data.length === 0 ? (
        <p className="text-slate-700">{doorUi.todayEmpty}</p>
      ) : (
        <div className="overflow-x-auto">
          <table className="w-full text-left text-sm" data-testid="plate-deliveries-today">
            <thead>
              <tr className="border-b border-slate-300 text-slate-700">
                <th scope="col" className="py-2 pr-3">{doorUi.unitLabel}</th>
                <th scope="col" className="py-2 pr-3">{doorUi.companyLabel}</th>
                <th scope="col" className="py-2 pr-3">{doorUi.timeLabel}</th>
                <th scope="col" className="py-2">{doorUi.statusLabel}</th>
              </tr>
            </thead>
            <tbody>
              {today.data.map((d) => (
                <tr key={d.id} className="border-b border-slate-200 text-slate-900">
                  <td className="py-2 pr-3">{d.block ? `${d.block} · ${d.unitName}` : d.unitName}</td>
                  <td className="py-2 pr-3">{d.companyLabel}</td>
                  <td className="py-2 pr-3">{doorTime(d.createdAt)}</td>
                  <td className="py-2">{d.collectedAt ? `${doorUi.collected} ${doorTime(d.collectedAt)}` : doorUi.waiting}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
