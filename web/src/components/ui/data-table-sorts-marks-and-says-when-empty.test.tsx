import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { expect, it } from 'vitest';
import { DataTable, type DataTableColumn, type SortState } from './data-table.tsx';

type Row = { symbol: string; price: number | null };
const rows: Row[] = [
  { symbol: 'KO', price: 62.5 },
  { symbol: 'AAPL', price: 229 },
  { symbol: 'T', price: null },
  { symbol: 'PEP', price: 62.5 },
];
const columns: DataTableColumn<Row>[] = [
  { id: 'symbol', header: 'Symbol', cell: (r) => r.symbol, sortValue: (r) => r.symbol, rowHeader: true },
  {
    id: 'price',
    header: 'Price',
    cell: (r) => (r.price === null ? '—' : r.price.toFixed(2)),
    sortValue: (r) => r.price,
    numeric: true,
    sortTestId: 'sort-price',
  },
];
const render = (props: Partial<Parameters<typeof DataTable<Row>>[0]> = {}) =>
  renderToStaticMarkup(createElement(DataTable<Row>, { columns, rows, rowKey: (r) => r.symbol, caption: 'Sample watchlist', ...props }));
const bodySymbols = (html: string) => [...html.matchAll(/<th scope="row"[^>]*>([A-Z]+)<\/th>/g)].map((m) => m[1]);

it('sorted by price descending: 229, 62.50, 62.50, then the missing one; KO before PEP (tie, incoming order); the header says aria-sort="descending"', () => {
  const html = render({ defaultSort: { columnId: 'price', direction: 'desc' } });
  expect(bodySymbols(html)).toEqual(['AAPL', 'KO', 'PEP', 'T']);
  expect(html).toMatch(/<th scope="col" aria-sort="descending"[^>]*><button[^>]*data-testid="sort-price"/);
  // Only the sorted column carries aria-sort; the other sortable header is a plain button.
  expect(html.match(/aria-sort=/g)).toHaveLength(1);
  expect(html).toContain('<caption class="sr-only">Sample watchlist</caption>');
  // A named, focusable scroll region holds it.
  expect(html).toMatch(/<section aria-label="Sample watchlist" tabindex="0"/);
});

it('ascending by price: 62.50, 62.50, 229, missing still last; numeric cells are right-aligned with tabular figures', () => {
  const html = render({ defaultSort: { columnId: 'price', direction: 'asc' } });
  expect(bodySymbols(html)).toEqual(['KO', 'PEP', 'AAPL', 'T']);
  expect(html).toContain('aria-sort="ascending"');
  expect(html).toMatch(/<td class="[^"]*text-right tabular[^"]*">229.00<\/td>/);
});

it('controlled (server-sorted): rows stay in the order given, the header shows the server’s sort; without onSortChange the header is not a button', () => {
  const sort: SortState = { columnId: 'price', direction: 'asc' };
  const html = render({ sort, rows: [rows[1]!, rows[0]!] });
  expect(bodySymbols(html)).toEqual(['AAPL', 'KO']);
  expect(html).toContain('aria-sort="ascending"');
  expect(html).not.toContain('<button');
  expect(render({ sort, onSortChange: () => {} })).toContain('data-testid="sort-price"');
});

it('a sticky first column carries the sticky class on its header and its cells; no rows says the empty message across every column', () => {
  const sticky = render({ stickyFirstColumn: true });
  expect(sticky.match(/sticky left-0 z-10/g)).toHaveLength(1 + rows.length);
  const empty = render({ rows: [], empty: 'No symbols in this list yet.' });
  expect(empty).toContain('<td colSpan="2"');
  expect(empty).toContain('No symbols in this list yet.');
});

it('groups: each is a row group under a heading row spanning both columns, sorted within itself; a details row follows its row in one row group', () => {
  const grouped = renderToStaticMarkup(
    createElement(DataTable<Row>, {
      columns,
      groups: [
        { id: 'drinks', title: 'Drinks', rows: [rows[0]!, rows[3]!] },
        { id: 'tech', title: 'Tech', rows: [rows[2]!, rows[1]!] },
      ],
      rowKey: (r) => r.symbol,
      caption: 'By sector',
      defaultSort: { columnId: 'symbol', direction: 'desc' },
    }),
  );
  expect(grouped.match(/<tbody>/g)).toHaveLength(2);
  expect(grouped).toMatch(/<th scope="rowgroup" colSpan="2"[^>]*>Drinks<\/th>/);
  // Descending by symbol within each group: PEP before KO, T before AAPL; Drinks stays first.
  expect(bodySymbols(grouped)).toEqual(['PEP', 'KO', 'T', 'AAPL']);
  const detailed = render({ rows: [rows[0]!], rowDetails: (r) => `Details for ${r.symbol}` });
  expect(detailed).toMatch(/<tbody><tr[^>]*><th scope="row"[^>]*>KO<\/th><td[^>]*>62.50<\/td><\/tr><tr><td colSpan="2">Details for KO<\/td><\/tr><\/tbody>/);
});
