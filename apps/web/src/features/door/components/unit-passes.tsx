import { useState, type FormEvent } from 'react';
import { doorTime, doorUi, VISITOR_NAME_MAX, type CreatePassResponse } from '@toque/contracts/door';
import { Button, buttonClasses } from '../../../components/ui/button';
import { CheckboxField, TextField } from '../../../components/ui/field';
import { gateUi } from '@toque/contracts/gate';
import { notify } from '../../../lib/toast';
import { useCreatePass, usePasses, useRevokePass } from '../api/passes';

const HOUR = 3_600_000;

/** A `datetime-local` value on the viewer's clock ('2026-11-28T14:30'). */
function localInput(ms: number): string {
  const d = new Date(ms);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

/** The link just made: sent by WhatsApp or copied (the server keeps no copy of it). */
function PassLink({ pass }: { pass: CreatePassResponse }) {
  const text = doorUi.shareText(pass.visitorName, pass.url);
  return (
    <div role="status" className="space-y-3 rounded-lg border border-green-300 bg-green-50 p-3 text-slate-900">
      <p className="font-semibold">{pass.message}</p>
      <TextField label={doorUi.passLink} value={pass.url} readOnly onFocus={(event) => event.currentTarget.select()} />
      <div className="flex flex-wrap gap-2">
        <a
          href={`https://wa.me/?text=${encodeURIComponent(text)}`}
          target="_blank"
          rel="noopener noreferrer"
          className={buttonClasses('primary', 'md')}
        >
          {doorUi.shareWhatsApp}
        </a>
        <Button
          variant="secondary"
          onClick={() =>
            void navigator.clipboard.writeText(pass.url).then(
              () => notify.success(doorUi.linkCopied),
              () => undefined,
            )
          }
        >
          {doorUi.copyLink}
        </Button>
      </div>
    </div>
  );
}

/**
 * CONDO-16: the unit's expected visitors — a pass (first name, from, until: at most 7 days) and its
 * link to send; the list, and revoking. Only the unit's residents see any of it.
 */
export function UnitPasses({ unitId }: { unitId: number }) {
  const passes = usePasses(unitId);
  const create = useCreatePass(unitId);
  const revoke = useRevokePass(unitId);
  const [name, setName] = useState('');
  const [from, setFrom] = useState(() => localInput(Date.now()));
  const [until, setUntil] = useState(() => localInput(Date.now() + 4 * HOUR));
  const [made, setMade] = useState<CreatePassResponse | null>(null);
  /** CONDO-18: the visitor may open the building's gate through the link, within the window. */
  const [canOpenGate, setCanOpenGate] = useState(false);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const fromDate = new Date(from);
    const untilDate = new Date(until);
    if (Number.isNaN(fromDate.getTime()) || Number.isNaN(untilDate.getTime())) return;
    create.mutate(
      { visitorName: name, validFrom: fromDate.toISOString(), validUntil: untilDate.toISOString(), canOpenGate },
      {
        onSuccess: (pass) => {
          setMade(pass);
          setName('');
        },
      },
    );
  };

  return (
    <section aria-labelledby="passes-title" className="space-y-4">
      <h2 id="passes-title" className="text-xl font-bold text-slate-900">
        {doorUi.passesTitle}
      </h2>
      <p className="text-slate-700">{doorUi.passesIntro}</p>
      <form noValidate onSubmit={submit} className="grid gap-3 sm:grid-cols-3">
        <TextField label={doorUi.visitorName} value={name} maxLength={VISITOR_NAME_MAX} autoComplete="off" onChange={(e) => setName(e.target.value)} />
        <TextField label={doorUi.passFrom} type="datetime-local" value={from} onChange={(e) => setFrom(e.target.value)} />
        <TextField label={doorUi.passUntil} type="datetime-local" value={until} onChange={(e) => setUntil(e.target.value)} />
        <div className="sm:col-span-3">
          <CheckboxField
            name="canOpenGate"
            label={
              <>
                <span className="font-medium text-slate-900">{gateUi.passCanOpen}</span>
                <span className="block text-slate-600">{gateUi.passCanOpenHint}</span>
              </>
            }
            checked={canOpenGate}
            onChange={(e) => setCanOpenGate(e.target.checked)}
          />
        </div>
        {create.isError ? (
          <p role="alert" className="rounded-lg bg-red-50 px-3 py-2 font-medium text-red-800 sm:col-span-3">
            {create.error.message}
          </p>
        ) : null}
        <div className="sm:col-span-3">
          <Button type="submit" busy={create.isPending}>
            {doorUi.createPass}
          </Button>
        </div>
      </form>
      {made ? <PassLink pass={made} /> : null}
      {passes.isPending ? null : passes.isError ? (
        <p role="alert" className="rounded-lg bg-red-50 px-3 py-2 font-medium text-red-800">
          {passes.error.message}
        </p>
      ) : passes.data.length === 0 ? (
        <p className="text-slate-700">{doorUi.passesEmpty}</p>
      ) : (
        <ul className="space-y-2" data-testid="unit-passes">
          {passes.data.map((p) => (
            <li key={p.id} className="flex flex-wrap items-center justify-between gap-3 rounded-lg border border-slate-200 bg-white p-3">
              <div>
                <p className="font-semibold text-slate-900">{p.visitorName}</p>
                <p className="text-sm text-slate-700">
                  {`${doorUi.passState[p.status]} · ${doorUi.passWindow(doorTime(p.validFrom), doorTime(p.validUntil))}${p.canOpenGate ? ` · ${gateUi.passOpensGate}` : ''}`}
                </p>
              </div>
              {p.status === 'active' || p.status === 'upcoming' ? (
                <Button
                  variant="ghost"
                  size="sm"
                  aria-label={`${doorUi.revokePass}: ${p.visitorName}`}
                  busy={revoke.isPending && revoke.variables === p.id}
                  onClick={() => revoke.mutate(p.id, { onError: (error) => notify.error(error.message) })}
                >
                  {doorUi.revokePass}
                </Button>
              ) : null}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
