import { contact, socialLinks } from '../../../content/contact';
import { manual } from '../../../content/manual';
import { dashboardManualCopy as copy, downloads, manualAnchors } from '../copy';

const card = 'rounded-2xl border border-slate-200 bg-white p-6 shadow-sm';

/** DASH-07: the manual inside the account area: the five steps, installation, safe meetings, help. */
export function DashboardManual() {
  return (
    <div className="space-y-8">
      <p className="max-w-3xl text-lg text-slate-700">{copy.intro}</p>

      <ol className="space-y-4">
        {manual.steps.map((step) => (
          <li key={step.number} className={`${card} grid gap-4 md:grid-cols-[1fr_10rem] md:items-center`}>
            <div>
              <p className="text-sm font-bold tracking-widest text-brand-700 uppercase">
                {copy.stepLabel(step.number)}
              </p>
              <h2 className="mt-1 text-xl font-bold text-slate-900">{step.title}</h2>
              <p className="mt-2 text-slate-700">{step.text}</p>
              <ul className="mt-3 list-disc space-y-1 pl-5 text-slate-700">
                {step.tips.map((tip) => (
                  <li key={tip}>{tip}</li>
                ))}
              </ul>
            </div>
            <img
              src={step.image}
              alt={step.imageAlt}
              width={160}
              height={120}
              loading="lazy"
              className="mx-auto h-auto w-40"
            />
          </li>
        ))}
      </ol>

      <section className="rounded-2xl bg-brand-700 p-6 text-white">
        <h2 className="text-2xl font-bold">{manual.ready.title}</h2>
        <p className="mt-2 text-brand-50">{manual.ready.text}</p>
      </section>

      <section
        id={manualAnchors.install}
        aria-labelledby={`${manualAnchors.install}-titulo`}
        className={`${card} scroll-mt-24`}
      >
        <h2 id={`${manualAnchors.install}-titulo`} className="text-xl font-bold text-slate-900">
          {copy.installTitle}
        </h2>
        <dl className="mt-4 grid gap-4 sm:grid-cols-2">
          {copy.install.map((item) => (
            <div key={item.title}>
              <dt className="font-semibold text-slate-900">{item.title}</dt>
              <dd className="mt-1 text-slate-700">{item.text}</dd>
            </div>
          ))}
        </dl>
      </section>

      <section
        id={manualAnchors.safeMeetings}
        aria-labelledby={`${manualAnchors.safeMeetings}-titulo`}
        className={`${card} scroll-mt-24`}
      >
        <h2 id={`${manualAnchors.safeMeetings}-titulo`} className="text-xl font-bold text-slate-900">
          {copy.safeTitle}
        </h2>
        <ul className="mt-4 list-disc space-y-2 pl-5 text-slate-700">
          {copy.safe.map((tip) => (
            <li key={tip}>{tip}</li>
          ))}
        </ul>
      </section>

      <section aria-labelledby="manual-completo" className={card}>
        <h2 id="manual-completo" className="text-xl font-bold text-slate-900">
          {copy.downloadTitle}
        </h2>
        <p className="mt-2 text-slate-700">{copy.downloadText}</p>
        <a
          href={downloads.fullManual}
          download
          className="tap-target mt-3 font-semibold text-brand-700 underline underline-offset-4"
        >
          {`${copy.downloadTitle} (PDF)`}
        </a>
      </section>

      <footer className="border-t border-slate-200 pt-6">
        <h2 className="text-lg font-bold text-slate-900">{copy.helpTitle}</h2>
        <address className="mt-2 text-slate-700 not-italic">
          {contact.address} ·{' '}
          <a href={contact.emailHref} className="underline underline-offset-4">
            {contact.email}
          </a>{' '}
          ·{' '}
          <a
            href={contact.whatsappHref}
            target="_blank"
            rel="noopener noreferrer"
            className="underline underline-offset-4"
          >
            {contact.whatsappLabel}
          </a>
        </address>
        <ul aria-label={copy.social} className="mt-3 flex flex-wrap gap-x-3">
          {socialLinks.map((link) => (
            <li key={link.network}>
              <a
                href={link.href}
                target="_blank"
                rel="noopener noreferrer"
                className="tap-target font-medium text-brand-700 underline underline-offset-4"
              >
                {link.label}
              </a>
            </li>
          ))}
        </ul>
      </footer>
    </div>
  );
}
