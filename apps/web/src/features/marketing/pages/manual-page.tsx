import { manual, type ManualStep } from '../../../content/manual';
import { contact } from '../../../content/contact';
import { brand } from '../../../content/site';
import { ExternalLink } from '../components/external-link';
import { PageMeta } from '../components/page-meta';
import { Reveal } from '../components/reveal';
import { SocialLinks } from '../components/social-links';
import { StoreBadges } from '../components/store-badges';
import { siteLabels } from '../../../content/site-labels';

function Step({ step }: { step: ManualStep }) {
  return (
    <li id={`passo-${step.number}`} className="scroll-mt-24">
      <Reveal className="grid items-center gap-6 rounded-3xl bg-white p-6 shadow-sm ring-1 ring-slate-200 md:grid-cols-[1fr_16rem] md:p-10">
        <div>
          <p className="text-sm font-bold uppercase tracking-widest text-brand-700">
            {siteLabels.step} {step.number}
          </p>
          <h2 className="mt-2 text-2xl font-extrabold text-slate-900">{step.title}</h2>
          <p className="mt-3 text-lg text-slate-700">{step.text}</p>
          <ul className="mt-4 flex flex-col gap-2">
            {step.tips.map((tip) => (
              <li key={tip} className="flex gap-2 text-slate-700">
                <span aria-hidden="true" className="font-bold text-brand-700">
                  ›
                </span>
                {tip}
              </li>
            ))}
          </ul>
          {step.number === 3 ? <StoreBadges className="mt-6" /> : null}
        </div>
        <img
          src={step.image}
          alt={step.imageAlt}
          width={320}
          height={240}
          loading="lazy"
          className="mx-auto h-auto w-56"
        />
      </Reveal>
    </li>
  );
}

/** PUB-16: five steps, the 'you can now use it' block and a footer; each fades in at 30 % visibility. */
export function ManualPage() {
  return (
    <>
      <PageMeta title={`${manual.title} | ${brand.name}`} description={manual.intro} />
      <section className="bg-brand-800 text-white">
        <div className="mx-auto max-w-4xl px-4 py-12 md:py-16">
          <h1 className="text-4xl font-extrabold md:text-5xl">{manual.title}</h1>
          <p className="mt-4 text-lg text-brand-50">{manual.intro}</p>
        </div>
      </section>
      <div className="bg-slate-50">
        <ol className="mx-auto flex max-w-4xl flex-col gap-8 px-4 py-12">
          {manual.steps.map((step) => (
            <Step key={step.number} step={step} />
          ))}
        </ol>
        <div className="mx-auto max-w-4xl px-4 pb-12">
          <Reveal className="rounded-3xl bg-brand-700 p-8 text-center text-white md:p-12">
            <h2 className="text-3xl font-extrabold">{manual.ready.title}</h2>
            <p className="mx-auto mt-4 max-w-2xl text-lg text-brand-50">{manual.ready.text}</p>
          </Reveal>
        </div>
      </div>
      <Reveal className="border-t border-slate-200 bg-white">
        <section
          aria-labelledby="manual-ajuda"
          className="mx-auto flex max-w-4xl flex-col gap-4 px-4 py-10 md:flex-row md:items-center md:justify-between"
        >
          <div>
            <h2 id="manual-ajuda" className="text-xl font-bold text-slate-900">
              {manual.footerTitle}
            </h2>
            <p className="mt-1 text-slate-700">{manual.footerText}</p>
            <address className="mt-3 not-italic text-slate-800">
              {contact.address} ·{' '}
              <a href={contact.emailHref} className="underline underline-offset-4">
                {contact.email}
              </a>{' '}
              ·{' '}
              <ExternalLink href={contact.whatsappHref} className="underline underline-offset-4">
                {contact.whatsappLabel}
              </ExternalLink>
            </address>
          </div>
          <SocialLinks />
        </section>
      </Reveal>
    </>
  );
}
