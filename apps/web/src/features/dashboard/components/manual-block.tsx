import { Link } from 'react-router';
import { paths } from '@toque/contracts/routes';
import { dashboardUi } from '@toque/contracts/dashboard-ui';
import { dashboardCopy, downloads } from '../copy';

const rowClass =
  'flex items-center justify-between gap-3 rounded-lg px-3 py-3 font-medium text-slate-900 hover:bg-slate-100';
const rows = dashboardUi.manualRows;

function Arrow() {
  return (
    <span aria-hidden="true" className="text-brand-700">
      →
    </span>
  );
}

/** DASH-04: the 'Manual de Uso' block's four rows; the last downloads the full manual. */
export function ManualBlock() {
  return (
    <ul className="divide-y divide-slate-200">
      <li>
        <Link to={paths.manual} className={rowClass}>
          {rows.activate}
          <Arrow />
        </Link>
      </li>
      <li>
        <Link to={dashboardCopy.installPath} className={rowClass}>
          {rows.install}
          <Arrow />
        </Link>
      </li>
      <li>
        <Link to={dashboardCopy.safeMeetingsPath} className={rowClass}>
          {rows.safeMeetings}
          <Arrow />
        </Link>
      </li>
      <li>
        {/* The specification's download link opens in the same tab: no target. */}
        <a href={downloads.fullManual} download className={rowClass}>
          <span>
            {rows.full} <span className="text-sm font-normal text-slate-700">{dashboardCopy.pdfNote}</span>
          </span>
          <span aria-hidden="true" className="text-brand-700">
            ↓
          </span>
        </a>
      </li>
    </ul>
  );
}
