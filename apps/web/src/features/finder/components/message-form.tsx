import { useState, type FormEvent } from 'react';
import { leaveMessageBody } from '@toque/contracts/calls';
import { finderMessage } from '@toque/contracts/finder-text';
import { Button } from '../../../components/ui/button';
import { TextAreaField } from '../../../components/ui/field';
import { isApiError } from '../../../lib/api-client';
import { useFinderText } from '../i18n';

const MESSAGE_MAX = 500;

/** CALL-07: a short text for the owner; it goes with the finder's location. */
interface MessageFormProps {
  intro: string;
  onSend: (message: string) => Promise<void>;
  /** Why it cannot be sent yet (a plate's unit not chosen, in Portuguese), shown instead of sending. */
  blocked?: string | null;
}

export function MessageForm({ intro, onSend, blocked = null }: MessageFormProps) {
  const { t } = useFinderText();
  const [text, setText] = useState('');
  // Kept as the Portuguese message (the schema's, the server's) and translated when shown (FIND-03).
  const [error, setError] = useState<{ message: string; status?: number; retryAfterS?: number | undefined } | null>(
    null,
  );
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (blocked) {
      setError({ message: blocked });
      return;
    }
    const parsed = leaveMessageBody.shape.message.safeParse(text);
    if (!parsed.success) {
      setError(parsed.error.issues[0] ? { message: parsed.error.issues[0].message } : null);
      return;
    }
    setBusy(true);
    setError(null);
    try {
      await onSend(parsed.data);
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
      <Button type="submit" size="lg" className="w-full" busy={busy}>
        {t.sendMessage}
      </Button>
    </form>
  );
}
