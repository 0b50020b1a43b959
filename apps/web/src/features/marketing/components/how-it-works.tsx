import { howItWorks } from '../../../content/home';
import { siteLabels } from '../../../content/site-labels';

/** PUB-04: five numbered steps. */
export function HowItWorks() {
  return (
    <ol className="grid gap-6 md:grid-cols-5">
      {howItWorks.map((step) => (
        <li key={step.number} className="relative rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200">
          <span
            aria-hidden="true"
            className="flex size-12 items-center justify-center rounded-full bg-brand-700 text-xl font-extrabold text-white"
          >
            {step.number}
          </span>
          <h3 className="mt-4 text-lg font-bold text-slate-900">
            <span className="sr-only">{`${siteLabels.step} ${step.number}: `}</span>
            {step.title}
          </h3>
          <p className="mt-2 text-slate-700">{step.description}</p>
        </li>
      ))}
    </ol>
  );
}
