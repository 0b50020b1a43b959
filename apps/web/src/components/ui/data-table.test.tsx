import { describe, expect, it } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import { DataTable, type DataColumn } from './data-table';

interface Row {
  id: string;
  when: string;
  message: string;
}

const columns: DataColumn<Row>[] = [
  { header: 'Quando', cell: (row) => row.when },
  { header: 'Mensagem', cell: (row) => row.message },
];
const rows: Row[] = [
  { id: 'a', when: '01/03/2026', message: 'Achei o Bob.' },
  { id: 'b', when: '02/03/2026', message: 'Estou na praça.' },
];

describe('DataTable', () => {
  it('[ACC-06] renders the rows as a captioned table (shown from 640 px) and as labelled cards (shown below)', () => {
    const { container } = render(
      <DataTable caption="Chamadas" columns={columns} rows={rows} rowKey={(row) => row.id} rowData={(row) => ({ 'data-room': row.id })} />,
    );
    // jsdom applies no stylesheet: both are in the document, and the classes decide which one shows.
    const table = screen.getByRole('table', { name: 'Chamadas' });
    expect(table.parentElement?.className).toMatch(/\bhidden\b.*\bsm:block\b/);
    expect(within(table).getAllByRole('columnheader').map((th) => th.textContent)).toEqual(['Quando', 'Mensagem']);
    expect(within(table).getAllByRole('row')).toHaveLength(3);

    const cards = screen.getByRole('list', { name: 'Chamadas' });
    expect(cards.className).toMatch(/\bsm:hidden\b/);
    const items = within(cards).getAllByRole('listitem');
    expect(items).toHaveLength(2);
    // Each value under its column's name.
    expect(within(items[1]!).getAllByRole('term').map((dt) => dt.textContent)).toEqual(['Quando', 'Mensagem']);
    expect(within(items[1]!).getAllByRole('definition').map((dd) => dd.textContent)).toEqual(['02/03/2026', 'Estou na praça.']);
    // The row's data attributes are on both.
    expect(container.querySelectorAll('[data-room="b"]')).toHaveLength(2);
  });
});
