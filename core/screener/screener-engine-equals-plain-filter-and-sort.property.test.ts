import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type FieldId, findField, type ScreenerField } from './fields.ts';
import { checkScreenerQuery, listAllMatches, runScreenerQuery } from './query.ts';
import { runReferenceQuery } from '../test-kit/screener-reference-query.ts';
import type { CellValue, ScreenerFilter, ScreenerQuery, ScreenerRow } from './screener-types.ts';
import { buildScreenerTable } from './table.ts';

/*
 * The columnar engine (masks over typed arrays, presorted columns walked by runs of equal values) must
 * answer exactly what the plain reference answers: filter an array of objects, stable-sort it with missing
 * values last, slice the page. Values come from tiny sets so ties, missing values and empty results are common.
 */

const FIELD_IDS: FieldId[] = ['pe_ttm', 'roe', 'market_cap', 'rsi_14', 'sector', 'technical_rating', 'type'];
const FIELDS = FIELD_IDS.map((id) => findField(id)!) as ScreenerField[];
const SECTORS = ['Energy', 'Financials', 'Health Care', 'Utilities'];

const numberCell: fc.Arbitrary<CellValue | undefined> = fc.oneof(
  { weight: 6, arbitrary: fc.integer({ min: -3, max: 3 }).map((n) => n / 2) },
  { weight: 1, arbitrary: fc.constantFrom(null, undefined, Number.NaN) },
);
const choiceCell = (labels: readonly string[]): fc.Arbitrary<CellValue | undefined> =>
  fc.oneof({ weight: 5, arbitrary: fc.constantFrom(...labels) }, { weight: 1, arbitrary: fc.constantFrom(null, undefined) });

const cellFor = (f: ScreenerField) => (f.kind === 'range' ? numberCell : choiceCell(f.options ?? SECTORS));

const rowsArb = fc.array(fc.tuple(...FIELDS.map(cellFor)), { maxLength: 60 }).map((tuples) =>
  tuples.map((cells, i): ScreenerRow => {
    const values: ScreenerRow['values'] = {};
    cells.forEach((v, k) => {
      if (v !== undefined) values[FIELD_IDS[k]!] = v;
    });
    return { symbol: `S${String(i).padStart(3, '0')}`, name: `Company ${i}`, values, sparkline: [] };
  }),
);

const bound = fc.option(
  fc.integer({ min: -4, max: 4 }).map((n) => n / 2),
  { nil: undefined },
);

function filterArb(rows: ScreenerRow[]): fc.Arbitrary<ScreenerFilter[]> {
  return fc.subarray(FIELDS, { maxLength: 4 }).chain((chosen) =>
    fc.tuple(
      ...chosen.map((f): fc.Arbitrary<ScreenerFilter> => {
        if (f.kind === 'range') {
          return fc
            .tuple(bound, bound)
            .filter(([a, b]) => a !== undefined || b !== undefined)
            .map(([a, b]) => (a !== undefined && b !== undefined && a > b ? [b, a] : [a, b]))
            .map(([min, max]) => ({ field: f.id as FieldId, ...(min !== undefined ? { min } : {}), ...(max !== undefined ? { max } : {}) }));
        }
        // The engine refuses values the table does not know: offer the labels it has.
        const present = f.options ?? [...new Set(rows.map((r) => r.values[f.id as FieldId]).filter((v): v is string => typeof v === 'string'))];
        if (present.length === 0) return fc.constant({ field: 'pe_ttm' as FieldId, min: -10 });
        return fc.subarray([...present], { minLength: 1 }).map((values) => ({ field: f.id as FieldId, in: values }));
      }),
    ),
  );
}

const caseArb = rowsArb.chain((rows) =>
  fc.record({
    rows: fc.constant(rows),
    filters: filterArb(rows),
    sort: fc.record({ field: fc.constantFrom(...FIELD_IDS), dir: fc.constantFrom('asc' as const, 'desc' as const) }),
    page: fc.integer({ min: 1, max: 8 }),
    page_size: fc.integer({ min: 1, max: 12 }),
  }),
);

describe('screener engine against the plain reference', () => {
  it('same total and the same symbols, in the same order, for random rows, filters, sorts and pages', () => {
    fc.assert(
      fc.property(caseArb, ({ rows, filters, sort, page, page_size }) => {
        // A field filtered twice is refused by the engine; keep the first.
        const unique = filters.filter((f, i) => filters.findIndex((g) => g.field === f.field) === i);
        const q: ScreenerQuery = { filters: unique, sort, columns: [sort.field], page, page_size };
        const table = buildScreenerTable(rows, { dataAsOf: '2026-07-02', fields: FIELDS });
        expect(checkScreenerQuery(table, q)).toBeNull();
        const engine = runScreenerQuery(table, q);
        const reference = runReferenceQuery(rows, FIELDS, q);
        expect(engine.total).toBe(reference.total);
        expect(engine.rows.map((r) => table.symbols[r])).toEqual(reference.symbols);
        // The export walks the same order: all pages of the reference, concatenated.
        const all = runReferenceQuery(rows, FIELDS, { ...q, page: 1, page_size: Math.max(1, rows.length) });
        expect(listAllMatches(table, q).map((r) => table.symbols[r])).toEqual(all.symbols);
      }),
      { numRuns: 400 },
    );
  });
});
