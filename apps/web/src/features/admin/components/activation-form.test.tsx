import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { msg } from '@toque/contracts/messages';
import { adminUi } from '@toque/contracts/admin-ui';
import { MemoryRouter } from 'react-router';
import { paths } from '@toque/contracts/routes';
import { ActivationForm as Form } from './activation-form';

/** The form links to the units page once a plate is activated (CONDO-12): it needs a router. */
function ActivationForm() {
  return (
    <MemoryRouter>
      <Form />
    </MemoryRouter>
  );
}

/** The URL of a fetch call (the API client always passes a string). */
const urlOf = (input: RequestInfo | URL): string =>
  typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;

const labels = adminUi.activation;

function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

afterEach(() => vi.restoreAllMocks());

describe('condominium activation form', () => {
  it('[ADM-02] validates on submit: name, a quantity from 1 to 10, an 8-character code and the e-mail', async () => {
    const fetch = vi.spyOn(globalThis, 'fetch');
    const user = userEvent.setup();
    render(<ActivationForm />);
    const quantity = screen.getByLabelText(labels.quantity);
    expect(quantity.getAttribute('type')).toBe('number');
    expect(quantity.getAttribute('max')).toBe('10');

    await user.click(screen.getByRole('button', { name: labels.submit }));
    expect(await screen.findByText(msg.unitQuantityInvalid)).toBeDefined();
    expect(screen.getByText(msg.tagCodeLength)).toBeDefined();
    expect(screen.getAllByText(msg.required)).toHaveLength(2);

    await user.type(quantity, '11');
    await user.click(screen.getByRole('button', { name: labels.submit }));
    expect(await screen.findByText(msg.unitQuantityInvalid)).toBeDefined();
    expect(fetch).not.toHaveBeenCalled();
  });

  it('[ADM-02] the plate code keeps letters and digits only', async () => {
    const user = userEvent.setup();
    render(<ActivationForm />);
    const code = screen.getByLabelText<HTMLInputElement>(labels.code);
    await user.type(code, 'ab-12 cd!34');
    expect(code.value).toBe('ab12cd34');
    await user.clear(code);
    await user.paste('ef-56 gh.78');
    expect(code.value).toBe('ef56gh78');
  });

  it('[ADM-02] [CONDO-12] a 404 for the síndico says the e-mail was not found; sending again creates only the missing units of the same condominium, then the bulk step is offered', async () => {
    const calls: string[] = [];
    let unitAnswer = 404;
    vi.spyOn(globalThis, 'fetch').mockImplementation(async (input) => {
      const url = urlOf(input);
      calls.push(url);
      if (url.endsWith('/condominium/createCondominium')) return json(201, { id: 42, message: 'ok' });
      return unitAnswer === 404
        ? json(404, { message: 'Não há conta.' })
        : json(201, { unit_id: calls.length, message: 'ok' });
    });
    const user = userEvent.setup();
    render(<ActivationForm />);
    await user.type(screen.getByLabelText(labels.name), 'Residencial Ipê');
    await user.type(screen.getByLabelText(labels.quantity), '2');
    await user.type(screen.getByLabelText(labels.code), 'AB23CD45');
    await user.type(screen.getByLabelText(labels.email), 'sindico@exemplo.com.br');
    await user.click(screen.getByRole('button', { name: labels.submit }));
    expect((await screen.findByRole('alert')).textContent).toBe(msg.condoEmailNotFound);

    unitAnswer = 201;
    await user.click(screen.getByRole('button', { name: labels.submit }));
    await waitFor(() => expect(calls.filter((u) => u.endsWith('/createUnitOfCondominium'))).toHaveLength(3), {
      timeout: 5000,
    });
    expect(calls.filter((u) => u.endsWith('/createCondominium'))).toHaveLength(1);
    await waitFor(() => expect(screen.getByLabelText<HTMLInputElement>(labels.name).value).toBe(''));
    // CONDO-12: the rest of the building goes on in the bulk step, offered at once.
    expect(screen.getByRole('link', { name: labels.moreUnitsLink }).getAttribute('href')).toBe(paths.units('AB23CD45'));
  }, 15_000);

  it('[ADM-02] another unit failure says Falha ao criar unidade.', async () => {
    vi.spyOn(globalThis, 'fetch').mockImplementation(async (input) =>
      urlOf(input).endsWith('/condominium/createCondominium')
        ? json(201, { id: 1, message: 'ok' })
        : json(409, { message: 'Este QR Code já pertence a outra conta.' }),
    );
    const user = userEvent.setup();
    render(<ActivationForm />);
    await user.type(screen.getByLabelText(labels.name), 'Residencial Ipê');
    await user.type(screen.getByLabelText(labels.quantity), '1');
    await user.type(screen.getByLabelText(labels.code), 'AB23CD45');
    await user.type(screen.getByLabelText(labels.email), 'sindico@exemplo.com.br');
    await user.click(screen.getByRole('button', { name: labels.submit }));
    expect((await screen.findByRole('alert')).textContent).toBe(msg.unitCreateError);
  });
});
