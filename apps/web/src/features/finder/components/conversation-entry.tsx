import { lazy, Suspense, useId, useMemo, useState } from 'react';
import { useHydrated } from '../../../lib/use-hydrated';
import type { PublicTag } from '@toque/contracts/calls';
import { CONVERSATION_FRAGMENT, conversationFinderText, conversationStorageKey } from '@toque/contracts/conversations';
import { Button } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import { useFinderText } from '../i18n';
import { plateUnitLabel } from './plate-unit-label';

// PERF-06: the thread's code (its socket, its form) loads only when the finder opens it.
const ConversationPanel = lazy(() => import('./conversation-panel').then((m) => ({ default: m.ConversationPanel })));

/** The token of this tag's conversation: the private link's fragment first (kept then), else this browser's. */
export function storedConversationToken(code: string): string | null {
  try {
    const fromLink = new URLSearchParams(window.location.hash.slice(1)).get(CONVERSATION_FRAGMENT);
    if (fromLink && /^[A-Za-z0-9_-]{22}$/.test(fromLink)) {
      window.localStorage.setItem(conversationStorageKey(code), fromLink);
      return fromLink;
    }
    return window.localStorage.getItem(conversationStorageKey(code));
  } catch {
    return null;
  }
}

/**
 * FIND-06: "Escrever" beside the call button — or the conversation itself when this browser (or
 * the private link) already holds one for this tag.
 *
 * A plate (`units` given, CALL-02): the conversation goes to the unit chosen on the door's picker
 * (`unitId`, the same choice a call rings). Before a unit is chosen the button stays tappable (a
 * tap held by the finder page's island is replayed on it, ADR 0037) and says to pick one first.
 */
export function ConversationEntry({
  code,
  firstName,
  units,
  unitId,
}: {
  code: string;
  firstName: string;
  /** A plate's units: the entry writes to one of them. */
  units?: PublicTag['units'] | undefined;
  unitId?: number | null | undefined;
}) {
  const { lang, t } = useFinderText();
  const c = conversationFinderText[lang];
  const hintId = useId();
  const [clicked, setOpen] = useState(false);
  const [asked, setAsked] = useState(false);
  // After hydration only: the server's HTML knows nothing of this browser's conversation.
  const hydrated = useHydrated();
  const token = useMemo(() => (hydrated ? storedConversationToken(code) : null), [hydrated, code]);
  const plate = units !== undefined;
  const chosen = plate ? units.find((u) => u.unit_id === unitId && u.reachable) : undefined;
  // Once opened it stays: a unit changed afterwards must not take away a thread just started.
  const open = token !== null || clicked;
  if (!open) {
    // A plate nobody can answer yet: the call panel says so; there is no one to write to either.
    if (plate && !units.some((u) => u.reachable)) return null;
    const needsUnit = plate && chosen === undefined;
    return (
      <div className="space-y-2" data-testid="conversation-entry">
        <Button
          variant="secondary"
          size="lg"
          className="w-full"
          aria-describedby={needsUnit ? hintId : undefined}
          onClick={() => {
            if (needsUnit) setAsked(true);
            else setOpen(true);
          }}
        >
          {chosen ? c.writeToUnit(plateUnitLabel(t, chosen)) : c.writeInstead}
        </Button>
        {needsUnit ? (
          // A new element when tapped: an inserted alert is announced; the quiet hint is not.
          <p key={asked ? 'alert' : 'hint'} id={hintId} role={asked ? 'alert' : undefined} className={asked ? 'font-medium text-red-700' : 'text-sm text-slate-700'}>
            {c.pickUnitFirst}
          </p>
        ) : null}
      </div>
    );
  }
  return (
    <Suspense fallback={<Spinner label={t.loading} />}>
      <ConversationPanel code={code} firstName={firstName} units={units} unitId={chosen?.unit_id} initialToken={token} />
    </Suspense>
  );
}
