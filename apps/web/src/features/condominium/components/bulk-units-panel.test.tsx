import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { condoUi } from '@toque/contracts/admin-ui';
import { BULK_REFUSALS_SHOWN, bulkMsg, type BulkUnitsResponse } from '@toque/contracts/units-bulk';
import { formatReais } from '@toque/contracts/money';
import { BulkUnitsPanel } from './bulk-units-panel';

afterEach(() => vi.restoreAllMocks());
const t = condoUi.manage.bulk;

describe('bulk units panel', () => {
  it('[SEC-09] [CONDO-12] a preview of 799 refused lines lists the 100 the server sent, counts the rest, and offers no confirmation', async () => {
    const preview: BulkUnitsResponse = {
      units: [{ block: null, name: 'X1', emails: [] }],
      refused: Array.from({ length: BULK_REFUSALS_SHOWN }, (_, i) => ({
        line: i + 2,
        text: 'X1',
        reason: bulkMsg.duplicateInList,
      })),
      refused_total: 799,
      matched: [],
      matched_total: 0,
      current_monthly_cents: 1990,
      new_monthly_cents: 1990,
      created: 0,
      residents_added: 0,
      invitations_sent: 0,
      message: '',
    };
    vi.spyOn(globalThis, 'fetch').mockResolvedValue(
      new Response(JSON.stringify(preview), { status: 200, headers: { 'Content-Type': 'application/json' } }),
    );
    const user = userEvent.setup();
    render(
      <QueryClientProvider client={new QueryClient()}>
        <BulkUnitsPanel condoCode="AB23CD45" onDone={() => {}} />
      </QueryClientProvider>,
    );
    await user.type(screen.getByLabelText(t.text), 'X1');
    await user.click(screen.getByRole('button', { name: t.preview }));
    const alert = await screen.findByRole('alert');
    expect(alert.querySelector('p')!.textContent).toBe(t.refusedTitle(799));
    expect(alert.querySelectorAll('li')).toHaveLength(BULK_REFUSALS_SHOWN);
    expect(alert.textContent).toContain(t.refusedMore(699));
    expect(screen.queryByRole('button', { name: t.confirm(1) })).toBeNull();
  });

  async function previewOf(preview: BulkUnitsResponse) {
    vi.spyOn(globalThis, 'fetch').mockResolvedValue(
      new Response(JSON.stringify(preview), { status: 200, headers: { 'Content-Type': 'application/json' } }),
    );
    const user = userEvent.setup();
    render(
      <QueryClientProvider client={new QueryClient()}>
        <BulkUnitsPanel condoCode="AB23CD45" onDone={() => {}} />
      </QueryClientProvider>,
    );
    await user.type(screen.getByLabelText(t.text), '101-104');
    await user.click(screen.getByRole('button', { name: t.preview }));
    return screen.findByTestId('bulk-preview');
  }
  const empty = { refused: [], refused_total: 0, created: 0, residents_added: 0, invitations_sent: 0, message: '' };

  it('[CONDO-19] [FIN-07] the preview names the lines that match existing units and says the new monthly price; the confirmation counts only the new units', async () => {
    const preview = await previewOf({
      ...empty,
      units: [
        { block: null, name: '103', emails: [] },
        { block: null, name: '104', emails: [] },
      ],
      matched: [
        { line: 1, name: '101', existing: 'Apto 101' },
        { line: 1, name: '102', existing: 'Apto 102' },
      ],
      matched_total: 2,
      current_monthly_cents: 3980,
      new_monthly_cents: 7960,
    });
    expect(preview.textContent).toContain(t.summary(2));
    expect(preview.textContent).toContain(t.matchedTitle(2));
    const lines = [...preview.querySelectorAll('[data-testid="bulk-matched"] li')].map((li) => li.textContent);
    expect(lines).toEqual([t.matchedLine('101', 'Apto 101'), t.matchedLine('102', 'Apto 102')]);
    expect(preview.textContent).toContain(t.price(formatReais(3980), formatReais(7960)));
    expect(t.price(formatReais(3980), formatReais(7960))).toBe('A mensalidade passa de R$ 39,80 para R$ 79,60.');
    expect(screen.getByRole('button', { name: t.confirm(2) })).toBeTruthy();
  });

  it('[CONDO-19] a list whose units all exist says so and offers nothing to confirm', async () => {
    const preview = await previewOf({
      ...empty,
      units: [],
      matched: [{ line: 1, name: '101', existing: 'Apto 101' }],
      matched_total: 1,
      current_monthly_cents: 1990,
      new_monthly_cents: 1990,
    });
    expect(preview.textContent).toContain(t.nothingNew);
    expect(preview.textContent).toContain(t.matchedLine('101', 'Apto 101'));
    expect(preview.textContent).toContain(t.priceSame(formatReais(1990)));
    expect(screen.queryByRole('button', { name: /^Criar/ })).toBeNull();
  });
});
