import { dashboardUi } from '@toque/contracts/dashboard-ui';
import { faq } from '../../../content/home';
import { dashboardCopy, downloads } from '../copy';

/** How many questions the dashboard shows; the PDF holds them all. */
const SHOWN = 4;

/** DASH-04: the FAQ block: the first questions, each opening its answer, and the PDF download. */
export function FaqBlock() {
  return (
    <div className="space-y-3">
      <p className="text-slate-700">{dashboardCopy.faqIntro}</p>
      <div className="divide-y divide-slate-200">
        {faq.slice(0, SHOWN).map((item) => (
          <details key={item.question} className="group py-2">
            <summary className="flex min-h-11 cursor-pointer list-none items-center rounded-lg px-1 py-1 font-medium text-slate-900 marker:hidden">
              <span className="flex w-full items-start justify-between gap-3">
                {item.question}
                <span aria-hidden="true" className="text-brand-700 group-open:rotate-45">
                  +
                </span>
              </span>
            </summary>
            <p className="mt-2 px-1 text-slate-700">{item.answer}</p>
          </details>
        ))}
      </div>
      <a
        href={downloads.faq}
        download
        className="inline-flex font-semibold text-brand-700 underline underline-offset-4"
      >
        {dashboardUi.faqPdf}
      </a>
    </div>
  );
}
