import { ui } from '@toque/contracts/ui';
import { dashboardCopy } from '../../../content/pages';

/** DASH-04's four blocks are a later issue; for now the page says what it will hold. */
export function DashboardHomePage() {
  return (
    <section className="max-w-3xl">
      <title>{`${ui.headings.dashboard} | Toque`}</title>
      <h1 className="text-3xl font-bold text-slate-900">{ui.headings.dashboard}</h1>
      <p className="mt-2 text-slate-700">{dashboardCopy.text}</p>
    </section>
  );
}
