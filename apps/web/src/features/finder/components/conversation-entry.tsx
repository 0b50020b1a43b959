import { lazy, Suspense, useId, useState, useSyncExternalStore } from 'react';
import { useHydrated } from '../../../lib/use-hydrated';
import type { PublicTag } from '@toque/contracts/calls';
import { CONVERSATION_FRAGMENT, conversationFinderText, conversationStorageKey } from '@toque/contracts/conversations';
import { Button } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import { conversationTokensVersion, savedConversationToken, subscribeConversationTokens } from '../conversation-tokens';
import { useFinderText } from '../i18n';
import { plateUnitLabel } from './plate-unit-label';

// PERF-06: the thread's code (its socket, its form) loads only when the finder opens it.
const ConversationPanel = lazy(() => import('./conversation-panel').then((m) => ({ default: m.ConversationPanel })));

/** The private link's token (`#conversa=`), when the address holds a well-formed one. */
function linkToken(): string | null {
  const token = new URLSearchParams(window.location.hash.slice(1)).get(CONVERSATION_FRAGMENT);
  return token && /^[A-Za-z0-9_-]{22}$/.test(token) ? token : null;
}

/**
 * The token of this tag's conversation: the private link's fragment first, else this browser's.
 * A plate (`unit` given) keeps one per unit: none before a unit is chosen; a private link's thread
 * is stored under its unit once the thread says which (ConversationPanel).
 */
export function storedConversationToken(code: string, unit?: number | null): string | null {
  try {
    const fromLink = linkToken();
    if (fromLink) {
      if (unit === undefined) window.localStorage.setItem(conversationStorageKey(code), fromLink);
      return fromLink;
    }
    if (unit === null) return null;
    return window.localStorage.getItem(conversationStorageKey(code, unit)) ?? savedConversationToken(code, unit);
  } catch {
    return unit === null ? null : savedConversationToken(code, unit);
  }
}

/** The units of a plate this browser holds a conversation with (ConversationPanel stores them). */
export function storedConversationUnits(code: string): number[] {
  const prefix = `${conversationStorageKey(code)}:`;
  const units: number[] = [];
  try {
    for (let i = 0; i < window.localStorage.length; i++) {
      const key = window.localStorage.key(i);
      const unit = key?.startsWith(prefix) ? Number(key.slice(prefix.length)) : NaN;
      if (Number.isInteger(unit) && unit > 0) units.push(unit);
    }
  } catch {
    // storage unavailable
  }
  return units;
}

/**
 * FIND-06: "Escrever" beside the call button — or the conversation itself when this browser (or
 * the private link) already holds one for this tag.
 *
 * A plate (`units` given, CALL-02): the conversation goes to the unit chosen on the door's picker
 * (`unitId`, the same choice a call rings), one thread per unit. Before a unit is chosen the button
 * stays tappable (a tap held by the finder page's island is replayed on it, ADR 0037) and says to
 * pick one first.
 */
export function ConversationEntry({
  code,
  firstName,
  units,
  unitId,
  onThreadUnit,
}: {
  code: string;
  firstName: string;
  /** A plate's units: the entry writes to one of them. */
  units?: PublicTag['units'] | undefined;
  unitId?: number | null | undefined;
  /** A plate: the unit of a thread opened from its private link, for the door to choose it. */
  onThreadUnit?: ((unitId: number) => void) | undefined;
}) {
  const { lang, t } = useFinderText();
  const c = conversationFinderText[lang];
  const hintId = useId();
  const plate = units !== undefined;
  const chosen = plate ? units.find((u) => u.unit_id === unitId && u.reachable) : undefined;
  /** What the conversation is with: the tag, or on a plate the chosen unit (none yet: null). */
  const target = plate ? (chosen?.unit_id ?? null) : undefined;
  const [clickedFor, setOpenFor] = useState<number | null | undefined | false>(false);
  const [asked, setAsked] = useState(false);
  // After hydration only: the server's HTML knows nothing of this browser's conversation.
  const hydrated = useHydrated();
  // FIND-13: the message left after a missed call stores the thread's token: the thread shows here at once.
  useSyncExternalStore(subscribeConversationTokens, conversationTokensVersion, conversationTokensVersion);
  // A plate's thread follows the chosen unit: 101's thread while 101 is chosen, a new one for 102.
  // (Read each render: one localStorage read, and a thread just stored is found when its unit comes back.)
  const token = hydrated ? storedConversationToken(code, target) : null;
  const open = token !== null || clickedFor === target;
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
            else setOpenFor(target);
          }}
        >
          {chosen ? c.writeToUnit(plateUnitLabel(t, chosen)) : c.writeInstead}
        </Button>
        {needsUnit ? (
          // A new element when tapped: an inserted alert is announced; the quiet hint is not.
          <p
            key={asked ? 'alert' : 'hint'}
            id={hintId}
            role={asked ? 'alert' : undefined}
            className={asked ? 'font-medium text-red-700' : 'text-sm text-slate-700'}
          >
            {c.pickUnitFirst}
          </p>
        ) : null}
      </div>
    );
  }
  return (
    <Suspense fallback={<Spinner label={t.loading} />}>
      <ConversationPanel
        // One panel per thread: another unit's thread (or a new one) is another panel; a private link's
        // thread stays mounted when the door then chooses its unit (same token).
        key={token ?? `new:${target ?? 'tag'}`}
        code={code}
        firstName={firstName}
        units={units}
        unitId={chosen?.unit_id}
        initialToken={token}
        onThreadUnit={onThreadUnit}
      />
    </Suspense>
  );
}
