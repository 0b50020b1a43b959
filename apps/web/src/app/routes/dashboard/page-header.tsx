import type { ReactNode } from 'react';

interface PageHeaderProps {
  title: string;
  intro?: string;
  /** Actions at the header's right (the add-tag button). */
  actions?: ReactNode;
}

/** The title row of an account-area page, and the document title. */
export function PageHeader({ title, intro, actions }: PageHeaderProps) {
  return (
    <header className="mb-6 flex flex-wrap items-start justify-between gap-4">
      <title>{`${title} | Toque`}</title>
      <div>
        <h1 className="text-3xl font-bold text-slate-900">{title}</h1>
        {intro ? <p className="mt-2 text-slate-700">{intro}</p> : null}
      </div>
      {actions}
    </header>
  );
}
