import { useId, useState, type FormEvent } from 'react';
import {
  GATE_SECONDS_DEFAULT,
  GATE_SECONDS_MAX,
  GATE_SECONDS_MIN,
  gateMsg,
  gateUi,
  type GateKind,
  type GateResult,
  type GateSettings,
} from '@toque/contracts/gate';
import { doorTime } from '@toque/contracts/door';
import { Button } from '../../../components/ui/button';
import { CheckboxField, SelectField, TextField } from '../../../components/ui/field';
import { isApiError } from '../../../lib/api-client';
import { useOwnerUnits } from '../api/list-owner-units';
import { unitDisplayName } from '../unit-display';
import { useGateLog, useGateSettings, useSaveGate, useTestGate } from '../api/gate';

const messageOf = (error: unknown) => (isApiError(error) || error instanceof Error ? error.message : String(error));

function Outcome({ result }: { result: GateResult | null }) {
  if (!result) return null;
  return (
    <p
      role={result.opened ? 'status' : 'alert'}
      className={`rounded-lg px-3 py-2 font-medium ${result.opened ? 'bg-green-50 text-green-900' : 'bg-red-50 text-red-800'}`}
      data-gate-test-result=""
    >
      {result.message}
    </p>
  );
}

function GateForm({ code, saved }: { code: string; saved: GateSettings | null }) {
  const [kind, setKind] = useState<GateKind>(saved?.kind ?? 'shelly');
  const [url, setUrl] = useState(saved?.url ?? '');
  const [secret, setSecret] = useState('');
  const [seconds, setSeconds] = useState(String(saved?.seconds ?? GATE_SECONDS_DEFAULT));
  const [switchId, setSwitchId] = useState(String(saved?.switchId ?? 0));
  const [enabled, setEnabled] = useState(saved?.enabled ?? true);
  const [excluded, setExcluded] = useState<number[]>(saved?.excludedUnitIds ?? []);
  const [failure, setFailure] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const [tested, setTested] = useState<GateResult | null>(null);
  const units = useOwnerUnits(code);
  const save = useSaveGate(code);
  const test = useTestGate(code);
  const excludedId = useId();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setFailure(null);
    setDone(null);
    const n = Number(seconds);
    if (!Number.isInteger(n) || n < GATE_SECONDS_MIN || n > GATE_SECONDS_MAX) {
      setFailure(gateMsg.secondsRange);
      return;
    }
    try {
      const result = await save.mutateAsync({
        kind,
        url: url.trim(),
        ...(secret ? { secret } : {}),
        seconds: n,
        switchId: Number(switchId) || 0,
        enabled,
        excludedUnitIds: excluded,
      });
      setSecret('');
      setDone(result.message ?? gateMsg.saved);
    } catch (error) {
      setFailure(messageOf(error));
    }
  };

  const runTest = async () => {
    setTested(null);
    try {
      setTested(await test.mutateAsync());
    } catch (error) {
      setTested({ opened: false, message: messageOf(error) });
    }
  };

  return (
    <form noValidate onSubmit={(e) => void submit(e)} className="space-y-4" data-gate-form="">
      {saved ? null : <p className="text-slate-700">{gateUi.notSet}</p>}
      <CheckboxField label={gateUi.enabled} checked={enabled} onChange={(e) => setEnabled(e.target.checked)} name="enabled" />
      <SelectField
        label={gateUi.kind}
        name="kind"
        value={kind}
        options={[
          { value: 'shelly', label: gateUi.kinds.shelly },
          { value: 'webhook', label: gateUi.kinds.webhook },
        ]}
        onChange={(e) => setKind(e.target.value as GateKind)}
      />
      <TextField
        label={gateUi.url}
        name="url"
        type="url"
        inputMode="url"
        autoComplete="off"
        spellCheck={false}
        value={url}
        hint={gateUi.urlHint[kind]}
        onChange={(e) => setUrl(e.target.value)}
      />
      <TextField
        label={gateUi.secret[kind]}
        name="secret"
        type="password"
        autoComplete="new-password"
        value={secret}
        hint={saved?.secretSet && saved.kind === kind ? gateUi.secretKept : gateUi.secretHint}
        onChange={(e) => setSecret(e.target.value)}
      />
      <div className="grid gap-3 sm:grid-cols-2">
        <TextField
          label={gateUi.seconds}
          name="seconds"
          type="number"
          inputMode="numeric"
          min={GATE_SECONDS_MIN}
          max={GATE_SECONDS_MAX}
          step={1}
          value={seconds}
          onChange={(e) => setSeconds(e.target.value)}
        />
        {kind === 'shelly' ? (
          <TextField
            label={gateUi.switchId}
            name="switchId"
            type="number"
            inputMode="numeric"
            min={0}
            max={15}
            step={1}
            value={switchId}
            onChange={(e) => setSwitchId(e.target.value)}
          />
        ) : null}
      </div>
      <fieldset className="space-y-1" aria-describedby={excludedId}>
        <legend id={excludedId} className="font-medium text-slate-900">
          {gateUi.excluded}
        </legend>
        {units.data && units.data.length === 0 ? <p className="text-slate-700">{gateUi.noUnits}</p> : null}
        <div className="grid gap-x-4 sm:grid-cols-2 lg:grid-cols-3">
          {(units.data ?? []).map((u) => (
            <CheckboxField
              key={u.unit_id}
              label={u.block ? `${u.block} - ${unitDisplayName(u.unit_number)}` : unitDisplayName(u.unit_number)}
              checked={excluded.includes(u.unit_id)}
              onChange={(e) =>
                setExcluded((now) => (e.target.checked ? [...now, u.unit_id] : now.filter((id) => id !== u.unit_id)))
              }
            />
          ))}
        </div>
      </fieldset>
      {failure ? (
        <p role="alert" className="rounded-lg bg-red-50 px-3 py-2 font-medium text-red-800">
          {failure}
        </p>
      ) : null}
      <p role="status" className="font-medium text-green-800">
        {done}
      </p>
      <Outcome result={tested} />
      <div className="flex flex-wrap gap-2">
        <Button type="submit" disabled={save.isPending}>
          {save.isPending ? gateUi.saving : gateUi.save}
        </Button>
        {saved ? (
          <Button type="button" variant="secondary" disabled={test.isPending} onClick={() => void runTest()}>
            {test.isPending ? gateUi.testing : gateUi.test}
          </Button>
        ) : null}
      </div>
    </form>
  );
}

function GateLog({ code }: { code: string }) {
  const log = useGateLog(code);
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className="space-y-2">
      <h3 id={headingId} className="font-semibold text-slate-900">
        {gateUi.logTitle}
      </h3>
      {log.isPending ? null : log.isError ? (
        <p role="alert" className="rounded-lg bg-red-50 px-3 py-2 font-medium text-red-800">
          {log.error.message}
        </p>
      ) : log.data.length === 0 ? (
        <p className="text-slate-700">{gateUi.logEmpty}</p>
      ) : (
        <ul className="divide-y divide-slate-200" data-gate-log="">
          {log.data.map((entry) => (
            <li key={entry.id} className="py-2 text-sm text-slate-900">
              <p className="font-medium">
                <span className={entry.ok ? 'text-green-800' : 'text-red-800'}>{entry.ok ? gateUi.logOk : gateUi.logFailed}</span>
                {' · '}
                {entry.who}
                {entry.unitName ? ` · ${gateUi.logUnit} ${entry.unitName}` : ''}
                {' · '}
                <time dateTime={entry.at}>{doorTime(entry.at)}</time>
              </p>
              <p className="text-slate-700">
                {gateUi.via[entry.via]}: {entry.result}
              </p>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/** CONDO-18: on the plate's page, the síndico links the plate to the building's gate and reads its log. */
export function GatePanel({ code }: { code: string }) {
  const settings = useGateSettings(code);
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className="space-y-3 rounded-xl border border-slate-200 bg-white p-4 sm:p-6">
      <h2 id={headingId} className="text-lg font-semibold text-slate-900">
        {gateUi.heading}
      </h2>
      <p className="text-slate-700">{gateUi.intro}</p>
      {settings.isPending ? (
        <p role="status" className="text-slate-700">
          {gateUi.loading}
        </p>
      ) : settings.isError ? (
        <p role="alert" className="rounded-lg bg-red-50 px-3 py-2 font-medium text-red-800">
          {settings.error.message}
        </p>
      ) : (
        <GateForm code={code} saved={settings.data.settings} />
      )}
      <GateLog code={code} />
    </section>
  );
}
