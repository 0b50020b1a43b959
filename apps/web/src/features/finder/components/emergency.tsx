import type { PublicTag } from '@toque/contracts/calls';
import { EMERGENCY_NUMBERS } from '@toque/contracts/medical-card';
import { buttonClasses } from '../../../components/ui/button';
import { useFinderText } from '../i18n';

/**
 * FIND-11: Brazil's emergency numbers as plain `tel:` links — they work from the server's HTML with
 * no script at all (PERF-06: nothing here runs), on the oldest phone. First on a wristband's page
 * when its owner marks the person as needing care, and again after a call nobody answered.
 */
export function EmergencyLinks({ needsCare = false }: { needsCare?: boolean }) {
  const { t } = useFinderText();
  return (
    <nav
      aria-label={t.emergencyLabel}
      className="space-y-3 rounded-xl border-2 border-red-700 bg-red-50 p-4"
      data-testid="emergency-links"
    >
      {needsCare ? <p className="font-semibold text-red-950">{t.needsCare}</p> : null}
      <a href={`tel:${EMERGENCY_NUMBERS.samu}`} className={buttonClasses('danger', 'lg', 'w-full text-lg')}>
        {t.emergencySamu}
      </a>
      <a
        href={`tel:${EMERGENCY_NUMBERS.bombeiros}`}
        className={buttonClasses('secondary', 'lg', 'w-full border-red-700 text-red-800 hover:bg-red-100')}
      >
        {t.emergencyBombeiros}
      </a>
    </nav>
  );
}

const medicalRows = [
  ['conditions', 'conditions'],
  ['allergies', 'allergies'],
  ['medication', 'medication'],
  ['blood_type', 'bloodType'],
  ['health_plan', 'healthPlan'],
  ['paramedic_note', 'paramedicNote'],
] as const;

/** FIND-11: the medical card's fields the owner switched on (the server sends no other). */
export function MedicalCardView({ medical }: { medical: NonNullable<PublicTag['medical']> }) {
  const { t } = useFinderText();
  return (
    <section aria-labelledby="medical-heading" className="rounded-lg border border-red-300 bg-white p-3 text-slate-900">
      <h2 id="medical-heading" className="mb-2 text-lg font-bold text-red-900">
        {t.medical.heading}
      </h2>
      <dl className="space-y-2" data-testid="medical-card">
        {medicalRows.map(([field, label]) =>
          medical[field] ? (
            <div key={field}>
              <dt className="text-sm font-semibold text-slate-700">{t.medical[label]}</dt>
              <dd className="whitespace-pre-line text-base">{medical[field]}</dd>
            </div>
          ) : null,
        )}
      </dl>
    </section>
  );
}
