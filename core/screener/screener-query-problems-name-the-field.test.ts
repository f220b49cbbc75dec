import { describe, expect, it } from 'vitest';
import { type FieldId, findField, type ScreenerField } from './fields.ts';
import { checkScreenerQuery, runScreenerQuery } from './query.ts';
import type { ScreenerQuery, ScreenerRow } from './screener-types.ts';
import { buildScreenerTable } from './table.ts';

const FIELDS = (['pe_ttm', 'sector', 'technical_rating'] as FieldId[]).map((id) => findField(id)!) as ScreenerField[];
const rows: ScreenerRow[] = [
  { symbol: 'AAA', name: 'A', values: { pe_ttm: 10, sector: 'Energy', technical_rating: 'Buy' }, sparkline: [] },
  { symbol: 'BBB', name: 'B', values: { pe_ttm: 30, sector: 'Utilities' }, sparkline: [] },
  { symbol: 'CCC', name: 'C', values: { sector: 'Energy', technical_rating: 'Sell' }, sparkline: [] },
];
const table = buildScreenerTable(rows, { dataAsOf: '2026-07-02', fields: FIELDS });
const base: ScreenerQuery = { filters: [], sort: { field: 'pe_ttm', dir: 'asc' }, columns: ['pe_ttm'], page: 1, page_size: 25 };
const problemOf = (q: Partial<ScreenerQuery>) => checkScreenerQuery(table, { ...base, ...q });

describe('bad screener queries: the first problem, naming the request field', () => {
  it('min above max: filters.0.min, with both bounds and the field label in the message', () => {
    expect(problemOf({ filters: [{ field: 'pe_ttm', min: 30, max: 10 }] })).toEqual({
      field: 'filters.0.min',
      message: 'min 30 is above max 10 for P/E (trailing twelve months)',
    });
  });

  it('NaN and Infinity bounds are refused (a direct caller, not only JSON, can send them)', () => {
    expect(problemOf({ filters: [{ field: 'pe_ttm', min: Number.NaN }] })?.field).toBe('filters.0.min');
    expect(problemOf({ filters: [{ field: 'pe_ttm', max: Number.POSITIVE_INFINITY }] })?.field).toBe('filters.0.max');
  });

  it('unknown fields in filters, sort and columns', () => {
    expect(problemOf({ filters: [{ field: 'price_to_dreams' as FieldId, min: 1 }] })?.field).toBe('filters.0.field');
    expect(problemOf({ sort: { field: 'nope' as FieldId, dir: 'asc' } })?.field).toBe('sort.field');
    expect(problemOf({ columns: ['pe_ttm', 'nope' as FieldId] })?.field).toBe('columns.1');
  });

  it('a field known to the catalog but not in this table is unknown to the query', () => {
    expect(problemOf({ filters: [{ field: 'roe', min: 1 }] })?.field).toBe('filters.0.field');
  });

  it('range bounds on a choice field, in on a range field, a filter with nothing to keep', () => {
    expect(problemOf({ filters: [{ field: 'sector', min: 1 }] })?.field).toBe('filters.0.min');
    expect(problemOf({ filters: [{ field: 'pe_ttm', in: ['10'] }] })?.field).toBe('filters.0.in');
    expect(problemOf({ filters: [{ field: 'pe_ttm' }] })?.field).toBe('filters.0');
    expect(problemOf({ filters: [{ field: 'sector', in: [] }] })?.field).toBe('filters.0.in');
  });

  it('a value the field does not have names its position: filters.1.in.1', () => {
    const p = problemOf({
      filters: [
        { field: 'pe_ttm', max: 50 },
        { field: 'sector', in: ['Energy', 'Tech'] },
      ],
    });
    expect(p).toEqual({ field: 'filters.1.in.1', message: '"Tech" is not a value of Sector (GICS); GET /api/screener/fields lists them' });
    // A fixed-option field knows every option, even one no row has today.
    expect(problemOf({ filters: [{ field: 'technical_rating', in: ['Strong Buy'] }] })).toBeNull();
  });

  it('the same field filtered twice, a column listed twice', () => {
    expect(
      problemOf({
        filters: [
          { field: 'pe_ttm', min: 1 },
          { field: 'pe_ttm', max: 9 },
        ],
      })?.field,
    ).toBe('filters.1.field');
    expect(problemOf({ columns: ['pe_ttm', 'pe_ttm'] })?.field).toBe('columns.1');
  });

  it('page_size 10,000 and page 0 are refused; a page past the end answers no rows with the total and last page', () => {
    expect(problemOf({ page_size: 10_000 })?.field).toBe('page_size');
    expect(problemOf({ page: 0 })?.field).toBe('page');
    const past = runScreenerQuery(table, { ...base, page: 3, page_size: 2 });
    // 3 rows, 2 a page: pages 1 and 2; page 3 is past the end.
    expect(past).toEqual({ rows: [], total: 3, lastPage: 2 });
  });

  it('nothing matching is not an error: page 1 of 0 rows', () => {
    expect(runScreenerQuery(table, { ...base, filters: [{ field: 'pe_ttm', min: 1000 }] })).toEqual({ rows: [], total: 0, lastPage: 1 });
  });
});
