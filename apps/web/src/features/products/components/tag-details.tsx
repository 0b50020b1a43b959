import { formatDueDate } from '@toque/contracts/billing';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { productLabel } from '@toque/contracts/constants';
import type { Product } from '@toque/contracts/products';
import { paths } from '@toque/contracts/routes';
import { dashboardUi } from '@toque/contracts/dashboard-ui';
import { tagCopy } from '../copy';
import { CONDOMINIUM_PRODUCT_ID } from '@toque/contracts/constants';
import { tagStatusLabel } from '../tag-kinds';

const labels = dashboardUi.tagDetails;

function Item({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div className="sm:grid sm:grid-cols-[14rem_1fr] sm:gap-4">
      <dt className="text-sm font-medium text-slate-600">{term}</dt>
      <dd className="text-slate-900">{children}</dd>
    </div>
  );
}

/** The expanded part of a tag row (TAG-03): everything the list row has no room for. */
export function TagDetails({ tag }: { tag: Product }) {
  return (
    <div className="space-y-3 border-t border-slate-200 px-4 py-4">
      <dl className="space-y-2">
        <Item term={labels.code}>
          <span className="font-mono">{tag.code}</span>
        </Item>
        <Item term={labels.type}>{productLabel(tag.product_id)}</Item>
        <Item term={labels.status}>{tagStatusLabel(tag)}</Item>
        {/* FIN-02: the plan's real due date; a member's or a resident's plan is the owner's. */}
        <Item term={labels.dueDate}>{tag.due_at ? formatDueDate(tag.due_at) : dashboardUi.finance.ownerPays}</Item>
        <Item term={labels.importantInfo}>
          <span className="whitespace-pre-line">{tag.important_info || tagCopy.noInfo}</span>
        </Item>
        <Item term={labels.shownToFinder}>{tag.show_info_to_finder ? tagCopy.yes : tagCopy.no}</Item>
      </dl>
      {tag.isOwner || tag.product_id === CONDOMINIUM_PRODUCT_ID ? null : <p className="text-sm text-slate-700">{tagCopy.memberNote}</p>}
      {/* CONDO-11: the units page is the síndico's; a resident's own view is on the row. */}
      {tag.product_id === CONDOMINIUM_PRODUCT_ID && tag.isOwner ? (
        <Link to={paths.units(tag.code)} className="inline-block font-semibold text-brand-700 underline">
          {dashboardUi.tagActions.units}
        </Link>
      ) : null}
    </div>
  );
}
