import { useState, type FormEvent } from 'react';
import {
  BLOOD_TYPES,
  HEALTH_PLAN_MAX,
  MEDICAL_TEXT_MAX,
  medicalCardBody,
  medicalCardUi as labels,
  PARAMEDIC_NOTE_MAX,
  type MedicalCard,
  type MedicalCardBody,
} from '@toque/contracts/medical-card';
import { Button } from '../../../components/ui/button';
import { SelectField, TextAreaField, TextField } from '../../../components/ui/field';
import { Switch } from '../../../components/ui/switch';
import { notify } from '../../../lib/toast';
import { useMedicalCard, useSaveMedicalCard } from '../api/medical-card';

type TextKey = 'conditions' | 'allergies' | 'medication' | 'healthPlan' | 'paramedicNote';
type ShowKey = 'showConditions' | 'showAllergies' | 'showMedication' | 'showBloodType' | 'showHealthPlan' | 'showParamedicNote';

/** The text fields in the order the finder's page shows them: the key, its switch, its size. */
const textFields: { key: TextKey; show: ShowKey; max: number; multiline: boolean; hint?: string }[] = [
  { key: 'conditions', show: 'showConditions', max: MEDICAL_TEXT_MAX, multiline: true, hint: labels.conditionsHint },
  { key: 'allergies', show: 'showAllergies', max: MEDICAL_TEXT_MAX, multiline: true },
  { key: 'medication', show: 'showMedication', max: MEDICAL_TEXT_MAX, multiline: true },
  { key: 'healthPlan', show: 'showHealthPlan', max: HEALTH_PLAN_MAX, multiline: false },
  { key: 'paramedicNote', show: 'showParamedicNote', max: PARAMEDIC_NOTE_MAX, multiline: true, hint: labels.paramedicNoteHint },
];

/** A field's own "show" switch, named with the field for screen readers. */
function ShowSwitch({ field, checked, onChange }: { field: string; checked: boolean; onChange: (on: boolean) => void }) {
  return (
    <Switch
      label={labels.show}
      aria-label={`${labels.show}: ${field}`}
      checked={checked}
      onChange={(e) => onChange(e.target.checked)}
    />
  );
}

/** FIND-11: a wristband's medical card and the "needs care" mark (the owner's edit page). */
export function MedicalCardForm({ code }: { code: string }) {
  const query = useMedicalCard(code);
  if (query.isError)
    return (
      <p role="alert" className="text-sm font-medium text-red-800">
        {labels.loadFailure}
      </p>
    );
  if (!query.data)
    return (
      <p role="status" className="text-sm text-slate-700">
        {labels.loading}
      </p>
    );
  return <MedicalCardLoaded code={code} card={query.data} />;
}

function MedicalCardLoaded({ code, card }: { code: string; card: MedicalCard }) {
  const save = useSaveMedicalCard(code);
  const [draft, setDraft] = useState<MedicalCardBody>(() => {
    const { updatedAt: _updatedAt, ...body } = card;
    return body;
  });
  const [failure, setFailure] = useState<string | null>(null);
  const set = <K extends keyof MedicalCardBody>(key: K, value: MedicalCardBody[K]) =>
    setDraft((d) => ({ ...d, [key]: value }));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setFailure(null);
    const parsed = medicalCardBody.safeParse(draft);
    if (!parsed.success) return setFailure(labels.failurePrefix + (parsed.error.issues[0]?.message ?? ''));
    try {
      await save.mutateAsync(parsed.data);
      notify.success(labels.saved);
    } catch (error) {
      setFailure(labels.failurePrefix + (error instanceof Error ? error.message : String(error)));
    }
  };

  return (
    <form noValidate onSubmit={(e) => void submit(e)} className="space-y-6">
      <p className="text-sm text-slate-700">{labels.intro}</p>
      <Switch
        label={labels.needsCare}
        hint={labels.needsCareHint}
        checked={draft.needsCare}
        onChange={(e) => set('needsCare', e.target.checked)}
      />
      {textFields.slice(0, 3).map((f) => (
        <MedicalText key={f.key} field={f} draft={draft} set={set} />
      ))}
      <div className="space-y-2 rounded-xl border border-slate-200 p-4">
        <SelectField
          label={labels.bloodType}
          placeholder={labels.bloodTypeNone}
          options={BLOOD_TYPES.map((b) => ({ value: b, label: b }))}
          value={draft.bloodType ?? ''}
          onChange={(e) =>
            set('bloodType', (BLOOD_TYPES as readonly string[]).includes(e.target.value) ? (e.target.value as MedicalCardBody['bloodType']) : null)
          }
        />
        <ShowSwitch field={labels.bloodType} checked={draft.showBloodType} onChange={(on) => set('showBloodType', on)} />
      </div>
      {textFields.slice(3).map((f) => (
        <MedicalText key={f.key} field={f} draft={draft} set={set} />
      ))}
      {failure ? (
        <p role="alert" className="rounded-lg bg-red-50 px-3 py-2 text-sm font-medium text-red-800">
          {failure}
        </p>
      ) : null}
      <Button type="submit" size="lg" busy={save.isPending}>
        {labels.save}
      </Button>
    </form>
  );
}

function MedicalText({
  field,
  draft,
  set,
}: {
  field: (typeof textFields)[number];
  draft: MedicalCardBody;
  set: <K extends keyof MedicalCardBody>(key: K, value: MedicalCardBody[K]) => void;
}) {
  const label = labels[field.key];
  const common = {
    label,
    hint: field.hint,
    maxLength: field.max,
    value: draft[field.key],
  };
  return (
    <div className="space-y-2 rounded-xl border border-slate-200 p-4">
      {field.multiline ? (
        <TextAreaField {...common} rows={3} onChange={(e) => set(field.key, e.target.value)} />
      ) : (
        <TextField {...common} onChange={(e) => set(field.key, e.target.value)} />
      )}
      <ShowSwitch field={label} checked={draft[field.show]} onChange={(on) => set(field.show, on)} />
    </div>
  );
}
