import { useId, useState } from 'react';
import type { PublicTag } from '@toque/contracts/calls';
import { finderUnitName } from '@toque/contracts/finder-text';
import { useFinderText } from '../i18n';

type Unit = PublicTag['units'][number];

/** The reachable units by block, in the server's order (CONDO-13: by block, none first, then by name). */
function byBlock(units: Unit[]): { block: string | null; units: Unit[] }[] {
  const groups: { block: string | null; units: Unit[] }[] = [];
  for (const unit of units) {
    const last = groups.at(-1);
    if (last && last.block === unit.block) last.units.push(unit);
    else groups.push({ block: unit.block, units: [unit] });
  }
  return groups;
}

const card =
  'flex min-h-11 cursor-pointer items-center gap-2 rounded-lg border border-slate-300 px-3 py-3 has-[:checked]:border-brand-700 has-[:checked]:bg-brand-50';

/**
 * CALL-02: a condominium plate calls one unit's residents; the finder picks the unit first.
 * CONDO-10 / CONDO-13: only units someone can answer are offered, the others are said in one
 * neutral line (CONDO-19: not counted); units in more than one block are picked block first, then unit.
 *
 * Every block's units are in the server's HTML (PERF-05), the groups not chosen `hidden`: a block
 * tapped before the app runs starts it (the island starts it on the finger's pointerdown) and is
 * handed over to it like any radio (finder-island.ts), and React shows that block's units.
 */
export function UnitPicker({
  units,
  unlisted = false,
  value,
  onChange,
}: {
  units: PublicTag['units'];
  /** CONDO-19: the server does not send the units nobody answers, only that there are some (`units_unlisted`). */
  unlisted?: boolean | undefined;
  value: number | null;
  onChange: (unitId: number | null) => void;
}) {
  const blockName = useId();
  const unitName = useId();
  const { t } = useFinderText();
  const reachable = units.filter((u) => u.reachable);
  const groups = byBlock(reachable);
  const [block, setBlock] = useState<number | null>(() => {
    const i = groups.findIndex((g) => g.units.some((u) => u.unit_id === value));
    return i === -1 ? null : i;
  });
  const notYet = unlisted || reachable.length < units.length;
  if (units.length === 0 && !notYet) return null;
  // CONDO-19: never how many — a count tells a stranger at the gate which flats are empty.
  const line = notYet ? <p className="text-sm text-slate-700">{t.unitsNotListed}</p> : null;
  if (groups.length === 0) return line;
  const several = groups.length > 1;

  return (
    <div className="space-y-4">
      {several ? (
        <fieldset>
          <legend className="mb-2 font-semibold text-slate-900">{t.chooseBlock}</legend>
          <ul className="grid grid-cols-2 gap-2 sm:grid-cols-3">
            {groups.map((group, i) => (
              <li key={group.block ?? ''}>
                <label className={card}>
                  <input
                    type="radio"
                    name={blockName}
                    value={i}
                    checked={block === i}
                    onChange={() => {
                      setBlock(i);
                      // A unit of another block is not the one the finder means any more.
                      if (value !== null && !group.units.some((u) => u.unit_id === value)) onChange(null);
                    }}
                    className="size-4"
                  />
                  <span className="font-medium text-slate-900">{group.block ?? t.noBlock}</span>
                </label>
              </li>
            ))}
          </ul>
        </fieldset>
      ) : null}
      {groups.map((group, i) => (
        <fieldset key={group.block ?? ''} hidden={several && block !== i}>
          <legend className="mb-2 font-semibold text-slate-900">{t.chooseUnit}</legend>
          <ul className="grid grid-cols-2 gap-2 sm:grid-cols-3">
            {group.units.map((unit) => (
              <li key={unit.unit_id}>
                <label className={card}>
                  <input
                    type="radio"
                    name={unitName}
                    value={unit.unit_id}
                    checked={value === unit.unit_id}
                    onChange={() => onChange(unit.unit_id)}
                    className="size-4"
                  />
                  <span className="font-medium text-slate-900">{finderUnitName(t, unit)}</span>
                </label>
              </li>
            ))}
          </ul>
        </fieldset>
      ))}
      {line}
    </div>
  );
}
