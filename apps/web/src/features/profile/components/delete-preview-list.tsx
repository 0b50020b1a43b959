import { useId, type ReactNode } from 'react';
import { accountUi, type DeletePreview } from '@toque/contracts/account';
import { formatReais } from '@toque/contracts/money';

const d = accountUi.deleteDialog;

function Section({ heading, children }: { heading: string; children: ReactNode }) {
  const id = useId();
  return (
    <div className="mt-3">
      <p id={id} className="text-sm font-semibold text-slate-900">
        {heading}
      </p>
      <ul aria-labelledby={id} className="mt-1 list-disc space-y-0.5 pl-5 text-sm text-slate-800">
        {children}
      </ul>
    </div>
  );
}

/** ACC-08: what the deletion takes, each named — tags, plates and their units, units left, open charges, shares. */
export function DeletePreviewList({ preview }: { preview: DeletePreview }) {
  const { tags, plates, units, charges, shares } = preview;
  if (!tags.length && !plates.length && !units.length && !charges.length && !shares.length)
    return <p className="mt-3 text-sm text-slate-800">{d.nothing}</p>;
  return (
    <div>
      {tags.length ? (
        <Section heading={d.tagsHeading}>
          {tags.map((t) => (
            <li key={t.code}>{t.name}</li>
          ))}
        </Section>
      ) : null}
      {plates.length ? (
        <Section heading={d.platesHeading}>
          {plates.map((p) => (
            <li key={p.code}>
              {d.plateLine(p.condominium, p.units.length)}
              {p.units.length ? `: ${p.units.map((u) => u ?? d.unnamedUnit).join(', ')}` : null}
            </li>
          ))}
        </Section>
      ) : null}
      {units.length ? (
        <Section heading={d.unitsHeading}>
          {units.map((u, i) => (
            <li key={i}>{d.unitLine(u.unit ?? d.unnamedUnit, u.condominium)}</li>
          ))}
        </Section>
      ) : null}
      {charges.length ? (
        <Section heading={d.chargesHeading}>
          {charges.map((c) => (
            <li key={c.id}>{d.chargeLine(formatReais(c.amount_cents), c.names.join(', '))}</li>
          ))}
        </Section>
      ) : null}
      {shares.length ? (
        <Section heading={d.sharesHeading}>
          {shares.map((s) => (
            <li key={`${s.code} ${s.person} ${s.mine}`}>
              {s.mine ? d.shareMine(s.name, s.person) : d.shareTheirs(s.name, s.person)}
            </li>
          ))}
        </Section>
      ) : null}
    </div>
  );
}
