import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClientProvider } from '@tanstack/react-query';
import { ToastContainer } from 'react-toastify';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { GOOGLE_FROM_KEY, googleMsg } from '@toque/contracts/google-sign-in';
import { msg } from '@toque/contracts/messages';
import { paths } from '@toque/contracts/routes';
import { ui } from '@toque/contracts/ui';
import { queryClient } from '../../../lib/query-client';
import { LoginForm } from './login-form';

function renderLogin(entry: string = paths.login) {
  const router = createMemoryRouter(
    [
      { path: paths.login, element: <LoginForm /> },
      { path: paths.home, element: <p>início</p> },
      { path: paths.dashboard, element: <p>painel</p> },
    ],
    { initialEntries: [entry] },
  );
  render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
      <ToastContainer />
    </QueryClientProvider>,
  );
  return router;
}

afterEach(() => {
  vi.unstubAllGlobals();
  // GET /api/config is kept for the page's life: each test answers it anew.
  queryClient.clear();
  window.localStorage.clear();
  window.sessionStorage.clear();
});

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

/** A stand-in API: GET /api/config says whether Google is configured; `session` answers POST /api/auth/google/session. */
function googleApi(googleSignIn: boolean, session: () => Response = () => json({ data: { token: 'token-google' } })) {
  return vi.fn((url: string) => {
    if (url === '/api/config') return Promise.resolve(json({ googleSignIn, map: { tileUrl: '', attribution: '' } }));
    if (url === '/api/auth/google/session') return Promise.resolve(session());
    return Promise.resolve(json({ userName: 'Beatriz', isToqueAdmin: false }));
  });
}

/** GET /api/config answered (Google off) before `rest` sees a call: for the tests about the form itself. */
function besidesConfig(rest: (url: string, init: RequestInit) => Promise<Response>) {
  return (url: string, init: RequestInit) =>
    url === '/api/config'
      ? Promise.resolve(json({ googleSignIn: false, map: { tileUrl: '', attribution: '' } }))
      : rest(url, init);
}

const calls = (fetch: ReturnType<typeof googleApi>, url: string) => fetch.mock.calls.filter(([u]) => u === url).length;

describe('login form', () => {
  it('[AUTH-03] validates on submit: each error under its field, wired for screen readers, nothing sent', async () => {
    const fetch = vi.fn();
    vi.stubGlobal('fetch', besidesConfig(fetch));
    const user = userEvent.setup();
    renderLogin();

    const email = screen.getByLabelText(ui.fields.login, { exact: true });
    expect(email.getAttribute('aria-invalid')).toBeNull();
    await user.click(screen.getByRole('button', { name: ui.buttons.login }));

    const errors = await screen.findAllByText(msg.required);
    expect(errors).toHaveLength(2);
    const password = screen.getByLabelText(ui.fields.password, { exact: true });
    for (const input of [email, password]) {
      expect(input.getAttribute('aria-invalid')).toBe('true');
      const describedBy = input.getAttribute('aria-describedby') ?? '';
      expect(document.getElementById(describedBy)?.textContent).toBe(msg.required);
    }
    expect(fetch).not.toHaveBeenCalled();
  });

  it('[AUTH-04] a refused login shows the catalogue failure toast and stays; an answer without token says so', async () => {
    const fetch = vi
      .fn()
      .mockResolvedValueOnce(new Response(JSON.stringify({ message: 'E-mail ou senha incorretos.' }), { status: 401 }))
      .mockResolvedValueOnce(new Response(JSON.stringify({ data: {} }), { status: 200 }));
    vi.stubGlobal('fetch', besidesConfig(fetch));
    const user = userEvent.setup();
    const router = renderLogin();

    await user.type(screen.getByLabelText(ui.fields.login, { exact: true }), 'maria@exemplo.com.br');
    await user.type(screen.getByLabelText(ui.fields.password, { exact: true }), 'errada');
    await user.click(screen.getByRole('button', { name: ui.buttons.login }));
    expect(await screen.findByText(msg.loginFailure)).toBeDefined();
    const [, init] = fetch.mock.calls[0] as [string, RequestInit];
    expect(JSON.parse(init.body as string)).toEqual({
      email: 'maria@exemplo.com.br',
      password: 'errada',
      platform: 'web',
      token: '',
    });

    // The second attempt waits out the 1 s spacing of POST /auth/login (API-02).
    await user.click(screen.getByRole('button', { name: ui.buttons.login }));
    expect(await screen.findByText(msg.loginNoToken, undefined, { timeout: 3000 })).toBeDefined();
    expect(router.state.location.pathname).toBe(paths.login);
    expect(window.localStorage.getItem('authToken')).toBeNull();
  });

  it('[ACC-04] a rate-limited login (429) says how many minutes to wait, not that the credentials are wrong', async () => {
    // A real HTTP server answering as the API's rate limit does: 429, Retry-After, { message }.
    const server: Server = createServer((request, response) => {
      request.resume();
      request.on('end', () => {
        response.writeHead(429, { 'Content-Type': 'application/json', 'Retry-After': '120' });
        response.end(JSON.stringify({ message: 'Muitas tentativas. Aguarde um pouco e tente novamente.' }));
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const realFetch = globalThis.fetch;
    const paths: string[] = [];
    // The app calls relative '/api/…' URLs, as a browser page does; Node's fetch needs the origin.
    vi.stubGlobal(
      'fetch',
      besidesConfig((url: string, init: RequestInit) => {
        paths.push(url);
        return realFetch(new URL(url, origin), init);
      }),
    );
    try {
      const user = userEvent.setup();
      renderLogin();
      await user.type(screen.getByLabelText(ui.fields.login, { exact: true }), 'maria@exemplo.com.br');
      await user.type(screen.getByLabelText(ui.fields.password, { exact: true }), 'certa-123');
      await user.click(screen.getByRole('button', { name: ui.buttons.login }));

      expect(await screen.findByText('Muitas tentativas. Tente novamente em 2 minutos.')).toBeDefined();
      expect(screen.queryByText('Falha no login. Verifique suas credenciais.')).toBeNull();
      expect(paths).toEqual(['/api/auth/login']);
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });

  it('[AUTH-16] without Google sign-in configured there is no Google button, nor its "ou" divider', async () => {
    const fetch = googleApi(false);
    vi.stubGlobal('fetch', fetch);
    renderLogin();
    await waitFor(() => expect(queryClient.getQueryState(['public-config'])?.status).toBe('success'));
    expect(screen.queryByRole('link', { name: ui.buttons.google })).toBeNull();
    expect(screen.queryByRole('button', { name: ui.buttons.google })).toBeNull();
    expect(screen.queryByText(googleMsg.consent)).toBeNull();
    expect(calls(fetch, '/api/config')).toBe(1);
  });

  it('[AUTH-16] configured: "Entrar com Google" is a link to the server\'s start URL, with what a first sign-in accepts', async () => {
    vi.stubGlobal('fetch', googleApi(true));
    renderLogin();
    const link = await screen.findByRole('link', { name: ui.buttons.google });
    expect(link.getAttribute('href')).toBe('/api/auth/google/start');
    expect(screen.getByText(googleMsg.consent)).toBeDefined();
  });

  it.each(['denied', 'unverified', 'unavailable', 'state', 'blocked', 'failed'] as const)(
    '[AUTH-16] back from Google with "%s": its Portuguese message in an alert, no session asked for',
    async (outcome) => {
      const fetch = googleApi(true);
      vi.stubGlobal('fetch', fetch);
      const router = renderLogin(`${paths.login}?google=${outcome}`);
      expect((await screen.findByRole('alert')).textContent).toBe(googleMsg[outcome]);
      expect(router.state.location.pathname).toBe(paths.login);
      expect(calls(fetch, '/api/auth/google/session')).toBe(0);
      expect(window.localStorage.getItem('authToken')).toBeNull();
    },
  );

  it('[AUTH-16] back from Google with "ok": the session is collected once, stored as a login does, and lands where the visitor was going', async () => {
    const fetch = googleApi(true);
    vi.stubGlobal('fetch', fetch);
    // The button kept the protected page's origin before the trip (AUTH-02).
    window.sessionStorage.setItem(GOOGLE_FROM_KEY, JSON.stringify({ from: { pathname: paths.dashboard } }));
    const router = renderLogin(`${paths.login}?google=ok`);
    expect(await screen.findByText('painel')).toBeDefined();
    expect(window.localStorage.getItem('authToken')).toBe('token-google');
    expect(calls(fetch, '/api/auth/google/session')).toBe(1);
    expect(router.state.location.pathname).toBe(paths.dashboard);
    expect(window.sessionStorage.getItem(GOOGLE_FROM_KEY)).toBeNull();
  });

  it('[AUTH-16] back with "ok" but no session waiting (spent or expired cookie): the message in an alert, stays on the login page', async () => {
    vi.stubGlobal(
      'fetch',
      googleApi(true, () => json({ message: googleMsg.noSession }, 401)),
    );
    const router = renderLogin(`${paths.login}?google=ok`);
    expect((await screen.findByRole('alert')).textContent).toBe(googleMsg.noSession);
    expect(router.state.location.pathname).toBe(paths.login);
    // Not asked again on a reload: the spent outcome is gone from the address.
    expect(router.state.location.search).toBe('');
    expect(window.localStorage.getItem('authToken')).toBeNull();
  });
});
