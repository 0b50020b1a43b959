import { useState, type FormEvent } from 'react';
import { callUi } from '@toque/contracts/call-ui';
import { leaveMessageBody } from '@toque/contracts/calls';
import { Button } from '../../../components/ui/button';
import { TextAreaField } from '../../../components/ui/field';
import { isApiError } from '../../../lib/api-client';

const MESSAGE_MAX = 500;

/** CALL-07: a short text for the owner; it goes with the finder's location. */
interface MessageFormProps {
  intro: string;
  onSend: (message: string) => Promise<void>;
  /** Why it cannot be sent yet (a plate's unit not chosen), shown instead of sending. */
  blocked?: string | null;
}

export function MessageForm({ intro, onSend, blocked = null }: MessageFormProps) {
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (blocked) {
      setError(blocked);
      return;
    }
    const parsed = leaveMessageBody.shape.message.safeParse(text);
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? callUi.finder.callFailed);
      return;
    }
    setBusy(true);
    setError(null);
    try {
      await onSend(parsed.data);
    } catch (e) {
      setError(isApiError(e) && e.status !== 0 ? e.message : callUi.finder.callFailed);
      setBusy(false);
    }
  };

  return (
    <form noValidate onSubmit={(event) => void submit(event)} className="space-y-4">
      <p className="text-slate-800">{intro}</p>
      <TextAreaField
        label={callUi.finder.messageLabel}
        value={text}
        maxLength={MESSAGE_MAX}
        rows={4}
        onChange={(event) => setText(event.target.value)}
        error={error ?? undefined}
      />
      <Button type="submit" size="lg" className="w-full" busy={busy}>
        {callUi.finder.sendMessage}
      </Button>
    </form>
  );
}
