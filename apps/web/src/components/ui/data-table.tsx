import type { ReactNode } from 'react';

export interface DataColumn<T> {
  header: string;
  cell: (row: T) => ReactNode;
  /** Extra classes of the column's cells (in the table) and values (on a card). */
  className?: string;
}

interface DataTableProps<T> {
  /** Names the table (its caption, read by screen readers) and the list of cards. */
  caption: string;
  columns: readonly DataColumn<T>[];
  rows: readonly T[];
  rowKey: (row: T) => string;
  /** data-* attributes of a row (on the table's row and on its card alike). */
  rowData?: (row: T) => Record<`data-${string}`, string>;
  /** Classes of the table's wrapper at 640 px and wider (a border, a background). */
  className?: string;
}

const cell = 'px-3 py-3 align-top';

/**
 * ACC-06: a table at 640 px and wider; below, one card per row with each value under its column's
 * name, so nothing scrolls sideways on a phone. Both are rendered and CSS shows one: the hidden one
 * (display: none) is out of the accessibility tree, so a screen reader meets a real table on a
 * wide screen and a labelled list on a phone, never both.
 */
export function DataTable<T>({ caption, columns, rows, rowKey, rowData, className = '' }: DataTableProps<T>) {
  return (
    <>
      <div className={`hidden overflow-x-auto sm:block ${className}`}>
        <table className="w-full text-left text-slate-800">
          <caption className="sr-only">{caption}</caption>
          <thead className="bg-slate-50 text-sm text-slate-700">
            <tr>
              {columns.map((column) => (
                <th key={column.header} scope="col" className={`${cell} font-semibold`}>
                  {column.header}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={rowKey(row)} className="border-t border-slate-200" {...rowData?.(row)}>
                {columns.map((column) => (
                  <td key={column.header} className={`${cell} ${column.className ?? ''}`}>
                    {column.cell(row)}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <ul aria-label={caption} className="space-y-3 sm:hidden" data-cards="">
        {rows.map((row) => (
          <li key={rowKey(row)} className="rounded-xl border border-slate-200 bg-white p-4 text-slate-800" {...rowData?.(row)}>
            <dl className="grid gap-y-2">
              {columns.map((column) => (
                <div key={column.header} className="min-w-0">
                  <dt className="text-sm font-medium text-slate-600">{column.header}</dt>
                  <dd className={`break-words ${column.className ?? ''}`}>{column.cell(row)}</dd>
                </div>
              ))}
            </dl>
          </li>
        ))}
      </ul>
    </>
  );
}
