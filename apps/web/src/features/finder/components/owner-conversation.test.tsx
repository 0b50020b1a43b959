import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { conversationFinderText, type FinderMessage, type FinderThread } from '@toque/contracts/conversations';
import type { FinderLang } from '@toque/contracts/finder-text';
import { FinderLangProvider } from '../i18n';
import { ConversationEntry } from './conversation-entry';

/** The conversation's socket (a network dependency, not the panel under test): its handlers are kept to play an answer. */
const socketHandlers = new Map<string, (event: unknown) => void>();
vi.mock('socket.io-client', () => ({
  io: () => ({
    on: (event: string, handler: (event: unknown) => void) => socketHandlers.set(event, handler),
    disconnect: () => undefined,
  }),
}));

const CODE = 'PETX2345';
const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status });
const message = (id: number, from: 'finder' | 'owner', body: string, name = ''): FinderMessage => ({
  id,
  from,
  name,
  body,
  latitude: null,
  longitude: null,
  created_at: '2026-11-29T21:00:00.000Z',
});
const thread = (ownerFirstName: string, messages: FinderMessage[]): FinderThread => ({
  tag_code: CODE,
  unit_id: null,
  owner_first_name: ownerFirstName,
  state: 'open',
  messages,
});

beforeEach(() => {
  vi.stubGlobal('navigator', { ...navigator, geolocation: undefined });
  window.localStorage.clear();
  socketHandlers.clear();
});

afterEach(() => {
  vi.unstubAllGlobals();
});

/** The finder writes the first message; the server's thread and a live answer come back as given. */
async function writeAndHearBack(lang: FinderLang, ownerFirstName: string) {
  const c = conversationFinderText[lang];
  vi.stubGlobal(
    'fetch',
    vi
      .fn()
      .mockResolvedValueOnce(
        json(201, { token: 'A'.repeat(22), thread: thread(ownerFirstName, [message(1, 'finder', 'Achei o Rex.')]) }),
      ),
  );
  const user = userEvent.setup();
  render(
    <FinderLangProvider initial={lang}>
      <ConversationEntry code={CODE} firstName={ownerFirstName} />
    </FinderLangProvider>,
  );
  await user.click(screen.getByRole('button', { name: c.writeInstead }));
  await user.type(await screen.findByRole('textbox', { name: c.label }), 'Achei o Rex.');
  await user.click(screen.getByRole('button', { name: c.send }));
  const list = await screen.findByTestId('finder-thread');
  // The live socket opens once the token is kept.
  await waitFor(() => expect(socketHandlers.has('conversation-message')).toBe(true));
  act(() =>
    socketHandlers.get('conversation-message')!({
      conversationId: 'c',
      message: message(2, 'owner', 'Obrigado! Vou buscar.', ownerFirstName),
    }),
  );
  await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(2));
  return { c, answer: within(list).getAllByRole('listitem')[1]! };
}

describe("the finder's conversation with a tag's owner (FIND-06, SEC-10)", () => {
  it.each<FinderLang>(['pt-BR', 'en', 'es'])(
    '[SEC-10] [FIND-06] [FIND-03] the name switched off (%s): the heading and every answer are signed neutrally, with no name',
    async (lang) => {
      const { c, answer } = await writeAndHearBack(lang, '');
      expect(screen.getByRole('heading', { name: c.title('') })).toBeDefined();
      expect(answer.querySelector('p')!.textContent).toBe(c.ownerSignature);
      expect(answer.textContent).toContain('Obrigado! Vou buscar.');
    },
  );

  it('[SEC-10] [FIND-06] the name switched on: the heading and the answer name the owner', async () => {
    const { c, answer } = await writeAndHearBack('pt-BR', 'Carlos');
    expect(screen.getByRole('heading', { name: c.title('Carlos') })).toBeDefined();
    expect(answer.querySelector('p')!.textContent).toBe('Carlos');
  });
});
