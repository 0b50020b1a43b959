import { useId } from 'react';
import { Link } from 'react-router';
import { planStatus } from '@toque/contracts/billing';
import { productLabel } from '@toque/contracts/constants';
import type { Product } from '@toque/contracts/products';
import { paths } from '@toque/contracts/routes';
import { dashboardUi } from '@toque/contracts/dashboard-ui';
import { condoUi } from '@toque/contracts/admin-ui';
import { Button, buttonClasses } from '../../../components/ui/button';
import { CONDOMINIUM_PRODUCT_ID } from '@toque/contracts/constants';
import { tagImage, tagStatusLabel } from '../tag-kinds';
import { ResidentUnit } from './resident-unit';
import { TagDetails } from './tag-details';

const actions = dashboardUi.tagActions;

interface TagRowProps {
  tag: Product;
  expanded: boolean;
  onToggle: () => void;
  /** QR, edit and delete controls (my products); the dashboard block shows the detail only. */
  onShowQr?: (tag: Product) => void;
  onDelete?: (tag: Product) => void;
  /** CONDO-09: a member (or a unit's resident) leaves the tag. */
  onLeave?: (tag: Product) => void;
  headingLevel: 2 | 3;
}

/** The visible label, then the tag's name for screen readers: 'Editar: Pulseira da Alice'. */
function Named({ label, name }: { label: string; name: string }) {
  return (
    <>
      {label}
      <span className="sr-only">{`: ${name}`}</span>
    </>
  );
}

/** TAG-03 / TAG-04: one tag: type, name, status, its controls and an expandable detail. */
export function TagRow({ tag, expanded, onToggle, onShowQr, onDelete, onLeave, headingLevel }: TagRowProps) {
  const detailId = useId();
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  // ADM-06: a tag an administrator switched off never reads 'Ativo' to its owner (the red badge says 'Inativo').
  const ownerActive = tag.isOwner && tag.is_active;
  const status = tag.isOwner && !tag.is_active ? null : tagStatusLabel(tag);
  // CONDO-11: a resident sees their own unit, never the síndico's pages (which would refuse them).
  const resident = tag.product_id === CONDOMINIUM_PRODUCT_ID && !tag.isOwner;
  // FIN-05: the owner's plan more than 30 days overdue (the finder can only leave a message, outside lost mode).
  const suspended = tag.isOwner && !!tag.due_at && planStatus(new Date(tag.due_at), new Date()) === 'suspenso';

  return (
    <li data-tag-code={tag.code} className="rounded-xl border border-slate-200 bg-white">
      <div className="flex flex-wrap items-center gap-3 p-3">
        <img src={tagImage(tag.product_id)} alt="" width={40} height={40} className="size-10 shrink-0" />
        {/* At least 12rem for the name: on a phone the controls move under it instead of cutting it. */}
        <div className="min-w-0 flex-1 basis-48">
          <Heading className="font-semibold break-words text-slate-900">{tag.name}</Heading>
          <p className="flex flex-wrap items-center gap-2 text-sm text-slate-700">
            {productLabel(tag.product_id)}
            {status === null ? null : (
              <span
                className={`rounded-full px-2 py-0.5 text-xs font-semibold ${
                  ownerActive ? 'bg-green-100 text-green-900' : 'bg-slate-200 text-slate-900'
                }`}
              >
                {status}
              </span>
            )}
            {/* TAG-11: a tag in lost mode is badged wherever it is listed. */}
            {tag.lost_message !== null ? (
              <span className="rounded-full bg-red-700 px-2 py-0.5 text-xs font-bold text-white">{dashboardUi.status.lost}</span>
            ) : null}
            {/* ADM-06: a tag an administrator switched off says so to its owner and members. */}
            {tag.is_active ? null : (
              <span
                className="rounded-full bg-red-100 px-2 py-0.5 text-xs font-semibold text-red-900"
                title={dashboardUi.status.inactiveHint}
              >
                {dashboardUi.status.inactive}
                <span className="sr-only">{` — ${dashboardUi.status.inactiveHint}`}</span>
              </span>
            )}
            {suspended ? (
              <span
                className="rounded-full bg-red-100 px-2 py-0.5 text-xs font-semibold text-red-900"
                title={dashboardUi.status.suspendedHint}
              >
                {dashboardUi.status.suspended}
                <span className="sr-only">{` — ${dashboardUi.status.suspendedHint}`}</span>
              </span>
            ) : null}
          </p>
        </div>
        <div className="flex flex-wrap items-center gap-1">
          {onShowQr ? (
            <Button variant="ghost" size="sm" aria-haspopup="dialog" onClick={() => onShowQr(tag)}>
              <Named label={actions.qr} name={tag.name} />
            </Button>
          ) : null}
          {onShowQr && !resident ? (
            <Link to={paths.editTag(tag.code)} className={buttonClasses('ghost', 'sm')}>
              <Named label={actions.edit} name={tag.name} />
            </Link>
          ) : null}
          {onDelete ? (
            // TAG-04: only the owner deletes; for a member the control stays, inactive.
            <Button
              variant="ghost"
              size="sm"
              className="hover:bg-red-50"
              disabled={!tag.isOwner}
              aria-haspopup="dialog"
              onClick={() => onDelete(tag)}
            >
              <span className="text-red-800">
                <Named label={actions.delete} name={tag.name} />
              </span>
            </Button>
          ) : null}
          {onLeave && !tag.isOwner ? (
            <Button variant="ghost" size="sm" aria-haspopup="dialog" onClick={() => onLeave(tag)}>
              <Named label={resident ? condoUi.residentView.leave : condoUi.leave} name={tag.name} />
            </Button>
          ) : null}
          {/* CONDO-14: the síndico's building, one tap from Meus Produtos. */}
          {tag.product_id === CONDOMINIUM_PRODUCT_ID && tag.isOwner ? (
            <Link to={paths.units(tag.code)} className={buttonClasses('secondary', 'sm')}>
              {condoUi.manage.nav}
            </Link>
          ) : null}
          <Button variant="ghost" size="sm" aria-expanded={expanded} aria-controls={detailId} onClick={onToggle}>
            <Named label={actions.details} name={tag.name} />
            <span aria-hidden="true">{expanded ? '▴' : '▾'}</span>
          </Button>
        </div>
      </div>
      {resident ? (
        <div className="px-3 pb-3">
          <ResidentUnit plateCode={tag.code} />
        </div>
      ) : null}
      <div id={detailId} hidden={!expanded}>
        {expanded ? <TagDetails tag={tag} /> : null}
      </div>
    </li>
  );
}
