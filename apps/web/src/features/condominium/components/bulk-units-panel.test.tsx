import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { condoUi } from '@toque/contracts/admin-ui';
import { BULK_REFUSALS_SHOWN, bulkMsg, type BulkUnitsResponse } from '@toque/contracts/units-bulk';
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
});
