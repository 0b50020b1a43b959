import { useState } from 'react';
import { leaveTagMessage } from '../api/leave-tag-message';
import { positionWithin } from '../finder-media';
import { useFinderText } from '../i18n';
import { MessageForm } from './message-form';

/** How long the message waits for the phone's position before it goes without it. */
const MESSAGE_POSITION_WAIT_MS = 4000;

/**
 * FIND-07: the owner's quiet hours — nothing rings until `until` (the owner's wall time); the
 * finder is told so in their language and offered to write instead (CALL-15's message, which the
 * server takes from a tag in quiet hours). A plate's unit only says until when: a plate takes no
 * tag message. The conversation of FIND-06 plugs in here.
 */
export function QuietNotice({ code, until, canWrite = true }: { code: string; until: string; canWrite?: boolean }) {
  const { t } = useFinderText();
  const [sent, setSent] = useState(false);
  return (
    <div className="space-y-5" data-testid="quiet-notice">
      <p role="status" className="text-lg font-semibold text-slate-900">
        {t.quiet(until)}
      </p>
      {!canWrite ? null : sent ? (
        <p role="status" className="text-lg font-semibold text-slate-900">
          {t.messageSent}
        </p>
      ) : (
        <MessageForm
          intro={t.leaveMessage}
          withContact
          onSend={async (message, contact) => {
            const at = await positionWithin(MESSAGE_POSITION_WAIT_MS);
            await leaveTagMessage(code, { message, ...(contact ? { contact } : {}), ...(at ?? {}) });
            setSent(true);
          }}
        />
      )}
    </div>
  );
}
