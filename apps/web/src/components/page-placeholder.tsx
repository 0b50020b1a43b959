import type { ReactNode } from 'react';

interface PagePlaceholderProps {
  title: string;
  text: string;
  /** Extra facts about the page (e.g. the code in the URL). */
  children?: ReactNode;
}

/** A page that a later issue builds: its name and a sentence saying so. */
export function PagePlaceholder({ title, text, children }: PagePlaceholderProps) {
  return (
    <section className="mx-auto max-w-3xl px-4 py-12">
      <title>{`${title} | Toque`}</title>
      <h1 className="text-3xl font-bold text-slate-900">{title}</h1>
      <p className="mt-4 text-lg text-slate-700">{text}</p>
      {children}
    </section>
  );
}
