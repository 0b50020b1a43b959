import { useId, type ReactNode } from 'react';
import { Link } from 'react-router';

interface DashboardBlockProps {
  title: string;
  /** The block's 'see more' link. */
  more?: { label: string; to: string };
  children: ReactNode;
}

/** One of the dashboard's four blocks (DASH-04): a titled card with an optional 'see more' link. */
export function DashboardBlock({ title, more, children }: DashboardBlockProps) {
  const titleId = useId();
  return (
    <section
      aria-labelledby={titleId}
      className="flex flex-col rounded-2xl border border-slate-200 bg-white p-5 shadow-sm"
    >
      <div className="mb-4 flex items-center justify-between gap-3">
        <h2 id={titleId} className="text-xl font-bold text-slate-900">
          {title}
        </h2>
        {more ? (
          <Link to={more.to} className="tap-target shrink-0 text-sm font-semibold text-brand-700 underline underline-offset-4">
            {more.label}
          </Link>
        ) : null}
      </div>
      <div className="flex-1">{children}</div>
    </section>
  );
}
