import { useId } from 'react';
import type { PublicTag } from '@toque/contracts/calls';
import { finderUnitName } from '@toque/contracts/finder-text';
import { useFinderText } from '../i18n';

/**
 * CALL-02: a condominium plate calls one unit's residents; the finder picks the unit first.
 * CONDO-10: a unit with nobody to ring is shown disabled with the reason, before any camera prompt.
 */
export function UnitPicker({
  units,
  value,
  onChange,
}: {
  units: PublicTag['units'];
  value: number | null;
  onChange: (unitId: number) => void;
}) {
  const name = useId();
  const { t } = useFinderText();
  if (units.length === 0) return null;
  return (
    <fieldset className="space-y-2">
      <legend className="mb-2 font-semibold text-slate-900">{t.chooseUnit}</legend>
      <ul className="grid grid-cols-2 gap-2 sm:grid-cols-3">
        {units.map((unit) => (
          <li key={unit.unit_id}>
            <label
              className={
                unit.reachable
                  ? 'flex cursor-pointer items-center gap-2 rounded-lg border border-slate-300 px-3 py-3 has-[:checked]:border-brand-700 has-[:checked]:bg-brand-50'
                  : 'flex cursor-not-allowed items-center gap-2 rounded-lg border border-dashed border-slate-300 bg-slate-50 px-3 py-3'
              }
            >
              <input
                type="radio"
                name={name}
                value={unit.unit_id}
                checked={value === unit.unit_id}
                disabled={!unit.reachable}
                aria-describedby={unit.reachable ? undefined : `${name}-${unit.unit_id}-why`}
                onChange={() => onChange(unit.unit_id)}
                className="size-4"
              />
              <span className="flex flex-col">
                <span className="font-medium text-slate-900">{finderUnitName(t, unit)}</span>
                {unit.reachable ? null : (
                  <span id={`${name}-${unit.unit_id}-why`} className="text-sm text-slate-700">
                    {t.unitNobody}
                  </span>
                )}
              </span>
            </label>
          </li>
        ))}
      </ul>
    </fieldset>
  );
}
