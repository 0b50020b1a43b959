import type { ReactNode } from 'react';

interface AuthPanelProps {
  title: string;
  intro?: string;
  children: ReactNode;
}

/** The card every account page sits in: the page's h1, a sentence, the form. */
export function AuthPanel({ title, intro, children }: AuthPanelProps) {
  return (
    <section className="mx-auto w-full max-w-md px-4 py-10 md:py-16">
      <title>{`${title} | Toque`}</title>
      <div className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm md:p-8">
        <h1 className="text-2xl font-bold text-slate-900">{title}</h1>
        {intro ? <p className="mt-2 text-slate-700">{intro}</p> : null}
        <div className="mt-6">{children}</div>
      </div>
    </section>
  );
}
