import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { emptyMedicalCard, MEDICAL_TEXT_MAX, medicalCardUi as labels, medicalMsg } from '@toque/contracts/medical-card';
import { MedicalCardForm } from './medical-card';

function renderForm() {
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <MedicalCardForm code="AB23CD45" />
    </QueryClientProvider>,
  );
}

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("a wristband's medical card form (FIND-11)", () => {
  it('[FIND-11] a new card starts with every switch off; what the owner fills and switches on is sent whole', async () => {
    const fetch = vi.fn((_url: string, init?: RequestInit) =>
      Promise.resolve(init?.method === 'PUT' ? json({ ...JSON.parse(init.body as string), updatedAt: '2026-11-29T12:00:00Z' }) : json({ ...emptyMedicalCard, updatedAt: null })),
    );
    vi.stubGlobal('fetch', fetch);
    renderForm();
    const needsCare = await screen.findByRole<HTMLInputElement>('switch', { name: labels.needsCare });
    expect(needsCare.checked).toBe(false);
    for (const s of screen.getAllByRole<HTMLInputElement>('switch')) expect(s.checked, s.getAttribute('aria-label') ?? '').toBe(false);
    fireEvent.click(needsCare);
    fireEvent.change(screen.getByLabelText(labels.allergies), { target: { value: 'Dipirona' } });
    fireEvent.click(screen.getByRole('switch', { name: `${labels.show}: ${labels.allergies}` }));
    fireEvent.change(screen.getByLabelText(labels.bloodType), { target: { value: 'B+' } });
    fireEvent.click(screen.getByRole('button', { name: labels.save }));
    await waitFor(() => expect(fetch.mock.calls.some(([, init]) => init?.method === 'PUT')).toBe(true));
    const put = fetch.mock.calls.find(([, init]) => init?.method === 'PUT')!;
    expect(put[0]).toContain('/products/AB23CD45/medical-card');
    expect(JSON.parse(put[1]!.body as string)).toEqual({ ...emptyMedicalCard, needsCare: true, allergies: 'Dipirona', showAllergies: true, bloodType: 'B+' });
  });

  it('[FIND-11] a text over its limit is refused on the screen with the API\'s Portuguese message, and nothing is sent', async () => {
    const fetch = vi.fn(() => Promise.resolve(json({ ...emptyMedicalCard, updatedAt: null })));
    vi.stubGlobal('fetch', fetch);
    renderForm();
    const conditions = await screen.findByLabelText(labels.conditions);
    // The field stops typing at its limit; a pasted text beyond it (maxLength does not stop a script) is refused on save.
    expect(conditions.getAttribute('maxlength')).toBe(String(MEDICAL_TEXT_MAX));
    fireEvent.change(conditions, { target: { value: 'x'.repeat(MEDICAL_TEXT_MAX + 1) } });
    fireEvent.click(screen.getByRole('button', { name: labels.save }));
    expect((await screen.findByRole('alert')).textContent).toBe(labels.failurePrefix + medicalMsg.conditionsTooLong);
    expect(fetch).toHaveBeenCalledTimes(1);
  });
});
