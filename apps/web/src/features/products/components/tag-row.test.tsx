import { describe, expect, it } from 'vitest';
import { cleanup, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import type { Product } from '@toque/contracts/products';
import { QrModal } from './qr-modal';
import { TagRow } from './tag-row';
import { productFixture } from './product-fixture';

const tag = (overrides: Partial<Product> = {}): Product => productFixture({ name: 'Pulseira da Ana', image_url: '/images/tags/pulseira.svg', ...overrides });

function renderRow(product: Product) {
  render(
    <MemoryRouter>
      <ul>
        <TagRow tag={product} expanded onToggle={() => undefined} onShowQr={() => undefined} headingLevel={2} />
      </ul>
    </MemoryRouter>,
  );
  return screen.getByRole('listitem');
}

describe('a tag row', () => {
  it('[TAG-03] an active tag reads Ativo to its owner', () => {
    const row = renderRow(tag());
    expect(within(row).getAllByText('Ativo').length).toBeGreaterThan(0);
    expect(within(row).queryByText('Inativo')).toBeNull();
  });

  it('[ADM-06] a tag an administrator switched off reads Inativo to its owner, never Ativo', () => {
    const row = renderRow(tag({ is_active: false }));
    expect(within(row).queryByText('Ativo')).toBeNull();
    // The badge beside the type and the status in the detail.
    expect(within(row).getAllByText('Inativo')).toHaveLength(2);
  });

  it('[ADM-06] a member of a switched-off tag reads Membro and Inativo', () => {
    const row = renderRow(tag({ is_active: false, isOwner: false }));
    expect(within(row).getAllByText('Membro').length).toBeGreaterThan(0);
    expect(within(row).getByText('Inativo')).toBeDefined();
    expect(within(row).queryByText('Ativo')).toBeNull();
  });

  it("[FIN-05] the owner's tag more than 30 days overdue is badged Suspenso; a member's, or one em atraso, is not", () => {
    const day = 24 * 60 * 60 * 1000;
    const row = renderRow(tag({ due_at: new Date(Date.now() - 31 * day).toISOString() }));
    expect(within(row).getByText('Suspenso', { exact: true })).toBeDefined();
    cleanup();
    const late = renderRow(tag({ due_at: new Date(Date.now() - 10 * day).toISOString() }));
    expect(within(late).queryByText('Suspenso', { exact: true })).toBeNull();
    cleanup();
    const member = renderRow(tag({ isOwner: false, due_at: null }));
    expect(within(member).queryByText('Suspenso', { exact: true })).toBeNull();
  });

  it('[TAG-11] a tag in lost mode is badged Perdido; one that is not, is not', () => {
    const row = renderRow(tag({ lost_message: 'Fugiu!', lost_reward_cents: 20_000 }));
    expect(within(row).getByText('Perdido', { exact: true })).toBeDefined();
    cleanup();
    expect(within(renderRow(tag())).queryByText('Perdido')).toBeNull();
  });
});

describe('the QR code modal', () => {
  it('[TAG-10] encodes the public address the server gives, not the address bar\'s origin', () => {
    expect(window.location.origin).not.toBe('https://qr.toque.example');
    render(<QrModal tag={tag()} onClose={() => undefined} />);
    const dialog = screen.getByRole('dialog');
    expect(within(dialog).getByText('https://qr.toque.example/t/AB23CD45')).toBeDefined();
    expect(dialog.textContent).not.toContain(window.location.origin);
  });
});
