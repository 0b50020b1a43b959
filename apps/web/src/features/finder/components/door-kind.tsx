import { useId } from 'react';
import { useDoorText } from '../door-text';

export type DoorKind = 'visit' | 'delivery';

const card =
  'flex min-h-11 cursor-pointer items-center gap-2 rounded-lg border border-slate-300 px-3 py-3 has-[:checked]:border-brand-700 has-[:checked]:bg-brand-50';

/**
 * CONDO-15: at a plate the visitor first says why they came — a visit rings a unit (the flow as
 * before, chosen by default), a delivery notifies it. Radios, so they work before the app runs and
 * are handed over to it (finder-island.ts).
 */
export function DoorKindPicker({ value, onChange }: { value: DoorKind; onChange: (kind: DoorKind) => void }) {
  const name = useId();
  const d = useDoorText();
  const options: [DoorKind, string][] = [
    ['visit', d.visit],
    ['delivery', d.delivery],
  ];
  return (
    <fieldset>
      <legend className="mb-2 font-semibold text-slate-900">{d.chooseKind}</legend>
      <div className="grid grid-cols-2 gap-2">
        {options.map(([kind, label]) => (
          <label key={kind} className={card}>
            <input
              type="radio"
              name={name}
              value={kind}
              checked={value === kind}
              onChange={() => onChange(kind)}
              className="size-4"
            />
            <span className="font-medium text-slate-900">{label}</span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}
