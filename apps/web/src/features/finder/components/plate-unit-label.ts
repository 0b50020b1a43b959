import type { PublicTag } from '@toque/contracts/calls';
import { finderUnitName, type FinderText } from '@toque/contracts/finder-text';

/** A plate's unit as the visitor reads it: its block too when it has one ("Bloco A · 101"). */
export function plateUnitLabel(t: FinderText, unit: PublicTag['units'][number]): string {
  const name = finderUnitName(t, unit);
  return unit.block ? `${unit.block} · ${name}` : name;
}
