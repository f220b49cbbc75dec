import type { ScreenerField } from '../screener/fields.ts';
import type { CellValue, ScreenerQuery, ScreenerRow } from '../screener/screener-types.ts';

/*
 * The screener's specification as the plainest code: filter an array of objects, sort it with a
 * comparator, slice a page. The property test holds the columnar engine to it; the benchmark times it.
 */

const isMissing = (v: CellValue | undefined): boolean => v === null || v === undefined || v === '' || (typeof v === 'number' && !Number.isFinite(v));

/** A choice value's rank: its place among the field's fixed options, else its string order. */
function compareChoice(field: ScreenerField, a: string, b: string): number {
  if (field.kind === 'choice' && field.options) return field.options.indexOf(a) - field.options.indexOf(b);
  return a < b ? -1 : a > b ? 1 : 0;
}

function passes(row: ScreenerRow, filter: ScreenerQuery['filters'][number]): boolean {
  const v = row.values[filter.field];
  if (isMissing(v)) return false;
  if (filter.in) return typeof v === 'string' && filter.in.includes(v);
  if (typeof v !== 'number') return false;
  if (filter.min !== undefined && filter.min !== null && v < filter.min) return false;
  if (filter.max !== undefined && filter.max !== null && v > filter.max) return false;
  return true;
}

/** The page's symbols and the total, by filter → stable sort (missing last) → slice. */
export function runReferenceQuery(rows: readonly ScreenerRow[], fields: readonly ScreenerField[], q: ScreenerQuery): { symbols: string[]; total: number } {
  const matching = rows.filter((row) => q.filters.every((f) => passes(row, f)));
  const field = fields.find((f) => f.id === q.sort.field)!;
  const sign = q.sort.dir === 'asc' ? 1 : -1;
  const sorted = [...matching].sort((ra, rb) => {
    const a = ra.values[q.sort.field];
    const b = rb.values[q.sort.field];
    const ma = isMissing(a);
    const mb = isMissing(b);
    if (ma || mb) return ma === mb ? 0 : ma ? 1 : -1;
    const c = typeof a === 'number' && typeof b === 'number' ? a - b : compareChoice(field, String(a), String(b));
    return sign * c;
  });
  const start = (q.page - 1) * q.page_size;
  return { symbols: sorted.slice(start, start + q.page_size).map((r) => r.symbol), total: matching.length };
}
