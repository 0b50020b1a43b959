import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { msg } from '@toque/contracts/messages';
import { condoUi } from '@toque/contracts/admin-ui';
import { RemoveResidentDialog } from './remove-resident-dialog';

afterEach(() => vi.restoreAllMocks());

describe('remove-resident dialog', () => {
  it('[CONDO-04] a failure is shown inside the modal after Falha ao remover membro: ', async () => {
    const fetch = vi
      .spyOn(globalThis, 'fetch')
      .mockResolvedValue(
        new Response(JSON.stringify({ message: 'Morador não encontrado.' }), {
          status: 404,
          headers: { 'Content-Type': 'application/json' },
        }),
      );
    const user = userEvent.setup();
    const onClose = vi.fn();
    render(
      <QueryClientProvider client={new QueryClient()}>
        <RemoveResidentDialog
          condoCode="AB23CD45"
          unitNumber="Apto 101-XY23ZW45"
          resident={{ user: { first_name: 'Bruno', user_id: 'u2' }, member_id: 9 }}
          onClose={onClose}
        />
      </QueryClientProvider>,
    );
    const dialog = screen.getByRole('alertdialog', { name: condoUi.removeTitle });
    // Cancel has the focus: Enter does no harm.
    expect(document.activeElement).toBe(within(dialog).getByRole('button', { name: condoUi.cancel }));
    await user.click(within(dialog).getByRole('button', { name: condoUi.removeConfirm }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe(
      `${msg.removeMemberFailurePrefix}Morador não encontrado.`,
    );
    expect(onClose).not.toHaveBeenCalled();
    const [, init] = fetch.mock.calls[0]!;
    expect(init?.method).toBe('DELETE');
    expect(JSON.parse(init?.body as string)).toEqual({ memberId: 9, unit_number: 'Apto 101-XY23ZW45' });
  });
});
