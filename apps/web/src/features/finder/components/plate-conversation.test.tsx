import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { conversationFinderText, conversationStorageKey, type FinderThread } from '@toque/contracts/conversations';
import { finderText } from '@toque/contracts/finder-text';
import { callMsg } from '@toque/contracts/messages';
import { FinderLangProvider } from '../i18n';
import { ConversationEntry } from './conversation-entry';
import { PlateDoor } from './plate-door';
import { plateTag } from '../../../test/plate-tag';

/** The conversation's socket (a network dependency, not the entry under test): its handlers are kept to play an answer. */
const socketHandlers = new Map<string, (event: unknown) => void>();
vi.mock('socket.io-client', () => ({
  io: () => ({
    on: (event: string, handler: (event: unknown) => void) => socketHandlers.set(event, handler),
    disconnect: () => undefined,
  }),
}));

const pt = conversationFinderText['pt-BR'];
const en = conversationFinderText.en;

const plate = plateTag();

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status });
const thread = (unitId: number, messages: FinderThread['messages']): FinderThread => ({
  tag_code: plate.code,
  unit_id: unitId,
  owner_first_name: '',
  state: 'open',
  messages,
});
const message = (id: number, from: 'finder' | 'owner', body: string) => ({
  id,
  from,
  name: '',
  body,
  latitude: null,
  longitude: null,
  created_at: '2026-11-28T21:00:00.000Z',
});

beforeEach(() => {
  // jsdom has no WebRTC; the visitor's browser does.
  vi.stubGlobal('RTCPeerConnection', function RTCPeerConnection() {});
  // No position: the message goes without it at once.
  vi.stubGlobal('navigator', { ...navigator, geolocation: undefined });
  window.localStorage.clear();
  socketHandlers.clear();
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("a plate's door: writing to the chosen unit (FIND-06, CALL-02)", () => {
  it("[FIND-06] [CALL-02] before a unit is chosen the entry says to pick one (a tap says it aloud); the call panel's picker chooses the unit written to; the answer is signed by the unit", async () => {
    const fetch = vi.fn().mockResolvedValueOnce(
      json(201, {
        token: 'A'.repeat(22),
        thread: thread(12, [message(1, 'finder', 'Ninguém atende, deixei a chave?')]),
      }),
    );
    vi.stubGlobal('fetch', fetch);
    const user = userEvent.setup();
    render(
      <FinderLangProvider initial="pt-BR">
        <PlateDoor tag={plate} />
      </FinderLangProvider>,
    );

    // No unit yet: a tappable button, described by the hint; tapping it says the hint as an alert, nothing is sent.
    const write = screen.getByRole('button', { name: pt.writeInstead });
    expect(write.getAttribute('aria-describedby')).toBeTruthy();
    expect(document.getElementById(write.getAttribute('aria-describedby')!)?.textContent).toBe(pt.pickUnitFirst);
    expect(screen.queryByRole('alert')).toBeNull();
    await user.click(write);
    expect(screen.getByRole('alert').textContent).toBe(pt.pickUnitFirst);
    expect(screen.queryByRole('textbox')).toBeNull();

    // One picker: the call's. The entry names the chosen unit.
    expect(screen.getAllByRole('group', { name: finderText['pt-BR'].chooseUnit })).toHaveLength(1);
    const radio = screen.getByRole<HTMLInputElement>('radio', { name: 'Apto 102' });
    await user.click(radio);
    expect(radio.checked).toBe(true);
    expect(screen.queryByText(pt.pickUnitFirst)).toBeNull();
    await user.click(screen.getByRole('button', { name: pt.writeToUnit('Apto 102') }));

    expect(await screen.findByRole('heading', { name: pt.unitTitle('Apto 102') })).toBeDefined();
    expect(screen.getByText(pt.unitIntro)).toBeDefined();
    await user.type(screen.getByRole('textbox', { name: pt.label }), 'Ninguém atende, deixei a chave?');
    await user.click(screen.getByRole('button', { name: pt.send }));

    const list = await screen.findByTestId('finder-thread');
    const [url, init] = fetch.mock.calls[0] as [string, RequestInit];
    expect(url).toBe(`/api/public/tags/${plate.code}/conversations`);
    expect(JSON.parse(init.body as string)).toEqual({ body: 'Ninguém atende, deixei a chave?', unitId: 12 });
    // Kept per unit: this plate's thread with 102.
    expect(window.localStorage.getItem(conversationStorageKey(plate.code, 12))).toBe('A'.repeat(22));
    expect(window.localStorage.getItem(conversationStorageKey(plate.code))).toBeNull();

    // A resident answers (live, on the conversation's socket): no name, the unit signs it.
    act(() =>
      socketHandlers.get('conversation-message')!({
        conversationId: 'c',
        message: message(2, 'owner', 'Pode deixar na portaria.'),
      }),
    );
    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(2));
    const answer = within(list).getAllByRole('listitem')[1]!;
    expect(answer.textContent).toContain('Apto 102');
    expect(answer.textContent).toContain('Pode deixar na portaria.');
  });

  it("[FIND-06] [CALL-02] a refusal is the server's own message (a unit nobody answers), never a silent button; the thread stays writable", async () => {
    vi.stubGlobal('fetch', vi.fn().mockResolvedValueOnce(json(409, { message: callMsg.unitEmpty })));
    const user = userEvent.setup();
    render(
      <FinderLangProvider initial="pt-BR">
        <ConversationEntry code={plate.code} firstName="" units={plate.units} unitId={11} />
      </FinderLangProvider>,
    );
    await user.click(screen.getByRole('button', { name: pt.writeToUnit('Apto 101') }));
    await user.type(await screen.findByRole('textbox', { name: pt.label }), 'Oi');
    await user.click(screen.getByRole('button', { name: pt.send }));
    expect(await screen.findByText(callMsg.unitEmpty)).toBeDefined();
    expect(screen.getByRole<HTMLButtonElement>('button', { name: pt.send }).disabled).toBe(false);
  });

  it('[FIND-06] [FIND-03] in English: pick a unit first; a thread this browser kept opens at once, named by its unit whatever is chosen now', async () => {
    const user = userEvent.setup();
    const { unmount } = render(
      <FinderLangProvider initial="en">
        <ConversationEntry code={plate.code} firstName="" units={plate.units} unitId={null} />
      </FinderLangProvider>,
    );
    await user.click(screen.getByRole('button', { name: en.writeInstead }));
    expect(screen.getByRole('alert').textContent).toBe(en.pickUnitFirst);
    unmount();

    window.localStorage.setItem(conversationStorageKey(plate.code, 11), 'B'.repeat(22));
    const fetch = vi
      .fn()
      .mockResolvedValueOnce(
        json(200, thread(11, [message(1, 'finder', 'Hello'), message(2, 'owner', 'Coming down')])),
      );
    vi.stubGlobal('fetch', fetch);
    render(
      <FinderLangProvider initial="en">
        <PlateDoor tag={plate} />
      </FinderLangProvider>,
    );
    // The door chooses the unit this browser wrote to, and shows that thread.
    expect(await screen.findByRole('heading', { name: en.unitTitle('Apto 101') })).toBeDefined();
    expect(screen.getByRole<HTMLInputElement>('radio', { name: 'Apto 101' }).checked).toBe(true);
    const items = within(screen.getByTestId('finder-thread')).getAllByRole('listitem');
    expect(items[1]!.textContent).toContain('Apto 101');
    const [, init] = fetch.mock.calls[0] as [string, RequestInit];
    expect((init.headers as Record<string, string>).Authorization).toBe(`Bearer ${'B'.repeat(22)}`);
  });

  it("[FIND-06] [CALL-02] one thread per unit: a visitor who wrote to 101 and picks 102 writes a new one to 102; back on 101, 101's thread", async () => {
    window.localStorage.setItem(conversationStorageKey(plate.code, 11), 'B'.repeat(22));
    const fetch = vi
      .fn()
      .mockResolvedValueOnce(json(200, thread(11, [message(1, 'finder', 'Oi, 101')])))
      .mockResolvedValueOnce(
        json(201, { token: 'C'.repeat(22), thread: thread(12, [message(3, 'finder', 'Oi, 102')]) }),
      )
      .mockResolvedValueOnce(json(200, thread(11, [message(1, 'finder', 'Oi, 101')])));
    vi.stubGlobal('fetch', fetch);
    const user = userEvent.setup();
    render(
      <FinderLangProvider initial="pt-BR">
        <PlateDoor tag={plate} />
      </FinderLangProvider>,
    );
    expect(await screen.findByText('Oi, 101')).toBeDefined();

    await user.click(screen.getByRole('radio', { name: 'Apto 102' }));
    expect(screen.queryByText('Oi, 101')).toBeNull();
    await user.click(screen.getByRole('button', { name: pt.writeToUnit('Apto 102') }));
    await user.type(await screen.findByRole('textbox', { name: pt.label }), 'Oi, 102');
    await user.click(screen.getByRole('button', { name: pt.send }));
    // (The thread's list, not the text box that held the words a moment ago.)
    const threadText = () => screen.getByTestId('finder-thread').textContent;
    await waitFor(() => expect(threadText()).toContain('Oi, 102'));
    const [url, init] = fetch.mock.calls[1] as [string, RequestInit];
    expect(url).toBe(`/api/public/tags/${plate.code}/conversations`);
    expect(JSON.parse(init.body as string)).toEqual({ body: 'Oi, 102', unitId: 12 });
    expect(window.localStorage.getItem(conversationStorageKey(plate.code, 12))).toBe('C'.repeat(22));
    expect(window.localStorage.getItem(conversationStorageKey(plate.code, 11))).toBe('B'.repeat(22));

    await user.click(screen.getByRole('radio', { name: 'Apto 101' }));
    await waitFor(() => expect(threadText()).toContain('Oi, 101'));
    expect(threadText()).not.toContain('Oi, 102');
    const [, again] = fetch.mock.calls[2] as [string, RequestInit];
    expect((again.headers as Record<string, string>).Authorization).toBe(`Bearer ${'B'.repeat(22)}`);
  });

  it('[FIND-06] a private link to a plate thread chooses its unit, keeps the token under it and leaves the address', async () => {
    window.history.replaceState(null, '', `/t/${plate.code}#conversa=${'D'.repeat(22)}`);
    const fetch = vi.fn().mockResolvedValueOnce(json(200, thread(12, [message(1, 'finder', 'Pelo link')])));
    vi.stubGlobal('fetch', fetch);
    render(
      <FinderLangProvider initial="pt-BR">
        <PlateDoor tag={plate} />
      </FinderLangProvider>,
    );
    expect(await screen.findByText('Pelo link')).toBeDefined();
    await waitFor(() => expect(screen.getByRole<HTMLInputElement>('radio', { name: 'Apto 102' }).checked).toBe(true));
    expect(window.localStorage.getItem(conversationStorageKey(plate.code, 12))).toBe('D'.repeat(22));
    expect(window.location.hash).toBe('');
    expect(window.location.pathname).toBe(`/t/${plate.code}`);
    // Choosing its unit kept the thread on screen: one read, no second.
    expect(screen.getByTestId('finder-thread').textContent).toContain('Pelo link');
    expect(fetch).toHaveBeenCalledTimes(1);
  });
});
