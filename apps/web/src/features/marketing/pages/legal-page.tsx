import type { LegalBlock, LegalDocument } from '../../../content/legal/types';
import { privacyPolicy } from '../../../content/legal/privacy';
import { termsOfUse } from '../../../content/legal/terms';
import { brand } from '../../../content/site';
import { PageMeta } from '../components/page-meta';
import { siteLabels } from '../../../content/site-labels';

function Block({ block }: { block: LegalBlock }) {
  if (typeof block === 'string') return <p className="mt-3">{block}</p>;
  return (
    <ul className="mt-3 list-disc space-y-2 pl-6">
      {block.list.map((item) => (
        <li key={item}>{item}</li>
      ))}
    </ul>
  );
}

/** LEG-01/02: a legal text with its table of contents. */
export function LegalPage({ document }: { document: LegalDocument }) {
  return (
    <article className="mx-auto max-w-3xl px-4 py-12 leading-relaxed text-slate-800">
      <PageMeta title={`${document.title} | ${brand.name}`} description={document.intro[0] ?? document.title} />
      <h1 className="text-4xl font-extrabold text-slate-900">{document.title}</h1>
      <p className="mt-2 text-sm text-slate-700">{document.updatedAt}</p>
      {document.intro.map((paragraph) => (
        <p key={paragraph} className="mt-4">
          {paragraph}
        </p>
      ))}
      <nav aria-label={siteLabels.tableOfContents} className="mt-8 rounded-2xl bg-slate-50 p-6 ring-1 ring-slate-200">
        <p className="font-bold text-slate-900">{siteLabels.tableOfContents}</p>
        <ol className="mt-3 grid sm:grid-cols-2">
          {document.sections.map((section) => (
            <li key={section.id}>
              <a href={`#${section.id}`} className="tap-target text-brand-700 underline-offset-4 hover:underline">
                {section.title}
              </a>
            </li>
          ))}
        </ol>
      </nav>
      {document.sections.map((section) => (
        <section
          key={section.id}
          id={section.id}
          aria-labelledby={`${section.id}-titulo`}
          className="mt-10 scroll-mt-24"
        >
          <h2 id={`${section.id}-titulo`} className="text-2xl font-bold text-slate-900">
            {section.title}
          </h2>
          {section.blocks.map((block, index) => (
            <Block key={index} block={block} />
          ))}
        </section>
      ))}
    </article>
  );
}

export const PrivacyPage = () => <LegalPage document={privacyPolicy} />;
export const TermsPage = () => <LegalPage document={termsOfUse} />;
