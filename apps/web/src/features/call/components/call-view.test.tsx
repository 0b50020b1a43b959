import { describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { callUi } from '@toque/contracts/call-ui';
import type { CameraState } from '../hooks/use-owner-call';
import { CallView } from './call-view';

const o = callUi.owner;
const call = { roomId: 'room-1', latitude: null, longitude: null };

function renderView(camera: CameraState, since: number | null = null) {
  const onToggleCamera = vi.fn();
  render(
    <QueryClientProvider client={new QueryClient()}>
      <CallView
        call={call}
        where="Coleira do Rex"
        remote={null}
        local={null}
        connected={since !== null}
        camera={camera}
        onToggleCamera={onToggleCamera}
        since={since}
        onHangUp={() => undefined}
      />
    </QueryClientProvider>,
  );
  return onToggleCamera;
}

describe("the owner's call screen (CALL-14)", () => {
  it("[CALL-14] the camera is off at first: 'Ligar câmera' is a toggle, not pressed, and the owner is told the finder does not see them", async () => {
    const toggle = renderView({ on: false, busy: false, failed: false });
    const button = screen.getByRole('button', { name: o.cameraOn });
    expect(button.getAttribute('aria-pressed')).toBe('false');
    expect(screen.getByText(o.selfVoiceOnly)).toBeDefined();
    expect(screen.queryByLabelText(o.selfView)).toBeNull();
    await userEvent.setup().click(button);
    expect(toggle).toHaveBeenCalledTimes(1);
  });

  it("[CALL-14] with the camera on: 'Desligar câmera', pressed, and the owner's own picture", () => {
    renderView({ on: true, busy: false, failed: false });
    expect(screen.getByRole('button', { name: o.cameraOff }).getAttribute('aria-pressed')).toBe('true');
    expect(screen.queryByText(o.selfVoiceOnly)).toBeNull();
    expect(screen.getByLabelText(o.selfView).tagName).toBe('VIDEO');
  });

  it('[CALL-14] while the camera is asked for the toggle is busy; a refusal is said as an alert', () => {
    renderView({ on: false, busy: true, failed: false });
    const busy = screen.getByRole<HTMLButtonElement>('button', { name: o.cameraOn });
    expect(busy.disabled).toBe(true);
    expect(busy.getAttribute('aria-busy')).toBe('true');
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('[CALL-14] a camera that could not be turned on is said as an alert', () => {
    renderView({ on: false, busy: false, failed: true });
    expect(screen.getByRole('alert').textContent).toBe(o.cameraFailed);
  });

  it("[CALL-14] the duration shows once the finder's media arrived, counted from then (mm:ss)", () => {
    renderView({ on: false, busy: false, failed: false }, Date.now() - 65_400);
    const duration = screen.getByText(`${o.duration}:`).parentElement!;
    expect(duration.querySelector('time')?.textContent).toBe('01:05');
    expect(duration.querySelector('time')?.getAttribute('datetime')).toBe('PT1M5S');
  });

  it('[CALL-14] no duration while connecting', () => {
    renderView({ on: false, busy: false, failed: false }, null);
    expect(screen.queryByText(`${o.duration}:`)).toBeNull();
  });
});
