import { afterEach, describe, expect, it, vi } from 'vitest';
import { useState } from 'react';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { DELIVERY_REQUEST_KEY, doorFinderText, doorMsg } from '@toque/contracts/door';
import { finderText } from '@toque/contracts/finder-text';
import { FinderLangProvider } from '../i18n';
import { DeliveryForm } from './delivery-form';
import { plateTag } from '../../../test/plate-tag';

const d = doorFinderText['pt-BR'];
const plate = plateTag();

function Door() {
  const [unitId, setUnitId] = useState<number | null>(null);
  return <DeliveryForm tag={plate} unitId={unitId} onUnit={setUnitId} />;
}

const sent = (fetch: ReturnType<typeof vi.fn>) =>
  fetch.mock.calls.map(([, init]) => JSON.parse((init as RequestInit).body as string) as { unitId: number; company: string; requestKey: string });

afterEach(() => vi.unstubAllGlobals());

describe("a courier's notice (CONDO-15)", () => {
  it('[CONDO-15] a notice sent again after its answer was lost carries the same key; a changed notice and "Avisar outra entrega" take a new one', async () => {
    const fetch = vi
      .fn()
      // The phone lost the answer: the app sees a network failure, though the server may have the notice.
      .mockRejectedValueOnce(new TypeError('Failed to fetch'))
      .mockImplementation(() =>
        Promise.resolve(new Response(JSON.stringify({ message: doorMsg.deliverySent, id: 7, photoToken: 'A'.repeat(22) }), { status: 201 })),
      );
    vi.stubGlobal('fetch', fetch);
    const user = userEvent.setup();
    render(
      <FinderLangProvider initial="pt-BR">
        <Door />
      </FinderLangProvider>,
    );
    await user.click(screen.getByRole('radio', { name: 'Apto 101' }));
    await user.click(screen.getByRole('radio', { name: 'Correios' }));
    await user.click(screen.getByRole('button', { name: d.sendDelivery }));
    expect(await screen.findByText(finderText['pt-BR'].server.network)).toBeDefined();
    await user.click(screen.getByRole('button', { name: d.sendDelivery }));
    expect(await screen.findByText(d.deliverySent)).toBeDefined();
    const [lost, retried] = sent(fetch);
    expect(lost!.requestKey).toMatch(DELIVERY_REQUEST_KEY);
    expect(retried).toEqual(lost);

    // The next delivery is another notice, with its own key, even to the same unit and company.
    await user.click(screen.getByRole('button', { name: d.anotherDelivery }));
    await user.click(screen.getByRole('radio', { name: 'Apto 101' }));
    await user.click(screen.getByRole('radio', { name: 'Correios' }));
    await user.click(screen.getByRole('button', { name: d.sendDelivery }));
    await screen.findByText(d.deliverySent);
    const third = sent(fetch)[2]!;
    expect(third.requestKey).toMatch(DELIVERY_REQUEST_KEY);
    expect(third.requestKey).not.toBe(lost!.requestKey);
  });
});
