import { BREADCRUMB_BREAKPOINT_PX } from '@toque/contracts/constants';
import { paths } from '@toque/contracts/routes';
import { dashboardUi } from '@toque/contracts/dashboard-ui';

export interface Crumb {
  label: string;
  /** Where the crumb leads; null for the current page and for segments that are not pages. */
  href: string | null;
}

/** The earlier crumbs hidden on a narrow screen. */
export const ELLIPSIS = 'ellipsis' as const;
export type VisibleCrumb = Crumb | typeof ELLIPSIS;

const segmentLabels: Readonly<Record<string, string>> = dashboardUi.crumbs;

/** Paths a crumb may link to: the account area's pages without parameters. */
const pagePaths: ReadonlySet<string> = new Set([
  paths.dashboard,
  paths.finance,
  paths.account,
  paths.accountAlias,
  paths.dashboardManual,
  paths.manualAlias,
  paths.products,
  paths.productsAlias,
  paths.condoActivation,
  paths.manageClients,
]);

function decode(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

/** 'gerenciar-meus-toques' → 'Gerenciar Meus Toques'. */
export function titleCase(segment: string): string {
  return segment
    .split('-')
    .filter(Boolean)
    .map((word) => word.charAt(0).toLocaleUpperCase('pt-BR') + word.slice(1))
    .join(' ');
}

/**
 * DASH-05: the crumbs of a path. The first is the product's name; numeric segments (unit ids) and
 * route parameter values (tag and condominium codes) are dropped; known segments get their
 * Portuguese names, the rest are title-cased from hyphenated text. The last crumb is the page itself.
 */
export function buildCrumbs(pathname: string, paramValues: readonly string[] = []): Crumb[] {
  const params = new Set(paramValues.map(decode));
  const crumbs: Crumb[] = [{ label: dashboardUi.breadcrumbRoot, href: paths.home }];
  let path = '';
  for (const raw of pathname.split('/').filter(Boolean)) {
    path += `/${raw}`;
    const segment = decode(raw);
    if (/^\d+$/.test(segment) || params.has(segment)) continue;
    crumbs.push({ label: segmentLabels[segment] ?? titleCase(segment), href: pagePaths.has(path) ? path : null });
  }
  const last = crumbs[crumbs.length - 1];
  if (last && crumbs.length > 1) crumbs[crumbs.length - 1] = { ...last, href: null };
  return crumbs;
}

/** DASH-05: under 768 px only the last two crumbs show, after an ellipsis standing for the others. */
export function visibleCrumbs(crumbs: readonly Crumb[], viewportWidth: number): VisibleCrumb[] {
  if (viewportWidth >= BREADCRUMB_BREAKPOINT_PX || crumbs.length <= 2) return [...crumbs];
  return [ELLIPSIS, ...crumbs.slice(-2)];
}
