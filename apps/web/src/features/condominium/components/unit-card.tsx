import { Link } from 'react-router';
import { MEMBERS_PER_UNIT } from '@toque/contracts/constants';
import type { Unit } from '@toque/contracts/condominium';
import { paths } from '@toque/contracts/routes';
import { condoUi } from '@toque/contracts/admin-ui';
import { Button, buttonClasses } from '../../../components/ui/button';
import { notify } from '../../../lib/toast';
import { unitCode, unitDisplayName } from '../unit-display';
import { UnitInvite } from './unit-invite';

interface UnitCardProps {
  condoCode: string;
  unit: Unit;
  onRegenerate: (unit: Unit) => void;
}

/** The visible label, then the unit's name for screen readers: 'Editar: Apto 101'. */
function Named({ label, name }: { label: string; name: string }) {
  return (
    <>
      {label}
      <span className="sr-only">{`: ${name}`}</span>
    </>
  );
}

async function copy(code: string) {
  try {
    await navigator.clipboard.writeText(code);
    notify.success(condoUi.copied);
  } catch {
    notify.info(condoUi.copyFailed);
  }
}

/** CONDO-02/03/08/13/14: one unit — block and name, association code (copy), residents n/3, edit, a new code, residents by e-mail. */
export function UnitCard({ condoCode, unit, onRegenerate }: UnitCardProps) {
  const name = unitDisplayName(unit.unit_number);
  const code = unitCode(unit.unit_number);
  const count = unit.residents.length;
  return (
    <li data-unit-id={unit.unit_id} className="flex flex-col gap-3 rounded-xl border border-slate-200 bg-white p-4">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <h2 className="text-lg font-semibold text-slate-900">
          {unit.block ? <span className="block text-sm font-medium text-slate-700">{unit.block}</span> : null}
          {name}
        </h2>
        <p className="flex flex-wrap items-center gap-2 text-sm">
          <span className="font-semibold text-slate-800">{condoUi.residentsCount(count, MEMBERS_PER_UNIT)}</span>
          {count === 0 ? (
            <span className="rounded-full bg-amber-100 px-2 py-0.5 text-xs font-semibold text-amber-900">
              {condoUi.nobodyToCall}
            </span>
          ) : null}
        </p>
      </div>
      <div className="flex flex-wrap items-center gap-2">
        <span className="text-sm text-slate-700">{condoUi.associationCode}:</span>
        <span
          data-unit-code=""
          className="rounded bg-slate-100 px-2 py-1 font-mono text-base font-bold tracking-widest text-slate-900"
        >
          {code}
        </span>
        <Button variant="ghost" size="sm" onClick={() => void copy(code)}>
          <Named label={condoUi.copyCode} name={name} />
        </Button>
      </div>
      <div className="flex flex-wrap gap-2">
        <Link to={paths.editUnit(condoCode, unit.unit_id)} className={buttonClasses('secondary', 'sm')}>
          <Named label={condoUi.edit} name={name} />
        </Link>
        <Button variant="ghost" size="sm" aria-haspopup="dialog" onClick={() => onRegenerate(unit)}>
          <Named label={condoUi.regenerate} name={name} />
        </Button>
      </div>
      <UnitInvite condoCode={condoCode} unit={unit} name={unit.block ? `${unit.block} - ${name}` : name} />
    </li>
  );
}
