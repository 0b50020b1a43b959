import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { dashboardUi } from '@toque/contracts/dashboard-ui';
import type { Product } from '@toque/contracts/products';
import { EditTagForm } from './edit-tag-form';
import { productFixture } from './product-fixture';

const tag = productFixture;

const labels = dashboardUi.editTag;

function renderForm(product: Product) {
  render(
    <QueryClientProvider client={new QueryClient()}>
      <EditTagForm tag={product} />
    </QueryClientProvider>,
  );
  return screen.getByRole<HTMLInputElement>('switch', { name: labels.showToFinder });
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the edit-tag form (FIND-13)', () => {
  it("[FIND-13] with nothing written yet, 'show to the finder' starts on, and a new note is saved shown", async () => {
    const fetch = vi.fn().mockResolvedValue(new Response(JSON.stringify({ message: 'ok' })));
    vi.stubGlobal('fetch', fetch);
    const show = renderForm(tag({ important_info: '', show_info_to_finder: false }));
    expect(show.checked).toBe(true);
    fireEvent.change(screen.getByLabelText(labels.importantInfo), { target: { value: 'Mel é medrosa. Toma remédio às 8h.' } });
    fireEvent.click(screen.getByRole('button', { name: labels.save }));
    await waitFor(() => expect(fetch).toHaveBeenCalled());
    const body = JSON.parse((fetch.mock.calls[0]?.[1] as RequestInit).body as string) as Record<string, unknown>;
    expect(body).toMatchObject({ importantInfo: 'Mel é medrosa. Toma remédio às 8h.', showInfoToFinder: true });
  });

  it('[FIND-13] information already written keeps the choice saved with it, off or on', () => {
    expect(renderForm(tag({ important_info: 'Alérgico a dipirona', show_info_to_finder: false })).checked).toBe(false);
  });

  it('[FIND-13] information already written and shown stays shown', () => {
    expect(renderForm(tag({ important_info: 'Alérgico a dipirona', show_info_to_finder: true })).checked).toBe(true);
  });
});
