import type { ReactNode } from 'react';

interface SectionProps {
  id: string;
  title: string;
  intro?: string;
  /** Tailwind background of the full-width band. */
  tone?: string;
  children: ReactNode;
}

/** A home section: a full-width band with a titled, centred column (the title names the landmark). */
export function Section({ id, title, intro, tone = 'bg-white', children }: SectionProps) {
  const headingId = `${id}-titulo`;
  return (
    <section id={id} aria-labelledby={headingId} className={`scroll-mt-20 ${tone}`}>
      <div className="mx-auto max-w-6xl px-4 py-14 md:py-20">
        <h2 id={headingId} className="text-center text-3xl font-extrabold tracking-tight text-slate-900 md:text-4xl">
          {title}
        </h2>
        {intro ? <p className="mx-auto mt-3 max-w-2xl text-center text-lg text-slate-700">{intro}</p> : null}
        <div className="mt-10">{children}</div>
      </div>
    </section>
  );
}
