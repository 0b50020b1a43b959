import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { storageKeys } from '@toque/contracts/constants';
import { paths } from '@toque/contracts/routes';
import { ui } from '@toque/contracts/ui';
import { adminUi } from '@toque/contracts/admin-ui';
import { EXPORT_FILENAME } from '@toque/contracts/admin';
import { session } from '../../../lib/session';
import { AccountMenu } from './account-menu';

/** The URL of a fetch call (the API client always passes a string). */
const urlOf = (input: RequestInfo | URL): string =>
  typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;

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
  vi.restoreAllMocks();
});

/** A session whose user is loaded, admin or not (what ensureUser does on a real page). */
async function loggedIn(admin: boolean) {
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input) =>
    urlOf(input).endsWith('/profile/isToqueAdmin')
      ? new Response(JSON.stringify({ toqueAdmin: admin }), { status: 200 })
      : new Response(JSON.stringify({ userName: 'Ana Admin' }), { status: 200 }),
  );
  await act(async () => {
    await session.login('tok');
  });
}

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

  it('[DASH-03] [ADM-04] an admin downloads the spreadsheet as relatorio.xlsx', async () => {
    const user = userEvent.setup();
    await loggedIn(true);
    renderMenu();
    vi.mocked(globalThis.fetch).mockResolvedValue(new Response('xlsx', { status: 200 }));
    URL.createObjectURL = vi.fn(() => 'blob:relatorio');
    URL.revokeObjectURL = vi.fn();
    const clicked: HTMLAnchorElement[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push(this);
    });
    await user.click(screen.getByRole('button', { name: ui.buttons.accountMenu }));
    await user.click(screen.getByRole('button', { name: adminUi.downloadReport }));
    await waitFor(() => expect(clicked).toHaveLength(1));
    expect(clicked[0]!.download).toBe(EXPORT_FILENAME);
    expect(clicked[0]!.href).toBe('blob:relatorio');
    const [url, init] = vi.mocked(globalThis.fetch).mock.calls.at(-1)!;
    expect(urlOf(url)).toBe('/api/export/excel');
    expect((init?.headers as Record<string, string>).Authorization).toBe('Bearer tok');
  });

  it('[DASH-03] a failed download is only logged as a warning; a customer has no such button', async () => {
    const user = userEvent.setup();
    await loggedIn(true);
    renderMenu();
    vi.mocked(globalThis.fetch).mockResolvedValue(new Response('{"message":"x"}', { status: 500 }));
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const error = vi.spyOn(console, 'error');
    await user.click(screen.getByRole('button', { name: ui.buttons.accountMenu }));
    await user.click(screen.getByRole('button', { name: adminUi.downloadReport }));
    await waitFor(() => expect(warn).toHaveBeenCalled());
    expect(error).not.toHaveBeenCalled();

    act(() => session.logout());
    await loggedIn(false);
    await user.click(screen.getByRole('button', { name: ui.buttons.accountMenu }));
    expect(screen.getByRole('button', { name: ui.buttons.logout })).toBeDefined();
    expect(screen.queryByRole('button', { name: adminUi.downloadReport })).toBeNull();
  });
});
