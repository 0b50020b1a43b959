interface PaginationProps {
  /** Accessible name of the navigation landmark. */
  label: string;
  page: number;
  pageCount: number;
  onPage: (page: number) => void;
  pageLabel: (page: number) => string;
  previousLabel: string;
  nextLabel: string;
}

/** The pages to offer: the first, the last, and two either side of the current one. */
export function pageWindow(page: number, pageCount: number): number[] {
  const pages = new Set<number>([1, pageCount]);
  for (let p = page - 2; p <= page + 2; p += 1) if (p >= 1 && p <= pageCount) pages.add(p);
  return [...pages].sort((a, b) => a - b);
}

/** Page buttons (the current one marked with aria-current); nothing when everything fits on one page. */
export function Pagination({ label, page, pageCount, onPage, pageLabel, previousLabel, nextLabel }: PaginationProps) {
  if (pageCount <= 1) return null;
  const button =
    'min-h-11 min-w-11 rounded-lg border px-3 py-1.5 text-sm font-semibold disabled:cursor-not-allowed disabled:opacity-50';
  const pages = pageWindow(page, pageCount);
  return (
    <nav aria-label={label}>
      <ul className="flex flex-wrap items-center gap-1">
        <li>
          <button
            type="button"
            className={`${button} border-slate-300 bg-white text-slate-800 hover:bg-slate-100`}
            disabled={page <= 1}
            onClick={() => onPage(page - 1)}
          >
            {previousLabel}
          </button>
        </li>
        {pages.map((p, i) => (
          <li key={p} className="flex items-center gap-1">
            {i > 0 && p - (pages[i - 1] ?? p) > 1 ? (
              <span aria-hidden="true" className="px-1 text-slate-600">
                …
              </span>
            ) : null}
            <button
              type="button"
              aria-label={pageLabel(p)}
              aria-current={p === page ? 'page' : undefined}
              className={`${button} ${
                p === page
                  ? 'border-brand-700 bg-brand-700 text-white'
                  : 'border-slate-300 bg-white text-slate-800 hover:bg-slate-100'
              }`}
              onClick={() => onPage(p)}
            >
              {p}
            </button>
          </li>
        ))}
        <li>
          <button
            type="button"
            className={`${button} border-slate-300 bg-white text-slate-800 hover:bg-slate-100`}
            disabled={page >= pageCount}
            onClick={() => onPage(page + 1)}
          >
            {nextLabel}
          </button>
        </li>
      </ul>
    </nav>
  );
}
