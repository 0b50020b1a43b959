import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { paths } from '@toque/contracts/routes';
import { osmLink } from '@toque/contracts/calls';
import { productLabel } from '@toque/contracts/constants';
import { CONVERSATION_MESSAGE_MAX, conversationMessageBody, conversationsUi } from '@toque/contracts/conversations';
import { brasiliaDateTime } from '@toque/contracts/time-format';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { TextAreaField } from '../../../components/ui/field';
import { Spinner } from '../../../components/ui/spinner';
import { isApiError } from '../../../lib/api-client';
import { useAnswer, useConversationAction, useConversationThread } from '../api/conversations';
import { useLiveConversations, type LiveSocket } from '../live';
import { RecordingPlayer } from './recording-player';


function currentPosition(): Promise<{ latitude: number; longitude: number } | null> {
  return new Promise((resolve) => {
    if (!('geolocation' in navigator)) return resolve(null);
    navigator.geolocation.getCurrentPosition(
      (p) => resolve({ latitude: p.coords.latitude, longitude: p.coords.longitude }),
      () => resolve(null),
      { timeout: 8000 },
    );
  });
}

/**
 * FIND-06: one conversation for the owner, a member or a resident: the thread (text only — a link
 * the finder wrote stays plain text), the answer, a shared position, close and block.
 */
export function ConversationThread({ id, socket }: { id: string; socket: LiveSocket }) {
  useLiveConversations(socket);
  const thread = useConversationThread(id);
  const answer = useAnswer(id);
  const close = useConversationAction(id, 'close');
  const block = useConversationAction(id, 'block');
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [confirmBlock, setConfirmBlock] = useState(false);
  const listRef = useRef<HTMLOListElement>(null);
  const count = thread.data?.messages.length ?? 0;
  useEffect(() => {
    listRef.current?.lastElementChild?.scrollIntoView?.({ block: 'nearest' });
  }, [count]);

  if (thread.isPending) return <Spinner label={conversationsUi.title} />;
  if (thread.isError) return <p role="alert">{thread.error.message}</p>;
  const c = thread.data;

  const send = async (event: FormEvent, withPosition = false) => {
    event.preventDefault();
    const parsed = conversationMessageBody.shape.body.safeParse(withPosition && !text.trim() ? conversationsUi.sharedLocation : text);
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? null);
      return;
    }
    setError(null);
    const at = withPosition ? await currentPosition() : null;
    try {
      await answer.mutateAsync({ body: parsed.data, ...(at ?? {}) });
      setText('');
    } catch (e) {
      setError(isApiError(e) && e.status !== 0 ? e.message : conversationsUi.failed);
    }
  };
  const note = c.state === 'open' ? null : conversationsUi.stateNotes[c.state];

  return (
    <div className="space-y-4">
      <p>
        <Link to={paths.conversations} className="tap-target text-brand-700 underline">
          {conversationsUi.back}
        </Link>
      </p>
      <h2 className="text-xl font-bold text-slate-900">
        {c.tag_name.trim() || productLabel(c.product_id)}
        {c.unit_name ? ` · ${c.unit_name}` : ''}
      </h2>
      {c.unit_name ? <p className="text-slate-700">{conversationsUi.unitNote}</p> : null}
      <ol ref={listRef} aria-live="polite" className="max-h-[28rem] space-y-2 overflow-y-auto" data-testid="owner-thread">
        {c.messages.map((m) => (
          <li key={m.id} className={`rounded-lg p-3 ${m.from === 'finder' ? 'mr-8 bg-slate-100' : 'ml-8 bg-brand-50'} text-slate-900`}>
            <p className="text-sm font-semibold">
              {m.from === 'finder' ? (c.unit_name ? conversationsUi.visitor : conversationsUi.finder) : m.mine ? conversationsUi.you : m.name}
              <span className="ml-2 font-normal text-slate-700">{brasiliaDateTime.format(new Date(m.created_at))}</span>
            </p>
            {/* Text only: whatever the finder wrote (a link, markup) is shown as plain text. */}
            <p className="whitespace-pre-line break-words">{m.body}</p>
            {m.recording ? <RecordingPlayer conversationId={c.id} messageId={m.id} kind={m.recording.kind} /> : null}
            {m.latitude !== null && m.longitude !== null ? (
              <p className="text-sm">
                <a className="text-brand-700 underline" href={osmLink(m.latitude, m.longitude)} target="_blank" rel="noopener noreferrer">
                  {conversationsUi.sharedLocation}
                </a>
              </p>
            ) : null}
          </li>
        ))}
      </ol>
      {note ? (
        <p role="status" className="rounded-lg bg-amber-50 p-3 font-semibold text-slate-900">
          {note}
        </p>
      ) : (
        <>
          <form noValidate onSubmit={(event) => void send(event)} className="space-y-3">
            <TextAreaField
              label={conversationsUi.label}
              value={text}
              maxLength={CONVERSATION_MESSAGE_MAX}
              rows={3}
              onChange={(event) => setText(event.target.value)}
              error={error ?? undefined}
            />
            <div className="flex flex-wrap gap-2">
              <Button type="submit" busy={answer.isPending}>
                {conversationsUi.send}
              </Button>
              <Button type="button" variant="secondary" disabled={answer.isPending} onClick={(event) => void send(event, true)}>
                {conversationsUi.shareLocation}
              </Button>
            </div>
          </form>
          <div className="flex flex-wrap gap-2 border-t border-slate-200 pt-4">
            <Button variant="secondary" busy={close.isPending} onClick={() => close.mutate()}>
              {conversationsUi.close}
            </Button>
            <Button variant="danger" onClick={() => setConfirmBlock(true)}>
              {conversationsUi.block}
            </Button>
          </div>
        </>
      )}
      <ConfirmDialog
        open={confirmBlock}
        title={conversationsUi.blockTitle}
        confirmLabel={conversationsUi.block}
        cancelLabel={conversationsUi.cancel}
        danger
        busy={block.isPending}
        onClose={() => setConfirmBlock(false)}
        onConfirm={() => block.mutate(undefined, { onSettled: () => setConfirmBlock(false) })}
      >
        <p>{conversationsUi.blockConfirm}</p>
      </ConfirmDialog>
    </div>
  );
}

