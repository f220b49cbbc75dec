import { expect, it } from 'vitest';
import { compareSortValues, sortRows, toggleSort } from './table-sort.ts';

type Row = { symbol: string; pe: number | null };
const rows: Row[] = [
  { symbol: 'KO', pe: 24 },
  { symbol: 'T', pe: null },
  { symbol: 'AAPL', pe: 31 },
  { symbol: 'PEP', pe: 24 },
  { symbol: 'MSFT', pe: 9 },
];
const symbols = (xs: Row[]) => xs.map((r) => r.symbol);

it('P/E 24, —, 31, 24, 9 ascending is 9, 24, 24, 31 then the missing one; descending is 31, 24, 24, 9 then missing', () => {
  expect(symbols(sortRows(rows, (r) => r.pe, 'asc'))).toEqual(['MSFT', 'KO', 'PEP', 'AAPL', 'T']);
  expect(symbols(sortRows(rows, (r) => r.pe, 'desc'))).toEqual(['AAPL', 'KO', 'PEP', 'MSFT', 'T']);
});

it('ties keep their incoming order both ways: KO came before PEP (both 24), so KO stays first ascending and descending', () => {
  const asc = symbols(sortRows(rows, (r) => r.pe, 'asc'));
  const desc = symbols(sortRows(rows, (r) => r.pe, 'desc'));
  expect(asc.indexOf('KO')).toBeLessThan(asc.indexOf('PEP'));
  expect(desc.indexOf('KO')).toBeLessThan(desc.indexOf('PEP'));
});

it('numbers compare by size (9 < 10, not "10" < "9"); texts in reading order with digits as numbers (A2 < a10 < B); NaN and undefined are missing', () => {
  expect(sortRows([10, 9, 100], (v) => v, 'asc')).toEqual([9, 10, 100]);
  expect(sortRows(['B', 'a10', 'A2'], (v) => v, 'asc')).toEqual(['A2', 'a10', 'B']);
  expect(sortRows([Number.NaN, 2, undefined, 1], (v) => v, 'desc')).toEqual([2, 1, Number.NaN, undefined]);
  expect(compareSortValues(3, 'x')).toBeLessThan(0);
});

it('a press on the sorted column flips it; another column starts at its own first direction', () => {
  expect(toggleSort(null, 'pe', 'desc')).toEqual({ columnId: 'pe', direction: 'desc' });
  expect(toggleSort({ columnId: 'pe', direction: 'desc' }, 'pe', 'desc')).toEqual({ columnId: 'pe', direction: 'asc' });
  expect(toggleSort({ columnId: 'pe', direction: 'asc' }, 'pe', 'desc')).toEqual({ columnId: 'pe', direction: 'desc' });
  expect(toggleSort({ columnId: 'pe', direction: 'asc' }, 'symbol', 'asc')).toEqual({ columnId: 'symbol', direction: 'asc' });
});
