import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { callMsg } from '@toque/contracts/messages';
import { finderText } from '@toque/contracts/finder-text';
import { FinderLangProvider } from '../i18n';
import { CallbackForm } from './callback-form';
import { Countdown } from './countdown';

afterEach(() => {
  vi.useRealTimers();
});

describe("the finder's next steps (CALL-15)", () => {
  it('[CALL-15] the ringing screen counts down to the deadline it was given, never below zero', async () => {
    vi.useFakeTimers();
    const deadline = Date.now() + 15_000;
    render(<Countdown deadline={deadline} />);
    const timer = screen.getByRole('timer');
    expect(timer.textContent).toBe(finderText['pt-BR'].timeLeft(15));
    await act(async () => {
      await vi.advanceTimersByTimeAsync(4_000);
    });
    expect(timer.textContent).toBe(finderText['pt-BR'].timeLeft(11));
    await act(async () => {
      await vi.advanceTimersByTimeAsync(20_000);
    });
    expect(timer.textContent).toBe(finderText['pt-BR'].timeLeft(0));
  });

  it("[CALL-15] a callback contact is checked with the API schema and its error said in the finder's language; a good one is sent trimmed", async () => {
    const es = finderText.es;
    const onSend = vi.fn(() => Promise.resolve());
    const user = userEvent.setup();
    const { rerender } = render(
      <FinderLangProvider initial="es">
        <CallbackForm onSend={onSend} sent={false} />
      </FinderLangProvider>,
    );
    await user.type(screen.getByLabelText(es.callbackLabel), '12345');
    await user.click(screen.getByRole('button', { name: es.sendCallback }));
    expect(await screen.findByText(es.server.callbackInvalid)).toBeDefined();
    expect(screen.queryByText(callMsg.callbackInvalid)).toBeNull();
    expect(onSend).not.toHaveBeenCalled();
    await user.clear(screen.getByLabelText(es.callbackLabel));
    await user.type(screen.getByLabelText(es.callbackLabel), '  maria@exemplo.com ');
    await user.click(screen.getByRole('button', { name: es.sendCallback }));
    expect(onSend).toHaveBeenCalledWith('maria@exemplo.com');
    rerender(
      <FinderLangProvider initial="es">
        <CallbackForm onSend={onSend} sent />
      </FinderLangProvider>,
    );
    expect(screen.getByRole('status').textContent).toBe(es.callbackSent);
  });
});
