import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { PublicTag } from '@toque/contracts/calls';
import { finderText } from '@toque/contracts/finder-text';
import { FinderLangProvider } from '../i18n';
import { UnitPicker } from './unit-picker';

const pt = finderText['pt-BR'];

/** The server's order (CONDO-13): no block first, then by block, then by name. */
const units: PublicTag['units'] = [
  { unit_id: 1, name: 'Portaria', block: null, reachable: true },
  { unit_id: 2, name: '101', block: 'Bloco A', reachable: true },
  { unit_id: 3, name: '102', block: 'Bloco A', reachable: false },
  { unit_id: 4, name: '101', block: 'Bloco B', reachable: true },
  { unit_id: 5, name: '1001', block: 'Bloco B', reachable: true },
  { unit_id: 6, name: '201', block: 'Bloco C', reachable: false },
];

/** The picker as the call panel holds it: the chosen unit is the panel's state. */
function Picker({
  of,
  unlisted,
  chosen,
}: {
  of: PublicTag['units'];
  unlisted?: boolean;
  chosen: (id: number | null) => void;
}) {
  const [value, setValue] = useState<number | null>(null);
  return (
    <UnitPicker
      units={of}
      unlisted={unlisted}
      value={value}
      onChange={(id) => {
        setValue(id);
        chosen(id);
      }}
    />
  );
}

describe('the unit picker of a condominium plate (CONDO-13)', () => {
  it('[CONDO-13] units in several blocks: the block first, then its units; the units nobody answers are one line', async () => {
    const user = userEvent.setup();
    const seen: (number | null)[] = [];
    render(<Picker of={units} chosen={(id) => seen.push(id)} />);

    // Only blocks with someone to answer are offered; 'Bloco C' has nobody yet, no unit is shown yet.
    const blocks = screen.getByRole('group', { name: pt.chooseBlock });
    expect(
      within(blocks)
        .getAllByRole('radio')
        .map((r) => r.parentElement?.textContent),
    ).toEqual([pt.noBlock, 'Bloco A', 'Bloco B']);
    expect(screen.queryByRole('group', { name: pt.chooseUnit })).toBeNull();
    expect(screen.getByText(pt.unitsNotListed)).toBeDefined();

    await user.click(screen.getByRole('radio', { name: 'Bloco B' }));
    const unitsOfB = screen.getByRole('group', { name: pt.chooseUnit });
    expect(
      within(unitsOfB)
        .getAllByRole('radio')
        .map((r) => r.parentElement?.textContent),
    ).toEqual(['101', '1001']);
    await user.click(within(unitsOfB).getByRole('radio', { name: '1001' }));
    expect(within(unitsOfB).getByRole<HTMLInputElement>('radio', { name: '1001' }).checked).toBe(true);
    expect(seen).toEqual([5]);

    // Another block: the unit chosen in the first is no longer chosen.
    await user.click(screen.getByRole('radio', { name: 'Bloco A' }));
    expect(seen).toEqual([5, null]);
    const unitsOfA = screen.getByRole('group', { name: pt.chooseUnit });
    expect(
      within(unitsOfA)
        .getAllByRole('radio')
        .map((r) => r.parentElement?.textContent),
    ).toEqual(['101']);
    expect(within(unitsOfA).getByRole<HTMLInputElement>('radio', { name: '101' }).checked).toBe(false);
    // Only the chosen block's units are there to be read.
    expect(screen.queryByRole('radio', { name: '1001' })).toBeNull();
    await user.click(within(unitsOfA).getByRole('radio', { name: '101' }));
    expect(seen).toEqual([5, null, 2]);
  });

  it('[CONDO-13] one block: straight to its units; the block radios and unit radios are separate groups', () => {
    render(<Picker of={units.filter((u) => u.block === 'Bloco B')} chosen={() => undefined} />);
    expect(screen.queryByRole('group', { name: pt.chooseBlock })).toBeNull();
    const group = screen.getByRole('group', { name: pt.chooseUnit });
    expect(within(group).getAllByRole('radio')).toHaveLength(2);
    expect(screen.queryByText(/ainda não/)).toBeNull();
  });

  it('[CONDO-13] a plate whose units nobody can answer yet says so in one line and offers nothing', () => {
    render(<Picker of={units.filter((u) => !u.reachable)} chosen={() => undefined} />);
    expect(screen.queryAllByRole('radio')).toEqual([]);
    expect(screen.queryByRole('group')).toBeNull();
    expect(screen.getByText(pt.unitsNotListed)).toBeDefined();
  });

  it('[CONDO-19] as the server sends a plate (only the units someone answers, and a flag that others exist): the line, never a count', () => {
    const { unmount } = render(<Picker of={units.filter((u) => u.reachable)} unlisted chosen={() => undefined} />);
    expect(screen.getByRole('group', { name: pt.chooseBlock })).toBeDefined();
    expect(screen.getByText(pt.unitsNotListed)).toBeDefined();
    unmount();
    // Nobody answers anywhere yet: nothing is sent but the flag, and the page still says the line.
    render(<Picker of={[]} unlisted chosen={() => undefined} />);
    expect(screen.queryAllByRole('radio')).toEqual([]);
    expect(screen.getByText(pt.unitsNotListed)).toBeDefined();
  });

  it('[CONDO-13] [FIND-03] in English and Spanish: the blocks, the units without one and the line', () => {
    for (const lang of ['en', 'es'] as const) {
      const t = finderText[lang];
      const { unmount } = render(
        <FinderLangProvider initial={lang}>
          <Picker of={units} chosen={() => undefined} />
        </FinderLangProvider>,
      );
      expect(screen.getByRole('group', { name: t.chooseBlock })).toBeDefined();
      expect(screen.getByRole('radio', { name: t.noBlock })).toBeDefined();
      expect(screen.getByText(t.unitsNotListed)).toBeDefined();
      unmount();
    }
  });
});
