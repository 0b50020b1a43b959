import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { conversationMsg, conversationsApi } from '@toque/contracts/conversations';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { callUi } from '@toque/contracts/call-ui';
import { osmLink } from '@toque/contracts/calls';
import { paths } from '@toque/contracts/routes';
import type { EndedCall } from '../hooks/use-owner-call';
import { PlaceLine } from './address-label';
import { CallEnded } from './call-ended';

const o = callUi.owner;

function renderEnded(ended: EndedCall) {
  render(
    <QueryClientProvider client={new QueryClient()}>
      <MemoryRouter>
        <CallEnded ended={ended} where="Coleira da Mel" />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("the end of the owner's call (CALL-17)", () => {
  it('[CALL-17] an answered call ends on its tag, its duration (mm:ss from connect to end), the place and the next steps', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn().mockResolvedValue(new Response(JSON.stringify({ locality: 'Belo Horizonte', address: null }))),
    );
    renderEnded({
      call: { roomId: 'room-1', latitude: -19.9245, longitude: -43.9352 },
      since: 1_000_000,
      endedAt: 1_000_000 + 95_400,
    });
    expect(screen.getByRole('heading', { level: 1, name: o.ended })).toBeDefined();
    expect(screen.getByText(o.from('Coleira da Mel'))).toBeDefined();
    const duration = screen.getByText(`${o.endedDuration}:`).parentElement!;
    expect(duration.querySelector('time')?.textContent).toBe('01:35');
    expect(duration.querySelector('time')?.getAttribute('datetime')).toBe('PT1M35S');
    expect(await screen.findByText('Belo Horizonte')).toBeDefined();
    expect(screen.getByRole('heading', { level: 2, name: o.nextSteps })).toBeDefined();
    const map = screen.getByRole('link', { name: o.seeMap });
    expect(map.getAttribute('href')).toBe(osmLink(-19.9245, -43.9352));
    expect(map.getAttribute('target')).toBe('_blank');
    expect(screen.getByRole('link', { name: o.backToDashboard }).getAttribute('href')).toBe(paths.dashboard);
  });

  it('[CALL-17] without a position: no map step, and the place says there is none', () => {
    renderEnded({ call: { roomId: 'room-2', latitude: null, longitude: null }, since: 0, endedAt: 5_000 });
    expect(screen.queryByRole('link', { name: o.seeMap })).toBeNull();
    expect(screen.getByText(callUi.history.noLocation)).toBeDefined();
  });
});

describe("writing to the call's finder (CALL-17)", () => {
  function renderRouted() {
    render(
      <QueryClientProvider client={new QueryClient()}>
        <MemoryRouter initialEntries={['/call/room-3']}>
          <Routes>
            <Route
              path="/call/:roomId"
              element={<CallEnded ended={{ call: { roomId: 'room-3', latitude: null, longitude: null }, since: 0, endedAt: 1_000 }} where="" />}
            />
            <Route path={paths.conversation(':id')} element={<p>thread</p>} />
          </Routes>
        </MemoryRouter>
      </QueryClientProvider>,
    );
  }

  it("[CALL-17] the write step opens the call's conversation and goes to it in Conversas", async () => {
    const fetch = vi.fn().mockResolvedValue(new Response(JSON.stringify({ id: 'c-1' }), { headers: { 'content-type': 'application/json' } }));
    vi.stubGlobal('fetch', fetch);
    renderRouted();
    fireEvent.click(screen.getByRole('button', { name: o.writeToFinder }));
    expect(await screen.findByText('thread')).toBeDefined();
    const [url, init] = fetch.mock.calls[0] as [string, RequestInit];
    expect([url, init.method]).toEqual([`/api${conversationsApi.ofCall('room-3')}`, 'POST']);
  });

  it("[CALL-17] the server's refusal is said, and the end screen stays", async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn().mockResolvedValue(new Response(JSON.stringify({ message: conversationMsg.callNotAnswered }), { status: 409, headers: { 'content-type': 'application/json' } })),
    );
    renderRouted();
    fireEvent.click(screen.getByRole('button', { name: o.writeToFinder }));
    expect((await screen.findByRole('alert')).textContent).toBe(conversationMsg.callNotAnswered);
    expect(screen.getByRole('heading', { level: 1, name: o.ended })).toBeDefined();
  });
});

describe('the place line (CALL-17)', () => {
  it('[CALL-17] a geocoder that fails leaves the coordinates, not an error', async () => {
    vi.stubGlobal('fetch', vi.fn().mockResolvedValue(new Response('{"message":"x"}', { status: 502 })));
    render(
      <QueryClientProvider client={new QueryClient()}>
        <PlaceLine latitude={-23.5505} longitude={-46.6333} pending={o.placePending} />
      </QueryClientProvider>,
    );
    expect(screen.getByText(o.coordinates(-23.5505, -46.6333))).toBeDefined();
    expect(o.coordinates(-23.5505, -46.6333)).toBe('-23,55050; -46,63330');
  });

  it('[CALL-17] the ringing card (lookup off) writes the coordinates without asking the geocoder', () => {
    const fetch = vi.fn();
    vi.stubGlobal('fetch', fetch);
    render(
      <QueryClientProvider client={new QueryClient()}>
        <PlaceLine latitude={-19.9245} longitude={-43.9352} pending={o.placePending} lookup={false} />
      </QueryClientProvider>,
    );
    expect(screen.getByText(o.coordinates(-19.9245, -43.9352))).toBeDefined();
    expect(fetch).not.toHaveBeenCalled();
  });

  it('[CALL-17] with no position yet (it may follow the ring) the line says it is awaited', () => {
    render(
      <QueryClientProvider client={new QueryClient()}>
        <PlaceLine latitude={null} longitude={null} pending={o.placePending} />
      </QueryClientProvider>,
    );
    expect(screen.getByText(o.placePending)).toBeDefined();
  });
});
