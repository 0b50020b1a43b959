import { useState, type FormEvent } from 'react';
import { callbackContact, leaveMessageBody } from '@toque/contracts/calls';
import { finderMessage } from '@toque/contracts/finder-text';
import { Button } from '../../../components/ui/button';
import { TextAreaField, TextField } from '../../../components/ui/field';
import { isApiError } from '../../../lib/api-client';
import { whileUnavailable } from '../../../lib/retry-unavailable';
import { useFinderText } from '../i18n';

const MESSAGE_MAX = 500;

/** CALL-07: a short text for the owner; it goes with the finder's location. */
interface MessageFormProps {
  intro: string;
  /** `contact`: the optional phone or e-mail of the `withContact` field (CALL-15). */
  onSend: (message: string, contact?: string) => Promise<void>;
  /** CALL-15: a switched-off tag's form also asks, optionally, how the owner can answer. */
  withContact?: boolean;
  /** Why it cannot be sent yet (a plate's unit not chosen, in Portuguese), shown instead of sending. */
  blocked?: string | null;
}

export function MessageForm({ intro, onSend, blocked = null, withContact = false }: MessageFormProps) {
  const { t } = useFinderText();
  const [text, setText] = useState('');
  const [contact, setContact] = useState('');
  const [contactError, setContactError] = useState<string | null>(null);
  // Kept as the Portuguese message (the schema's, the server's) and translated when shown (FIND-03).
  const [error, setError] = useState<{ message: string; status?: number; retryAfterS?: number | undefined } | null>(
    null,
  );
  const [busy, setBusy] = useState(false);
  /** REL-06: the server cannot take the message now (503); it is sent again by itself. */
  const [retrying, setRetrying] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (blocked) {
      setError({ message: blocked });
      return;
    }
    const parsed = leaveMessageBody.shape.message.safeParse(text);
    const way = withContact && contact.trim() ? callbackContact.safeParse(contact) : null;
    setContactError(way && !way.success ? (way.error.issues[0]?.message ?? null) : null);
    if (!parsed.success) {
      setError(parsed.error.issues[0] ? { message: parsed.error.issues[0].message } : null);
      return;
    }
    if (way && !way.success) return;
    setBusy(true);
    setError(null);
    try {
      await whileUnavailable(() => onSend(parsed.data, way?.data), setRetrying);
    } catch (e) {
      setError(
        isApiError(e) && e.status !== 0
          ? { message: e.message, status: e.status, retryAfterS: e.retryAfterS }
          : { message: t.callFailed },
      );
      setBusy(false);
    }
  };

  return (
    <form noValidate onSubmit={(event) => void submit(event)} className="space-y-4">
      <p className="text-slate-800">{intro}</p>
      <TextAreaField
        label={t.messageLabel}
        value={text}
        maxLength={MESSAGE_MAX}
        rows={4}
        onChange={(event) => setText(event.target.value)}
        error={error ? finderMessage(t, error.message, error) : undefined}
      />
      {withContact ? (
        <TextField
          label={t.contactOptional}
          hint={t.callbackHelp}
          value={contact}
          maxLength={120}
          autoComplete="email"
          onChange={(event) => setContact(event.target.value)}
          error={contactError ? finderMessage(t, contactError) : undefined}
        />
      ) : null}
      {retrying ? (
        <p role="status" className="font-medium text-slate-800">
          {t.retrying}
        </p>
      ) : null}
      <Button type="submit" size="lg" className="w-full" busy={busy}>
        {t.sendMessage}
      </Button>
    </form>
  );
}
