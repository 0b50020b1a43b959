import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClientProvider } from '@tanstack/react-query';
import { ToastContainer } from 'react-toastify';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { msg } from '@toque/contracts/messages';
import { paths } from '@toque/contracts/routes';
import { ui } from '@toque/contracts/ui';
import { queryClient } from '../../../lib/query-client';
import { LoginForm } from './login-form';

function renderLogin() {
  const router = createMemoryRouter(
    [
      { path: paths.login, element: <LoginForm /> },
      { path: paths.home, element: <p>início</p> },
    ],
    { initialEntries: [paths.login] },
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
});

describe('login form', () => {
  it('[AUTH-03] validates on submit: each error under its field, wired for screen readers, nothing sent', async () => {
    const fetch = vi.fn();
    vi.stubGlobal('fetch', fetch);
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
    vi.stubGlobal('fetch', fetch);
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
    vi.stubGlobal('fetch', (url: string, init: RequestInit) => {
      paths.push(url);
      return realFetch(new URL(url, origin), init);
    });
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

  it('[AUTH-15] the Google button only logs', async () => {
    const fetch = vi.fn();
    vi.stubGlobal('fetch', fetch);
    const info = vi.spyOn(console, 'info').mockImplementation(() => undefined);
    const user = userEvent.setup();
    renderLogin();
    await user.click(screen.getByRole('button', { name: ui.buttons.google }));
    expect(info).toHaveBeenCalledTimes(1);
    expect(fetch).not.toHaveBeenCalled();
    info.mockRestore();
  });
});
