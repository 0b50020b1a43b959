import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { MEMBERS_PER_UNIT } from '@toque/contracts/constants';
import type { Resident, Unit } from '@toque/contracts/condominium';
import { msg } from '@toque/contracts/messages';
import { paths } from '@toque/contracts/routes';
import { condoUi } from '@toque/contracts/admin-ui';
import { Button } from '../../../components/ui/button';
import { useOwnerUnits } from '../api/list-owner-units';
import { unitCode, unitDisplayName, unitOwnerStorage } from '../unit-display';
import { RemoveResidentDialog } from './remove-resident-dialog';
import { UnitNameForm } from './unit-name-form';

const card = 'rounded-2xl border border-slate-200 bg-white p-6 shadow-sm';

function Problem({ text, condoCode }: { text: string; condoCode: string | undefined }) {
  return (
    <div className="space-y-4">
      <p role="alert" className="rounded-lg bg-red-50 px-3 py-2 font-medium text-red-800">
        {text}
      </p>
      <Link to={condoCode ? paths.units(condoCode) : paths.products} className="tap-target font-semibold text-brand-700 underline">
        {condoCode ? condoUi.backToUnits : condoUi.backToProducts}
      </Link>
    </div>
  );
}

function Residents({ condoCode, unit }: { condoCode: string; unit: Unit }) {
  const [removing, setRemoving] = useState<Resident | null>(null);
  return (
    <section aria-labelledby="moradores" className={card}>
      <div className="mb-3 flex flex-wrap items-baseline justify-between gap-2">
        <h2 id="moradores" className="text-xl font-bold text-slate-900">
          {condoUi.headings.residents}
        </h2>
        <p className="font-semibold text-slate-800">{`${unit.residents.length}/${MEMBERS_PER_UNIT}`}</p>
      </div>
      {unit.residents.length === 0 ? (
        <p className="text-slate-700">{condoUi.residentsEmpty}</p>
      ) : (
        <ul className="divide-y divide-slate-200">
          {unit.residents.map((resident) => (
            <li key={resident.member_id} className="flex flex-wrap items-center justify-between gap-2 py-2">
              <p>
                <span className="block text-xs font-semibold tracking-wide text-slate-600 uppercase">
                  {condoUi.residentRole}
                </span>
                <span className="font-medium text-slate-900">{resident.user.first_name}</span>
              </p>
              <Button
                variant="ghost"
                size="sm"
                className="hover:bg-red-50"
                aria-haspopup="dialog"
                aria-label={condoUi.removeResidentLabel(resident.user.first_name)}
                onClick={() => setRemoving(resident)}
              >
                <span className="text-red-800">{condoUi.removeResident}</span>
              </Button>
            </li>
          ))}
        </ul>
      )}
      <RemoveResidentDialog
        condoCode={condoCode}
        unitNumber={unit.unit_number}
        resident={removing}
        onClose={() => setRemoving(null)}
      />
    </section>
  );
}

/** CONDO-04/05: rename a unit and remove its residents; the unit comes from the server or, after a reload, from localStorage. */
export function EditUnit({ condoCode, id }: { condoCode: string | undefined; id: string | undefined }) {
  const unitId = id && /^\d+$/.test(id) ? Number(id) : null;
  const units = useOwnerUnits(condoCode ?? '');
  const fromServer = units.data?.find((u) => u.unit_id === unitId);

  useEffect(() => {
    if (fromServer) unitOwnerStorage.save(fromServer);
  }, [fromServer]);

  if (!condoCode || unitId === null) return <Problem text={msg.unitParamsMissing} condoCode={condoCode} />;
  const unit = fromServer ?? unitOwnerStorage.read(unitId);
  if (!unit) {
    if (units.isPending) {
      return (
        <p role="status" className="py-6 text-slate-700">
          {msg.tagsLoading}
        </p>
      );
    }
    return <Problem text={msg.unitNotFound} condoCode={condoCode} />;
  }

  return (
    <div className="space-y-6">
      <div className="text-slate-700">
        <p className="text-lg font-semibold text-slate-900">{unitDisplayName(unit.unit_number)}</p>
        {unit.condominium_name ? <p>{unit.condominium_name}</p> : null}
        <p className="mt-1">
          {`${condoUi.associationCode}: `}
          <span className="font-mono font-semibold tracking-widest text-slate-900">{unitCode(unit.unit_number)}</span>
        </p>
      </div>
      <div className={card}>
        <UnitNameForm key={unit.unit_number} condoCode={condoCode} unit={unit} />
      </div>
      <Residents condoCode={condoCode} unit={unit} />
      <Link to={paths.units(condoCode)} className="tap-target font-semibold text-brand-700 underline">
        {condoUi.backToUnits}
      </Link>
    </div>
  );
}
