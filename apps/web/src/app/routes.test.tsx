import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { act, render, screen } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { msg } from '@toque/contracts/messages';
import { paths } from '@toque/contracts/routes';
import { ui } from '@toque/contracts/ui';
import { queryClient } from '../lib/query-client';
import { session } from '../lib/session';
import { routes } from './routes';

const wait = { timeout: 5000 };

function renderAt(path: string) {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return router;
}

function heading(name: string) {
  return screen.findByRole('heading', { level: 1, name }, wait);
}

beforeAll(() => {
  // jsdom has no scrolling; ScrollRestoration calls it on every page.
  window.scrollTo = vi.fn();
});

afterEach(() => {
  if (session.getState().token) act(() => session.logout());
});

describe('routes', () => {
  // Pages that later issues build are only required to have an h1 (their title may change);
  // the account pages and the catalogue titles are exact.
  it.each([
    [paths.home, null],
    [paths.manual, null],
    [paths.privacy, null],
    [paths.terms, null],
    [paths.bracelets, null],
    [paths.collars, null],
    [paths.objects, null],
    [paths.doorbells, null],
    [paths.landing, null],
    [paths.comingSoon, msg.comingSoonTitle],
    [paths.onboarding('ABCD2345'), ui.headings.onboarding],
    [paths.finder('ABCD2345'), null],
    [paths.login, ui.headings.login],
    [paths.signUp, ui.headings.signUp],
    [paths.forgotPassword, ui.headings.forgotPassword],
    [paths.forgotPasswordSuccess, ui.headings.forgotPasswordSuccess],
    [paths.resetPassword, ui.headings.resetPassword],
    [paths.resetPasswordSuccess, ui.headings.resetPasswordSuccess],
  ])('[PUB-13] [AUTH-01] the public route %s is registered and has its own heading', async (path, title) => {
    const router = renderAt(path);
    if (title) await heading(title);
    else expect(await screen.findByRole('heading', { level: 1 }, wait)).toBeDefined();
    expect(router.state.location.pathname).toBe(path);
    expect(screen.queryByText(msg.notFoundTitle)).toBeNull();
  });

  it('[PUB-13] an unknown path shows the 404 page with a way back home', async () => {
    renderAt('/nao-existe/de-jeito-nenhum');
    await heading(msg.notFoundTitle);
    expect(screen.getByText(msg.notFoundText)).toBeDefined();
    expect(screen.getByRole('link', { name: ui.buttons.backHome }).getAttribute('href')).toBe('/');
  });

  /** [path, exact h1 or null when a later issue owns the page]. */
  const dashboardPages: Array<[string, string | null]> = [
    [paths.dashboard, ui.headings.dashboard],
    [paths.finance, null],
    [paths.account, ui.headings.account],
    [paths.accountAlias, ui.headings.account],
    [paths.dashboardManual, null],
    [paths.manualAlias, null],
    [paths.products, null],
    [paths.productsAlias, null],
    [paths.editTag('ABCD2345'), null],
    [paths.units('ABCD2345'), null],
    [paths.editUnit('ABCD2345', 7), null],
  ];

  it.each(dashboardPages)(
    '[DASH-01] [AUTH-02] %s sends an anonymous visitor to /login, remembering it',
    async (path) => {
      const router = renderAt(path);
      await heading(ui.headings.login);
      expect(router.state.location.pathname).toBe(paths.login);
      expect(router.state.location.state).toEqual({ from: { pathname: path, search: '', hash: '' } });
    },
  );

  it('[CALL-08] [AUTH-02] /call sends an anonymous visitor to /login, remembering the room to come back to', async () => {
    const router = renderAt(`${paths.call}?roomId=qualquer-coisa`);
    await heading(ui.headings.login);
    expect(router.state.location.pathname).toBe(paths.login);
    expect(router.state.location.state).toEqual({ from: { pathname: paths.call, search: '?roomId=qualquer-coisa', hash: '' } });
    expect(screen.queryByText(msg.callIncoming)).toBeNull();
  });

  it.each(dashboardPages)('[DASH-01] %s opens for a logged-in user', async (path, title) => {
    session.replaceToken('token-de-teste');
    const router = renderAt(path);
    if (title) await heading(title);
    else expect(await screen.findByRole('heading', { level: 1 }, wait)).toBeDefined();
    expect(router.state.location.pathname).toBe(path);
    expect(screen.getByRole('button', { name: ui.buttons.accountMenu })).toBeDefined();
  });

  it('[AUTH-01] a logged-in user who opens a guest page lands on the dashboard', async () => {
    session.replaceToken('token-de-teste');
    const router = renderAt(paths.signUp);
    await heading(ui.headings.dashboard);
    expect(router.state.location.pathname).toBe(paths.dashboard);
  });

  it('[AUTH-02] a login made on the login page is not overtaken by the guest redirect', async () => {
    const router = renderAt(paths.account);
    await heading(ui.headings.login);
    // What the login form does on success: the session starts, then the user goes back where they were.
    await act(async () => {
      session.replaceToken('token-de-teste');
      await router.navigate(paths.account, { replace: true });
    });
    await heading(ui.headings.account);
    expect(router.state.location.pathname).toBe(paths.account);
  });

  it('[AUTH-06] after a logout the login page remembers no origin', async () => {
    session.replaceToken('token-de-teste');
    const router = renderAt(paths.account);
    await heading(ui.headings.account);
    act(() => session.logout());
    await heading(ui.headings.login);
    expect(router.state.location.state).toBeNull();
  });
});
