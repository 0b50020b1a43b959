import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { callUi } from '@toque/contracts/call-ui';
import type { PublicTag } from '@toque/contracts/calls';
import { callMsg } from '@toque/contracts/messages';
import { finderText } from '@toque/contracts/finder-text';
import { FinderLangProvider } from '../i18n';
import { FinderCallPanel } from './finder-call-panel';
import { conversationStorageKey } from '@toque/contracts/conversations';
import { plateTag } from '../../../test/plate-tag';

const plate = plateTag({
  owner_first_name: 'Carlos',
  units: [
    { unit_id: 11, name: '101', block: null, reachable: true },
    { unit_id: 12, name: '102', block: null, reachable: true },
    { unit_id: 13, name: '103', block: null, reachable: false },
  ],
});

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status });

// jsdom has no WebRTC; these finders' browsers do (a browser without it goes to the message at the tap: e2e call-next-steps).
beforeEach(() => {
  vi.stubGlobal('RTCPeerConnection', function RTCPeerConnection() {});
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('finder call panel (CALL-02, CALL-13)', () => {
  it("[CALL-02] [CALL-13] [FIND-13] a condominium plate lists its units first; the call and the message go to the chosen unit, whose conversation keeps the answer's token", async () => {
    // jsdom has no camera: the tap leads to the message path, as a refused camera does on a phone.
    const fetch = vi
      .fn()
      .mockResolvedValueOnce(
        json(201, {
          roomId: 'room-1',
          callerToken: 'caller-token',
          iceServers: [],
          iceTransportPolicy: 'all',
          ringTimeoutMs: 60000,
        }),
      )
      .mockResolvedValueOnce(
        json(201, {
          message: 'Mensagem enviada.',
          token: 'T'.repeat(22),
          thread: { tag_code: 'PLACA234', unit_id: 12, owner_first_name: '', state: 'open', messages: [] },
        }),
      );
    vi.stubGlobal('fetch', fetch);
    const user = userEvent.setup();
    render(<FinderCallPanel tag={plate} />);

    expect(screen.getByRole('group', { name: callUi.finder.chooseUnit })).toBeDefined();
    const call = screen.getByRole<HTMLButtonElement>('button', { name: callUi.finder.callUnit });
    expect(call.disabled).toBe(true);
    await user.click(screen.getByRole('radio', { name: '102' }));
    expect(call.disabled).toBe(false);
    await user.click(call);

    expect(await screen.findByText(callUi.finder.cameraRefused)).toBeDefined();
    expect(screen.getByRole<HTMLInputElement>('radio', { name: '102' }).checked).toBe(true);
    await user.type(screen.getByLabelText(callUi.finder.messageLabel), 'Sua encomenda está na portaria.');
    await user.click(screen.getByRole('button', { name: callUi.finder.sendMessage }));
    expect(await screen.findByText(callUi.finder.messageSent)).toBeDefined();

    const [createUrl, createInit] = fetch.mock.calls[0] as [string, RequestInit];
    expect(createUrl).toBe('/api/calls');
    expect(JSON.parse(createInit.body as string)).toEqual({ code: 'PLACA234', unitId: 12 });
    const [messageUrl, messageInit] = fetch.mock.calls[1] as [string, RequestInit];
    expect(messageUrl).toBe('/api/calls/room-1/message');
    expect((messageInit.headers as Record<string, string>).Authorization).toBe('Bearer caller-token');
    expect(JSON.parse(messageInit.body as string)).toEqual({ message: 'Sua encomenda está na portaria.' });
    // FIND-13: the message opened the unit's conversation; its token is kept under that unit (the door shows the thread).
    expect(window.localStorage.getItem(conversationStorageKey('PLACA234', 12))).toBe('T'.repeat(22));
  });

  it('[CONDO-10] [CONDO-13] a unit nobody can answer is not offered: one line counts it, before any camera prompt', async () => {
    const fetch = vi.fn();
    vi.stubGlobal('fetch', fetch);
    const getUserMedia = vi.fn();
    vi.stubGlobal('navigator', { ...navigator, mediaDevices: { getUserMedia } });
    render(<FinderCallPanel tag={plate} />);
    expect(screen.queryByRole('radio', { name: /103/ })).toBeNull();
    expect(screen.getByText(callUi.finder.unitsNotListed)).toBeDefined();
    expect(screen.getAllByRole('radio', { name: /^10/ }).map((r) => r.getAttribute('value'))).toEqual(['11', '12']);
    expect(screen.getByRole<HTMLButtonElement>('button', { name: callUi.finder.callUnit }).disabled).toBe(true);
    expect(getUserMedia).not.toHaveBeenCalled();
    expect(fetch).not.toHaveBeenCalled();
  });

  it('[CALL-02] a plate whose unit is not chosen cannot send a message', async () => {
    const fetch = vi.fn();
    vi.stubGlobal('fetch', fetch);
    vi.stubGlobal('navigator', { ...navigator, userAgent: 'Mozilla/5.0 (iPhone) Mobile/15E148 Instagram 300.0' });
    const user = userEvent.setup();
    render(<FinderCallPanel tag={plate} />);
    expect(screen.getByText(callUi.finder.inAppBrowser)).toBeDefined();
    await user.type(screen.getByLabelText(callUi.finder.messageLabel), 'Oi');
    await user.click(screen.getByRole('button', { name: callUi.finder.sendMessage }));
    expect(await screen.findByText(callMsg.unitRequired)).toBeDefined();
    expect(fetch).not.toHaveBeenCalled();
  });

  it('[FIND-04] a "Só voz" the browser shows checked but React never heard of (a tap while the page hydrated) is the call\'s mode: the camera is not asked for', async () => {
    const pet: PublicTag = { ...plate, code: 'PETTAG23', product_id: 3, type: 'Pet', units: [] };
    vi.stubGlobal('fetch', vi.fn());
    const getUserMedia = vi.fn().mockRejectedValue(new DOMException('denied', 'NotAllowedError'));
    vi.stubGlobal('navigator', { ...navigator, mediaDevices: { getUserMedia } });
    const user = userEvent.setup();
    render(<FinderCallPanel tag={pet} />);
    const voice = screen.getByRole<HTMLInputElement>('radio', { name: callUi.finder.voiceOnly });
    // The browser's own setter, under React's value tracker: the node is checked, React's state is not.
    Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'checked')!.set!.call(voice, true);
    await user.click(screen.getByRole('button', { name: callUi.finder.call }));
    expect(await screen.findByText(callUi.finder.cameraRefused)).toBeDefined();
    expect(getUserMedia.mock.calls).toEqual([[{ audio: true }]]);
  });

  it('[FIND-03] [FIND-04] in Spanish: the unit picker, the video/voice choice, the message path and its errors', async () => {
    const es = finderText.es;
    const fetch = vi.fn().mockResolvedValueOnce(json(429, { message: 'Muitas tentativas.' }));
    vi.stubGlobal('fetch', fetch);
    const user = userEvent.setup();
    render(
      <FinderLangProvider initial="es">
        <FinderCallPanel tag={plate} inApp={false} />
      </FinderLangProvider>,
    );
    expect(screen.getByRole('group', { name: es.chooseUnit })).toBeDefined();
    expect(screen.getByRole<HTMLInputElement>('radio', { name: es.video }).checked).toBe(true);
    await user.click(screen.getByRole('radio', { name: es.voiceOnly }));
    expect(screen.getByRole<HTMLInputElement>('radio', { name: es.voiceOnly }).checked).toBe(true);
    expect(screen.getByText(es.explainUnitVoice)).toBeDefined();
    await user.click(screen.getByRole('radio', { name: '101' }));
    // jsdom has no microphone: the message path, in Spanish.
    await user.click(screen.getByRole('button', { name: es.callUnit }));
    expect(await screen.findByText(es.cameraRefused)).toBeDefined();
    await user.click(screen.getByRole('button', { name: es.sendMessage }));
    expect(await screen.findByText(es.server.messageEmpty)).toBeDefined();
    await user.type(screen.getByLabelText(es.messageLabel), 'Hola');
    await user.click(screen.getByRole('button', { name: es.sendMessage }));
    // The server's 429 (Portuguese) is said in Spanish.
    expect(await screen.findByText(es.tooManyAttempts(undefined))).toBeDefined();
    expect(fetch).toHaveBeenCalledTimes(1);
  });

  it('[CONDO-17] a plate that rings only at its door says so before the tap; a message without a call goes to the unit without ringing', async () => {
    const fetch = vi.fn().mockResolvedValueOnce(json(201, { message: 'Mensagem enviada.' }));
    vi.stubGlobal('fetch', fetch);
    const user = userEvent.setup();
    render(<FinderCallPanel tag={{ ...plate, position_required: true }} />);
    expect(screen.getByText(finderText['pt-BR'].positionNeeded)).toBeDefined();
    await user.click(screen.getByRole('radio', { name: '101' }));
    // jsdom has no camera: the message path; nothing is created that would ring.
    await user.click(screen.getByRole('button', { name: callUi.finder.callUnit }));
    expect(await screen.findByText(callUi.finder.cameraRefused)).toBeDefined();
    await user.type(screen.getByLabelText(callUi.finder.messageLabel), 'Estou chegando.');
    await user.click(screen.getByRole('button', { name: callUi.finder.sendMessage }));
    expect(await screen.findByText(callUi.finder.messageSent)).toBeDefined();
    expect(fetch).toHaveBeenCalledTimes(1);
    const [url, init] = fetch.mock.calls[0] as [string, RequestInit];
    expect(url).toBe('/api/public/tags/PLACA234/message');
    expect(JSON.parse(init.body as string)).toEqual({ message: 'Estou chegando.', unitId: 11 });
    // No call behind it: no way-back form that could not be sent.
    expect(screen.queryByLabelText(callUi.finder.contactOptional)).toBeNull();
  });
});
