import { afterEach, describe, expect, it } from 'vitest';
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { storageKeys } from '@toque/contracts/constants';
import { paths } from '@toque/contracts/routes';
import { ui } from '@toque/contracts/ui';
import { session } from '../../../lib/session';
import { AccountMenu } from './account-menu';

function renderMenu() {
  const router = createMemoryRouter(
    [
      { path: paths.dashboard, element: <AccountMenu /> },
      { path: paths.account, element: <p>conta</p> },
      { path: paths.login, element: <p>login</p> },
    ],
    { initialEntries: [paths.dashboard] },
  );
  render(<RouterProvider router={router} />);
  return router;
}

afterEach(() => {
  if (session.getState().token) act(() => session.logout());
});

describe('account menu', () => {
  it('[DASH-03] [NAV-05] opens from the keyboard, shows the user name and closes on Escape', async () => {
    const user = userEvent.setup();
    act(() => {
      session.replaceToken('tok');
      session.setUserName('Maria Teste');
    });
    renderMenu();
    const avatar = screen.getByRole('button', { name: ui.buttons.accountMenu });
    expect(avatar.getAttribute('aria-expanded')).toBe('false');

    await user.tab();
    expect(document.activeElement).toBe(avatar);
    await user.keyboard('{Enter}');
    expect(avatar.getAttribute('aria-expanded')).toBe('true');
    expect(screen.getByText('Maria Teste')).toBeDefined();
    expect(screen.getByRole('link', { name: ui.buttons.editProfile }).getAttribute('href')).toBe(paths.account);

    await user.tab();
    expect(document.activeElement).toBe(screen.getByRole('link', { name: ui.buttons.editProfile }));
    await user.keyboard('{Escape}');
    expect(screen.queryByText('Maria Teste')).toBeNull();
    expect(document.activeElement).toBe(avatar);
  });

  it('[DASH-03] a click outside closes it', async () => {
    const user = userEvent.setup();
    act(() => session.replaceToken('tok'));
    renderMenu();
    await user.click(screen.getByRole('button', { name: ui.buttons.accountMenu }));
    expect(screen.getByRole('button', { name: ui.buttons.logout })).toBeDefined();
    await user.click(document.body);
    expect(screen.queryByRole('button', { name: ui.buttons.logout })).toBeNull();
  });

  it('[AUTH-06] [DASH-03] Sair removes the token and goes to /login', async () => {
    const user = userEvent.setup();
    act(() => session.replaceToken('tok'));
    const router = renderMenu();
    await user.click(screen.getByRole('button', { name: ui.buttons.accountMenu }));
    await user.click(screen.getByRole('button', { name: ui.buttons.logout }));
    expect(window.localStorage.getItem(storageKeys.authToken)).toBeNull();
    expect(session.getState().token).toBeNull();
    expect(router.state.location.pathname).toBe(paths.login);
  });
});
