import { Link, useLocation, useParams } from 'react-router';
import { dashboardUi } from '@toque/contracts/dashboard-ui';
import { buildCrumbs, ELLIPSIS, visibleCrumbs } from '../breadcrumbs';
import { useViewportWidth } from '../hooks/use-viewport-width';

function Separator() {
  return (
    <span aria-hidden="true" className="text-slate-500">
      /
    </span>
  );
}

/** DASH-05: where the page sits in the account area, shortened on narrow screens. */
export function Breadcrumbs() {
  const { pathname } = useLocation();
  // In the layout, the params are those of the whole match, the page's included.
  const paramValues = Object.values(useParams()).filter((value): value is string => typeof value === 'string');
  const crumbs = visibleCrumbs(buildCrumbs(pathname, paramValues), useViewportWidth());

  return (
    <nav aria-label={dashboardUi.breadcrumb} className="mb-4">
      <ol className="flex flex-wrap items-center gap-x-2 gap-y-1 text-sm">
        {crumbs.map((crumb, index) => (
          <li key={crumb === ELLIPSIS ? ELLIPSIS : `${index}-${crumb.label}`} className="flex items-center gap-2">
            {index > 0 ? <Separator /> : null}
            {crumb === ELLIPSIS ? (
              <span data-crumb-ellipsis="" className="text-slate-700">
                <span aria-hidden="true">…</span>
                <span className="sr-only">{dashboardUi.breadcrumbEarlier}</span>
              </span>
            ) : index === crumbs.length - 1 ? (
              <span aria-current="page" className="font-semibold text-slate-900">
                {crumb.label}
              </span>
            ) : crumb.href ? (
              <Link to={crumb.href} className="tap-target text-brand-700 underline-offset-4 hover:underline">
                {crumb.label}
              </Link>
            ) : (
              <span className="text-slate-700">{crumb.label}</span>
            )}
          </li>
        ))}
      </ol>
    </nav>
  );
}
