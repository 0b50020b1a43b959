import { useState, type FormEvent } from 'react';
import { callbackContact } from '@toque/contracts/calls';
import { finderMessage } from '@toque/contracts/finder-text';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/field';
import { isApiError } from '../../../lib/api-client';
import { useFinderText } from '../i18n';

/**
 * CALL-15: after no answer, a phone (with its area code) or an e-mail the owner can call or write
 * back on. Checked with the API's own schema; its Portuguese error is shown in the finder's language.
 */
export function CallbackForm({ onSend, sent }: { onSend: (contact: string) => Promise<void>; sent: boolean }) {
  const { t } = useFinderText();
  const [contact, setContact] = useState('');
  const [error, setError] = useState<{ message: string; status?: number; retryAfterS?: number | undefined } | null>(
    null,
  );
  const [busy, setBusy] = useState(false);

  if (sent) {
    return (
      <p role="status" className="rounded-lg bg-green-50 p-3 font-medium text-green-900">
        {t.callbackSent}
      </p>
    );
  }

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const parsed = callbackContact.safeParse(contact);
    if (!parsed.success) {
      setError({ message: parsed.error.issues[0]?.message ?? t.server.callbackInvalid });
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
    } finally {
      setBusy(false);
    }
  };

  return (
    <form
      noValidate
      onSubmit={(event) => void submit(event)}
      aria-labelledby="callback-heading"
      className="space-y-3 border-t border-slate-200 pt-5"
    >
      <h2 id="callback-heading" className="font-semibold text-slate-900">
        {t.callbackHeading}
      </h2>
      <TextField
        label={t.callbackLabel}
        hint={t.callbackHelp}
        value={contact}
        maxLength={120}
        autoComplete="email"
        onChange={(event) => setContact(event.target.value)}
        error={error ? finderMessage(t, error.message, error) : undefined}
      />
      <Button type="submit" variant="secondary" size="lg" className="w-full" busy={busy}>
        {t.sendCallback}
      </Button>
    </form>
  );
}
