import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { osmLink, type PublicTag } from '@toque/contracts/calls';
import { finderMessage } from '@toque/contracts/finder-text';
import {
  CONVERSATION_FRAGMENT,
  CONVERSATION_MESSAGE_MAX,
  conversationFinderText,
  conversationLink,
  conversationMessageBody,
  conversationMsg,
  conversationStorageKey,
  type ConversationState,
  type FinderMessage,
} from '@toque/contracts/conversations';
import { Button } from '../../../components/ui/button';
import { TextAreaField } from '../../../components/ui/field';
import { Spinner } from '../../../components/ui/spinner';
import { isApiError } from '../../../lib/api-client';
import { createConversationSocket, retryRefusedHandshakes } from '../../../lib/call-socket';
import { getFinderThread, sendFinderMessage, startConversation } from '../api/conversation';
import { positionWithin } from '../finder-media';
import { useFinderText } from '../i18n';
import { plateUnitLabel } from './plate-unit-label';

const POSITION_WAIT_MS = 4000;

/** The server's Portuguese refusals, in the finder's language. */
function stateOf(message: string): ConversationState | null {
  if (message === conversationMsg.blocked) return 'blocked';
  if (message === conversationMsg.closed) return 'closed';
  if (message === conversationMsg.ended) return 'ended';
  return null;
}

/**
 * FIND-06: the finder's conversation — the first message opens it, then the thread, live through a
 * socket authenticated by the conversation's token, and the private link to come back to it.
 * A plate (`units` given, CALL-02): written to the chosen unit (`unitId`), its residents answer as
 * the unit; a thread already open names the unit it went to.
 */
export function ConversationPanel({
  code,
  firstName,
  units,
  unitId,
  initialToken,
  onThreadUnit,
}: {
  code: string;
  firstName: string;
  units?: PublicTag['units'] | undefined;
  unitId?: number | undefined;
  initialToken: string | null;
  onThreadUnit?: ((unitId: number) => void) | undefined;
}) {
  const { lang, t } = useFinderText();
  const c = conversationFinderText[lang];
  const [token, setToken] = useState(initialToken);
  const [messages, setMessages] = useState<FinderMessage[]>([]);
  const [state, setState] = useState<ConversationState>('open');
  const [name, setName] = useState(firstName);
  /** The unit an open thread went to (the server's word); before the first message, the chosen one. */
  const [threadUnit, setThreadUnit] = useState<number | null>(null);
  const [loading, setLoading] = useState(initialToken !== null);
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [copied, setCopied] = useState(false);
  const headingId = useId();
  const listRef = useRef<HTMLOListElement>(null);

  const add = (...ms: FinderMessage[]) =>
    setMessages((all) => {
      const fresh = ms.filter((m) => !all.some((x) => x.id === m.id));
      return fresh.length ? [...all, ...fresh].sort((a, b) => a.id - b.id) : all;
    });

  // A stored token: the thread as it stands (after a reload too).
  useEffect(() => {
    if (!initialToken) return;
    let live = true;
    getFinderThread(initialToken).then(
      (thread) => {
        if (!live) return;
        setMessages(thread.messages);
        setState(thread.state);
        if (thread.owner_first_name) setName(thread.owner_first_name);
        setThreadUnit(thread.unit_id);
        setLoading(false);
        // A plate's private link: the thread is kept under its unit, the address loses the token
        // (choosing another unit then starts another thread), and the door chooses that unit.
        if (
          units !== undefined &&
          thread.unit_id !== null &&
          new URLSearchParams(window.location.hash.slice(1)).has(CONVERSATION_FRAGMENT)
        ) {
          try {
            window.localStorage.setItem(conversationStorageKey(code, thread.unit_id), initialToken);
          } catch {
            // storage unavailable: the link still brings the visitor back
          }
          window.history.replaceState(window.history.state, '', window.location.pathname + window.location.search);
          onThreadUnit?.(thread.unit_id);
        }
      },
      (e: unknown) => {
        if (!live) return;
        setLoading(false);
        if (isApiError(e) && e.status === 403) setState('blocked');
        else if (isApiError(e) && e.status === 401) {
          // Not a conversation any more: start afresh.
          try {
            window.localStorage.removeItem(conversationStorageKey(code, units !== undefined ? unitId : undefined));
          } catch {
            // storage unavailable
          }
          setToken(null);
        } else setError(c.failed);
      },
    );
    return () => {
      live = false;
    };
    // The thread loads once per token (the entry remounts this panel for another one).
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [initialToken, code, c.failed]);

  // Live: answers and the owner's close/block reach the finder without a reload.
  useEffect(() => {
    if (!token || state === 'blocked') return;
    const socket = createConversationSocket(token);
    // REL-06: its handshake reads the conversation from the database; a refusal while the database is
    // away is tried again (Socket.IO's own reconnection stops at it), or the thread would stop updating.
    let open = true;
    retryRefusedHandshakes(socket, () => open);
    socket.on('conversation-message', (event) => add(event.message));
    // A message written while the thread loaded and the socket joined (CALL-17: the owner writes as
    // the finder's page learns the thread) is read once the socket is in: nothing falls between.
    socket.on('connect', () => {
      getFinderThread(token).then(
        (thread) => add(...thread.messages),
        () => undefined,
      );
    });
    socket.on('conversation-state', (event) => setState(event.state));
    return () => {
      open = false;
      socket.disconnect();
    };
  }, [token, state]);

  useEffect(() => {
    listRef.current?.lastElementChild?.scrollIntoView?.({ block: 'nearest' });
  }, [messages.length]);

  const send = async (event: FormEvent, withPosition = false) => {
    event.preventDefault();
    const parsed = conversationMessageBody.shape.body.safeParse(withPosition && !text.trim() ? c.locationShared : text);
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message === conversationMsg.messageTooLong ? c.messageTooLong : c.messageEmpty);
      return;
    }
    // A plate's first message needs its unit (the server says so too: 400).
    if (!token && units !== undefined && unitId === undefined) {
      setError(c.pickUnitFirst);
      return;
    }
    setBusy(true);
    setError(null);
    try {
      const at = withPosition ? await positionWithin(POSITION_WAIT_MS) : null;
      const body = { body: parsed.data, ...(at ?? {}) };
      if (!token) {
        const started = await startConversation(code, { ...body, ...(unitId ? { unitId } : {}) });
        try {
          window.localStorage.setItem(
            conversationStorageKey(code, units !== undefined ? unitId : undefined),
            started.token,
          );
        } catch {
          // storage unavailable: the link below still brings the finder back
        }
        setMessages(started.thread.messages);
        setState(started.thread.state);
        if (started.thread.owner_first_name) setName(started.thread.owner_first_name);
        setThreadUnit(started.thread.unit_id);
        setToken(started.token);
      } else {
        add(await sendFinderMessage(token, body));
      }
      setText('');
    } catch (e) {
      const refused = isApiError(e) ? stateOf(e.message) : null;
      if (refused) setState(refused);
      else if (isApiError(e) && e.status === 429) setError(c.tooMany);
      // Any other refusal is the server's own words (a unit nobody answers, a tag that takes no messages), in the finder's language.
      else if (isApiError(e) && e.status >= 400 && e.status < 500) setError(finderMessage(t, e.message, e));
      else setError(c.failed);
    } finally {
      setBusy(false);
    }
  };

  if (loading) return <Spinner label={t.loading} />;
  const plate = units !== undefined;
  const unit = plate ? units.find((u) => u.unit_id === (threadUnit ?? unitId)) : undefined;
  const unitName = unit ? plateUnitLabel(t, unit) : null;
  const title = !plate ? c.title(name) : unitName ? c.unitTitle(unitName) : c.writeInstead;
  const link = token ? conversationLink(window.location.origin, code, token) : null;
  const closedNote = state === 'open' ? null : plate && state === 'blocked' ? c.unitBlocked : c[state];

  return (
    <section aria-labelledby={headingId} className="space-y-4 rounded-xl border border-slate-200 p-4">
      <h2 id={headingId} className="text-xl font-bold text-slate-900">
        {title}
      </h2>
      {messages.length === 0 ? <p className="text-slate-700">{plate ? c.unitIntro : c.intro}</p> : null}
      {messages.length > 0 ? (
        <ol ref={listRef} aria-live="polite" className="max-h-96 space-y-2 overflow-y-auto" data-testid="finder-thread">
          {messages.map((m) => (
            <li
              key={m.id}
              className={`rounded-lg p-3 ${m.from === 'finder' ? 'ml-8 bg-brand-50 text-slate-900' : 'mr-8 bg-slate-100 text-slate-900'}`}
            >
              <p className="text-sm font-semibold">
                {m.from === 'finder' ? c.you : m.name || (plate ? (unitName ?? c.residents) : c.ownerSignature)}
              </p>
              <p className="whitespace-pre-line break-words">{m.body}</p>
              {m.latitude !== null && m.longitude !== null ? (
                <p className="text-sm">
                  <a
                    className="text-brand-700 underline"
                    href={osmLink(m.latitude, m.longitude)}
                    target="_blank"
                    rel="noopener noreferrer"
                  >
                    {c.locationShared}
                  </a>
                </p>
              ) : null}
            </li>
          ))}
        </ol>
      ) : null}
      {closedNote ? (
        <p role="status" className="rounded-lg bg-amber-50 p-3 font-semibold text-slate-900">
          {closedNote}
        </p>
      ) : (
        <form noValidate onSubmit={(event) => void send(event)} className="space-y-3">
          <TextAreaField
            label={c.label}
            placeholder={plate ? c.unitPlaceholder : c.placeholder}
            value={text}
            maxLength={CONVERSATION_MESSAGE_MAX}
            rows={3}
            onChange={(event) => setText(event.target.value)}
            error={error ?? undefined}
          />
          <div className="flex flex-col gap-2 sm:flex-row">
            <Button type="submit" size="lg" className="flex-1" busy={busy}>
              {c.send}
            </Button>
            <Button
              type="button"
              variant="secondary"
              size="lg"
              className="flex-1"
              disabled={busy}
              onClick={(event) => void send(event, true)}
            >
              {c.shareLocation}
            </Button>
          </div>
        </form>
      )}
      {link && state !== 'blocked' ? (
        <div className="space-y-2 rounded-lg border border-slate-200 bg-slate-50 p-3">
          <p className="font-semibold text-slate-900">{c.keepLink}</p>
          <p className="text-sm text-slate-700">{c.keepLinkHelp}</p>
          <p className="break-all font-mono text-sm text-slate-900" data-testid="conversation-link">
            {link}
          </p>
          <Button
            variant="secondary"
            onClick={() => {
              void navigator.clipboard?.writeText(link).then(
                () => setCopied(true),
                () => undefined,
              );
            }}
          >
            {copied ? c.copied : c.copy}
          </Button>
        </div>
      ) : null}
    </section>
  );
}
