import { Link } from 'react-router';
import { condoUi } from '@toque/contracts/admin-ui';
import { doorUi } from '@toque/contracts/door';
import { paths } from '@toque/contracts/routes';
import { useMyUnits } from '../api/list-my-units';
import { UnitQuietHoursForm } from './call-settings';

const labels = condoUi.residentView;

/** 'Você, Ana e Bruno': the unit's residents by first name, the user first. */
function residentNames(residents: { first_name: string; is_me: boolean }[]): string {
  const names = [...residents.filter((r) => r.is_me).map(() => labels.you), ...residents.filter((r) => !r.is_me).map((r) => r.first_name)];
  if (names.length <= 1) return names.join('');
  return `${names.slice(0, -1).join(', ')} e ${names.at(-1)}`;
}

/**
 * CONDO-11: a resident's own view of a condominium plate — the building and their unit by name,
 * and who else lives there — instead of links to the síndico's pages, which would only refuse.
 */
export function ResidentUnit({ plateCode }: { plateCode: string }) {
  const query = useMyUnits({ enabled: true });
  if (query.isPending) {
    return (
      <p role="status" className="text-sm text-slate-700">
        {labels.loading}
      </p>
    );
  }
  if (query.isError) {
    // A failed load says so, instead of leaving the resident's unit silently out of the row.
    return (
      <p role="alert" className="rounded-lg bg-red-50 px-3 py-2 text-sm font-medium text-red-800">
        {query.error.message}
      </p>
    );
  }
  const mine = query.data.filter((u) => u.plate_code.toUpperCase() === plateCode.toUpperCase());
  if (mine.length === 0) return null;
  return (
    <div className="space-y-2" data-testid="resident-unit">
      {mine.map((unit) => {
        const others = unit.residents.filter((r) => !r.is_me);
        return (
          <div key={unit.unit_id} className="rounded-lg bg-brand-50 px-3 py-2 text-slate-900">
            <p className="font-semibold">
              <span className="sr-only">{`${labels.label}: `}</span>
              {`${unit.condominium_name} · ${labels.unit(unit.unit_name)}`}
            </p>
            <p className="text-sm text-slate-700">
              {others.length === 0 ? labels.alone : `${labels.residents}: ${residentNames(unit.residents)}`}
            </p>
            {/* CONDO-15 / CONDO-16: the unit's deliveries and expected visitors. */}
            <Link to={paths.myUnit(unit.unit_id)} className="tap-target text-sm font-semibold text-brand-700 underline">
              {doorUi.openMyUnit}
            </Link>
            {/* FIND-07: the unit's quiet hours, chosen by its residents. */}
            <div className="mt-3">
              <UnitQuietHoursForm unitId={unit.unit_id} unitName={unit.unit_name ?? labels.unit(null)} />
            </div>
          </div>
        );
      })}
    </div>
  );
}
