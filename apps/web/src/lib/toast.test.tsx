import { describe, expect, it } from 'vitest';
import { act, render, screen, waitFor } from '@testing-library/react';
import { ToastContainer } from 'react-toastify';
import { notify, toastContainerProps } from './toast';

/** The toasts currently shown: react-toastify gives a toast its role only while it is in. */
const shownToasts = () => screen.queryAllByRole('alert').map((toast) => toast.textContent);

describe('toasts', () => {
  it('[API-05] the close button and the notifications region are announced in Portuguese', async () => {
    render(<ToastContainer {...toastContainerProps} />);
    act(() => notify.error('Erro ao salvar.'));
    const close = await screen.findByRole('button', { name: 'Fechar notificação' });
    expect(close.closest('[role="alert"]')?.textContent).toContain('Erro ao salvar.');
    expect(screen.queryByRole('button', { name: 'close' })).toBeNull();
    expect(document.querySelector('section.Toastify')?.getAttribute('aria-label')).toBe('Notificações (Alt+T)');
  });

  it('[API-05] a success closes the error toasts still shown; other successes stay', async () => {
    render(<ToastContainer {...toastContainerProps} />);
    act(() => notify.success('Primeiro salvo.'));
    act(() => notify.error('Falha no login. Verifique suas credenciais.'));
    await waitFor(() =>
      expect(shownToasts()).toEqual(
        expect.arrayContaining(['Falha no login. Verifique suas credenciais.', 'Primeiro salvo.']),
      ),
    );

    act(() => notify.success('Login realizado com sucesso'));
    await waitFor(() => expect(shownToasts()).toContain('Login realizado com sucesso'));
    await waitFor(() => expect(shownToasts()).not.toContain('Falha no login. Verifique suas credenciais.'));
    expect(shownToasts()).toContain('Primeiro salvo.');
  });
});
