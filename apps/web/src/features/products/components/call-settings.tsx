import { useState, type FormEvent } from 'react';
import {
  callSettingsUi as labels,
  DEFAULT_TIME_ZONE,
  quietHoursSchema,
  RING_STEP_DEFAULT_S,
  RING_STEP_MAX_S,
  RING_STEP_MIN_S,
  ringOrderSeconds as ringSecondsSchema,
  TIME_ZONES,
  type QuietHours,
} from '@toque/contracts/quiet-hours';
import { Button } from '../../../components/ui/button';
import { SelectField, TextField } from '../../../components/ui/field';
import { Switch } from '../../../components/ui/switch';
import { notify } from '../../../lib/toast';
import {
  useSaveTagCallSettings,
  useSaveUnitQuietHours,
  useTagCallSettings,
  useUnitQuietHours,
} from '../api/call-settings';

interface QuietDraft {
  on: boolean;
  days: number[];
  from: string;
  until: string;
  timeZone: string;
}

const blank: QuietDraft = {
  on: false,
  days: [0, 1, 2, 3, 4, 5, 6],
  from: '22:00',
  until: '07:00',
  timeZone: DEFAULT_TIME_ZONE,
};
const draftOf = (q: QuietHours | null): QuietDraft => (q ? { on: true, ...q } : blank);
const zoneOptions = (current: string) =>
  [...new Set([current, ...TIME_ZONES])].map((z) => ({ value: z, label: z.replace(/_/g, ' ') }));

/** The first Portuguese message of the quiet-hours schema, or the valid value (null when switched off). */
function parseQuiet(d: QuietDraft): { ok: true; value: QuietHours | null } | { ok: false; message: string } {
  if (!d.on) return { ok: true, value: null };
  const parsed = quietHoursSchema.safeParse({ days: d.days, from: d.from, until: d.until, timeZone: d.timeZone });
  return parsed.success
    ? { ok: true, value: parsed.data }
    : { ok: false, message: parsed.error.issues[0]?.message ?? '' };
}

/** FIND-07: the switch, the days, the window and the zone. */
function QuietFields({ draft, onChange }: { draft: QuietDraft; onChange: (d: QuietDraft) => void }) {
  const toggleDay = (day: number) =>
    onChange({ ...draft, days: draft.days.includes(day) ? draft.days.filter((d) => d !== day) : [...draft.days, day] });
  return (
    <fieldset className="space-y-4">
      <legend className="mb-2 text-base font-semibold text-slate-900">{labels.quietLegend}</legend>
      <Switch
        label={labels.quietToggle}
        hint={labels.quietHelp}
        checked={draft.on}
        onChange={(e) => onChange({ ...draft, on: e.target.checked })}
      />
      {draft.on ? (
        <div className="space-y-4 rounded-xl border border-slate-200 bg-slate-50 p-4">
          <fieldset>
            <legend className="mb-2 text-sm font-medium text-slate-800">{labels.days}</legend>
            <div className="flex flex-wrap gap-2">
              {labels.dayNames.map((name, day) => (
                <label
                  key={name}
                  className="flex min-h-11 cursor-pointer items-center gap-2 rounded-lg border border-slate-300 bg-white px-3 text-sm text-slate-800"
                >
                  <input
                    type="checkbox"
                    className="size-5 accent-brand-700"
                    checked={draft.days.includes(day)}
                    onChange={() => toggleDay(day)}
                  />
                  {name}
                </label>
              ))}
            </div>
          </fieldset>
          <div className="grid gap-4 sm:grid-cols-2">
            <TextField
              label={labels.from}
              type="time"
              value={draft.from}
              onChange={(e) => onChange({ ...draft, from: e.target.value })}
            />
            <TextField
              label={labels.until}
              type="time"
              value={draft.until}
              onChange={(e) => onChange({ ...draft, until: e.target.value })}
            />
          </div>
          {draft.until < draft.from ? <p className="text-sm text-slate-700">{labels.crossesMidnight}</p> : null}
          <SelectField
            label={labels.zone}
            value={draft.timeZone}
            options={zoneOptions(draft.timeZone)}
            onChange={(e) => onChange({ ...draft, timeZone: e.target.value })}
          />
        </div>
      ) : null}
    </fieldset>
  );
}

function Failure({ message }: { message: string | null }) {
  return message ? (
    <p role="alert" className="rounded-lg bg-red-50 px-3 py-2 text-sm font-medium text-red-800">
      {message}
    </p>
  ) : null;
}

/** FIND-07 / FIND-08: the owner's quiet hours and ring order of one tag (the edit page). */
export function TagCallSettingsForm({ code }: { code: string }) {
  const query = useTagCallSettings(code, { enabled: true });
  if (!query.data)
    return (
      <p role="status" className="text-sm text-slate-700">
        {labels.loading}
      </p>
    );
  return <TagCallSettingsLoaded code={code} settings={query.data} />;
}

function TagCallSettingsLoaded({
  code,
  settings,
}: {
  code: string;
  settings: NonNullable<ReturnType<typeof useTagCallSettings>['data']>;
}) {
  const save = useSaveTagCallSettings(code);
  const [quiet, setQuiet] = useState(() => draftOf(settings.quietHours));
  const [ordered, setOrdered] = useState(settings.ringOrderSeconds !== null);
  const [seconds, setSeconds] = useState(String(settings.ringOrderSeconds ?? RING_STEP_DEFAULT_S));
  const [failure, setFailure] = useState<string | null>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setFailure(null);
    const q = parseQuiet(quiet);
    if (!q.ok) return setFailure(q.message);
    const s = ordered ? ringSecondsSchema.safeParse(Number(seconds)) : null;
    if (s && !s.success) return setFailure(s.error.issues[0]?.message ?? '');
    try {
      await save.mutateAsync({ quietHours: q.value, ringOrderSeconds: s ? s.data : null });
      notify.success(labels.saved);
    } catch (error) {
      setFailure(error instanceof Error ? error.message : String(error));
    }
  };

  return (
    <form noValidate onSubmit={(e) => void submit(e)} className="space-y-6">
      <QuietFields draft={quiet} onChange={setQuiet} />
      <fieldset className="space-y-3">
        <legend className="mb-2 text-base font-semibold text-slate-900">{labels.orderLegend}</legend>
        {settings.hasMembers ? null : <p className="text-sm text-slate-700">{labels.noMembers}</p>}
        {([false, true] as const).map((inOrder) => (
          <label
            key={String(inOrder)}
            className="flex min-h-11 cursor-pointer items-center gap-3 text-sm text-slate-800"
          >
            <input
              type="radio"
              name="ring-order"
              className="size-5 accent-brand-700"
              checked={ordered === inOrder}
              onChange={() => setOrdered(inOrder)}
            />
            {inOrder ? labels.inOrder : labels.together}
          </label>
        ))}
        {ordered ? (
          <TextField
            label={labels.ownerSeconds}
            type="number"
            inputMode="numeric"
            min={RING_STEP_MIN_S}
            max={RING_STEP_MAX_S}
            step={1}
            value={seconds}
            onChange={(e) => setSeconds(e.target.value)}
          />
        ) : null}
      </fieldset>
      <Failure message={failure} />
      <Button type="submit" size="lg" busy={save.isPending}>
        {labels.save}
      </Button>
    </form>
  );
}

/** FIND-07: a unit's quiet hours, chosen by its residents (the resident's view of the plate). */
export function UnitQuietHoursForm({ unitId, unitName }: { unitId: number; unitName: string }) {
  const query = useUnitQuietHours(unitId);
  if (!query.data)
    return (
      <p role="status" className="text-sm text-slate-700">
        {labels.loading}
      </p>
    );
  return <UnitQuietLoaded unitId={unitId} unitName={unitName} initial={query.data.quietHours} />;
}

function UnitQuietLoaded({
  unitId,
  unitName,
  initial,
}: {
  unitId: number;
  unitName: string;
  initial: QuietHours | null;
}) {
  const save = useSaveUnitQuietHours(unitId);
  const [quiet, setQuiet] = useState(() => draftOf(initial));
  const [failure, setFailure] = useState<string | null>(null);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setFailure(null);
    const q = parseQuiet(quiet);
    if (!q.ok) return setFailure(q.message);
    try {
      await save.mutateAsync(q.value);
      notify.success(labels.saved);
    } catch (error) {
      setFailure(error instanceof Error ? error.message : String(error));
    }
  };
  return (
    <form
      noValidate
      onSubmit={(e) => void submit(e)}
      className="space-y-4"
      aria-label={`${labels.unitHeading} · ${unitName}`}
    >
      <QuietFields draft={quiet} onChange={setQuiet} />
      <Failure message={failure} />
      <Button type="submit" busy={save.isPending}>
        {labels.unitSave}
      </Button>
    </form>
  );
}
