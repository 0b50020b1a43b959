import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { msg } from '@toque/contracts/messages';
import { dashboardUi } from '@toque/contracts/dashboard-ui';
import { AddTagButton } from './add-tag-button';

const labels = dashboardUi.addTag;

function renderButton() {
  render(
    <QueryClientProvider client={new QueryClient()}>
      <AddTagButton />
    </QueryClientProvider>,
  );
}

async function openModal(user: ReturnType<typeof userEvent.setup>) {
  await user.click(screen.getByRole('button', { name: labels.open }));
  const dialog = screen.getByRole('dialog', { name: labels.title });
  const input = screen.getByLabelText<HTMLInputElement>(labels.field);
  return { dialog, input };
}

describe('add-tag modal', () => {
  it('[TAG-02] strips everything but letters and digits while typing', async () => {
    const user = userEvent.setup();
    renderButton();
    const { input } = await openModal(user);
    expect(document.activeElement).toBe(input);
    await user.type(input, 'ab-12 cd!34ef');
    expect(input.value).toBe('ab12cd34');
  });

  it('[TAG-02] strips everything but letters and digits on paste', async () => {
    const user = userEvent.setup();
    renderButton();
    const { input } = await openModal(user);
    await user.paste('ab-12 cd!34ef');
    expect(input.value).toBe('ab12cd34');
    // Pasting into the middle of what is there: the clean text goes where the caret is.
    await user.clear(input);
    await user.type(input, 'abgh');
    input.setSelectionRange(2, 2);
    await user.paste('c-d e.f');
    expect(input.value).toBe('abcdefgh');
  });

  it('[TAG-02] a code shorter than 8 characters shows the catalogue message', async () => {
    const user = userEvent.setup();
    renderButton();
    const { input } = await openModal(user);
    await user.type(input, 'ab-12');
    await user.click(screen.getByRole('button', { name: labels.submit }));
    expect(await screen.findByText(msg.tagCodeLength)).toBeDefined();
    expect(input.getAttribute('aria-invalid')).toBe('true');
  });

  it('[NAV-05] Escape closes the modal and gives focus back to its button', async () => {
    const user = userEvent.setup();
    renderButton();
    await openModal(user);
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: labels.open }));
  });

  it('[NAV-05] Tab and Shift+Tab stay inside the modal', async () => {
    const user = userEvent.setup();
    renderButton();
    const { dialog, input } = await openModal(user);
    for (let i = 0; i < 5; i += 1) {
      await user.tab();
      expect(dialog.contains(document.activeElement)).toBe(true);
    }
    input.focus();
    await user.tab({ shift: true });
    expect(document.activeElement).toBe(screen.getByRole('button', { name: labels.submit }));
  });
});
