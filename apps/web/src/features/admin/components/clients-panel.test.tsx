import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createMemoryRouter, RouterProvider } from 'react-router';
import type { Client } from '@toque/contracts/admin';
import { msg } from '@toque/contracts/messages';
import { adminUi } from '@toque/contracts/admin-ui';
import { ClientsPanel } from './clients-panel';

const labels = adminUi.clients;

const clients: Client[] = [
  {
    user_id: '00000000-0000-4000-8000-000000000001',
    first_name: 'Ana',
    name: 'Ana Beatriz Lima',
    created_at: '2026-03-02T12:00:00.000Z',
    cpf: '52998224725',
    email: 'ana@exemplo.com.br',
    blocked: false,
    qrcodes: [{ code: 'AB23CD45', is_active: true, product_id: 1, name: 'Pulseira da Ana' }],
  },
  {
    user_id: '00000000-0000-4000-8000-000000000002',
    first_name: 'Beto',
    name: 'Beto Ramos',
    created_at: '2026-05-10T12:00:00.000Z',
    cpf: '11144477735',
    email: 'beto@exemplo.com.br',
    blocked: true,
    qrcodes: [],
  },
];

const urlOf = (input: RequestInfo | URL): string =>
  typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;

function renderPanel() {
  const router = createMemoryRouter([{ path: '/', element: <ClientsPanel /> }]);
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
}

afterEach(() => vi.restoreAllMocks());

describe('clients panel', () => {
  it('[ADM-03] [ADM-08] rows show first name and formatted CPF, open one at a time, and the search asks the server once typing pauses', async () => {
    const urls: string[] = [];
    vi.spyOn(globalThis, 'fetch').mockImplementation(async (input) => {
      const url = urlOf(input);
      urls.push(url);
      const search = new URL(url, 'http://x').searchParams.get('search') ?? '';
      const list = search ? clients.filter((c) => c.cpf.includes(search.replace(/\D/g, ''))) : clients;
      return new Response(JSON.stringify(list), {
        status: 200,
        headers: { 'Content-Type': 'application/json', 'x-total-count': String(list.length) },
      });
    });
    const user = userEvent.setup();
    renderPanel();
    const search = screen.getByPlaceholderText(msg.clientsSearchPlaceholder);
    expect(await screen.findByText('529.982.247-25', {}, { timeout: 3000 })).toBeDefined();
    expect(screen.getByText('111.444.777-35')).toBeDefined();
    expect(screen.getByText(labels.total(2))).toBeDefined();

    const ana = screen.getByRole('button', { name: new RegExp(labels.showTags('Ana')) });
    const beto = screen.getByRole('button', { name: new RegExp(labels.showTags('Beto')) });
    await user.click(ana);
    expect(ana.getAttribute('aria-expanded')).toBe('true');
    expect(screen.getByRole('switch', { name: new RegExp(`^${labels.active}\\s*AB23CD45$`) })).toBeDefined();
    await user.click(beto);
    expect(ana.getAttribute('aria-expanded')).toBe('false');
    expect(beto.getAttribute('aria-expanded')).toBe('true');
    expect(screen.getByRole('button', { name: labels.unblock })).toBeDefined();

    const before = urls.length;
    await user.type(search, '982.247');
    await waitFor(() => expect(screen.queryByText('111.444.777-35')).toBeNull(), { timeout: 3000 });
    // One request for the whole word, not one per key.
    expect(urls.length - before).toBe(1);
    expect(urls.at(-1)).toContain('search=982.247');

    await user.clear(search);
    expect(await screen.findByText('111.444.777-35', {}, { timeout: 3000 })).toBeDefined();
  });

  it('[ADM-03] an empty answer says no client was found; a failure says the list could not load', async () => {
    let failing = false;
    vi.spyOn(globalThis, 'fetch').mockImplementation(async () =>
      failing
        ? new Response('{"message":"x"}', { status: 403 })
        : new Response('[]', { status: 200, headers: { 'x-total-count': '0' } }),
    );
    renderPanel();
    // The one API client spaces the same request 1 s apart, also across tests.
    expect(await screen.findByText(labels.empty, {}, { timeout: 3000 })).toBeDefined();

    failing = true;
    const user = userEvent.setup();
    await user.type(screen.getByPlaceholderText(msg.clientsSearchPlaceholder), 'zz');
    const alert = await screen.findByRole('alert', {}, { timeout: 3000 });
    expect(within(alert).getByText(labels.loadError)).toBeDefined();
  });
});
