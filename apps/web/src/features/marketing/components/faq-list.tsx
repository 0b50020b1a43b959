import { useState } from 'react';
import type { FaqItem } from '../../../content/faq';

function Question({ item, id }: { item: FaqItem; id: string }) {
  const [open, setOpen] = useState(false);
  return (
    <li className="rounded-2xl bg-white ring-1 ring-slate-200">
      <h3>
        <button
          type="button"
          aria-expanded={open}
          aria-controls={id}
          onClick={() => setOpen((value) => !value)}
          className="flex w-full items-center justify-between gap-4 rounded-2xl px-5 py-4 text-left text-lg font-semibold text-slate-900 hover:bg-slate-50"
        >
          {item.question}
          <svg
            aria-hidden="true"
            viewBox="0 0 24 24"
            className={`size-5 shrink-0 fill-none stroke-current stroke-2 transition-transform ${open ? 'rotate-180' : ''}`}
          >
            <path d="M6 9l6 6 6-6" />
          </svg>
        </button>
      </h3>
      <div id={id} role="region" aria-label={item.question} hidden={!open} className="px-5 pb-5 text-slate-700">
        <p>{item.answer}</p>
      </div>
    </li>
  );
}

/**
 * PUB-05: each question expands its answer (a disclosure per question). `idPrefix` names the
 * answers (ids are fixed strings: the same in the prerendered HTML and after hydration).
 */
export function FaqList({ items, idPrefix }: { items: readonly FaqItem[]; idPrefix: string }) {
  return (
    <ul className="mx-auto flex max-w-3xl flex-col gap-3">
      {items.map((item, index) => (
        <Question key={item.question} item={item} id={`${idPrefix}-resposta-${index}`} />
      ))}
    </ul>
  );
}
