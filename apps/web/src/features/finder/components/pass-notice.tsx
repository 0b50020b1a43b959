import type { PassLink } from '../hooks/use-pass-link';
import { useDoorText } from '../door-text';
import { useFinderText } from '../i18n';
import { PassGate } from './pass-gate';

/**
 * CONDO-16: what the pass of the link says — the visitor is expected (the unit is chosen), or why
 * the pass does not count now (the plate works as usual).
 */
export function PassNotice({ pass, code }: { pass: PassLink; code: string }) {
  const d = useDoorText();
  const { lang } = useFinderText();
  if (pass.status === 'active') {
    return (
      <div role="status" className="space-y-1 rounded-lg border border-green-300 bg-green-50 p-3 text-slate-900">
        <p className="text-lg font-bold">{d.expected}</p>
        {pass.visitorName ? <p>{d.passHello(pass.visitorName)}</p> : null}
        {/* CONDO-18: only within the window, and only if the resident allowed it. */}
        {pass.canOpenGate ? <PassGate code={code} token={pass.token} /> : null}
      </div>
    );
  }
  const from = pass.validFrom
    ? new Intl.DateTimeFormat(lang, { dateStyle: 'short', timeStyle: 'short' }).format(new Date(pass.validFrom))
    : '';
  const text =
    pass.status === 'expired'
      ? d.passExpired
      : pass.status === 'revoked'
        ? d.passRevoked
        : pass.status === 'upcoming'
          ? d.passUpcoming(from)
          : d.passUnknown;
  return (
    <p role="status" className="rounded-lg border border-amber-300 bg-amber-50 p-3 font-medium text-amber-900">
      {text}
    </p>
  );
}
