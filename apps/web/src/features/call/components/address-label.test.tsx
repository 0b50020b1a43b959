import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { msg } from '@toque/contracts/messages';
import { AddressLabel } from './address-label';

function renderLabel(latitude: number | null, longitude: number | null) {
  render(
    <QueryClientProvider client={new QueryClient()}>
      <AddressLabel latitude={latitude} longitude={longitude} />
    </QueryClientProvider>,
  );
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('address label (CALL-09)', () => {
  it('[CALL-09] shows the locality the server found for the coordinates', async () => {
    const fetch = vi
      .fn()
      .mockResolvedValue(new Response(JSON.stringify({ locality: 'Contagem', address: 'Rua X, Contagem' })));
    vi.stubGlobal('fetch', fetch);
    renderLabel(-19.93, -44.05);
    expect(await screen.findByText('Contagem')).toBeDefined();
    expect(fetch.mock.calls[0]?.[0]).toBe('/api/geocode/reverse?lat=-19.93&lng=-44.05');
  });

  it("[CALL-09] 'Localização não encontrada' when there is no place, or no position at all", async () => {
    vi.stubGlobal('fetch', vi.fn().mockResolvedValue(new Response(JSON.stringify({ locality: null, address: null }))));
    renderLabel(0, 0);
    expect(await screen.findByText(msg.geoNotFound)).toBeDefined();
  });

  it("[CALL-09] 'Localização não encontrada' without coordinates, and nothing is asked", () => {
    const fetch = vi.fn();
    vi.stubGlobal('fetch', fetch);
    renderLabel(null, null);
    expect(screen.getByText(msg.geoNotFound)).toBeDefined();
    expect(fetch).not.toHaveBeenCalled();
  });

  it("[CALL-09] 'Erro ao carregar endereço' when the lookup fails", async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn().mockResolvedValue(new Response(JSON.stringify({ message: msg.geoError }), { status: 502 })),
    );
    renderLabel(-19.9, -43.9);
    expect(await screen.findByText(msg.geoError)).toBeDefined();
  });
});
