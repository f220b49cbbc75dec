import { DEFAULT_COLUMNS, DEFAULT_SORT, type FieldId } from '../../../../core/screener/fields.ts';
import type { ScreenDefinition, ScreenerFilter } from '../../../../core/screener/screener-types.ts';
import type { ScreenerQueryBody } from './api/query-screener.ts';
import { DEFAULT_PAGE_SIZE, type ScreenFilter, type ScreenSort, type ScreenState } from './screen-url.ts';

/** The most columns the table shows at once (the API allows more; a phone does not). */
export const MAX_COLUMNS = 12;

/** The sort the server applies when the URL names none. */
export const effectiveSort = (s: ScreenState): ScreenSort => s.sort ?? DEFAULT_SORT;

/** Columns when none were chosen: the defaults, then each filtered field, so what you filter on is visible. */
export function pickColumns(s: ScreenState): string[] {
  if (s.columns) return s.columns;
  return [...new Set([...DEFAULT_COLUMNS, ...s.filters.map((f) => f.field)])].slice(0, MAX_COLUMNS);
}

const toApiFilter = (f: ScreenFilter): ScreenerFilter =>
  f.kind === 'choice'
    ? { field: f.field as FieldId, in: [...f.values] }
    : { field: f.field as FieldId, ...(f.min !== null ? { min: f.min } : {}), ...(f.max !== null ? { max: f.max } : {}) };

const fromApiFilter = (f: ScreenerFilter): ScreenFilter =>
  f.in ? { kind: 'choice', field: f.field, values: [...f.in] } : { kind: 'range', field: f.field, min: f.min ?? null, max: f.max ?? null };

/** What the screen is, without paging: saved screens and the CSV export take this. */
export const toDefinition = (s: ScreenState): ScreenDefinition => ({
  filters: s.filters.map(toApiFilter),
  sort: { ...effectiveSort(s) } as ScreenDefinition['sort'],
  columns: pickColumns(s) as FieldId[],
});

/**
 * The request for the page the screen shows. `type` rides along even when it is not a column: it decides
 * whether a result opens the ETF page or the company overview.
 */
export function toQueryBody(s: ScreenState): ScreenerQueryBody {
  const def = toDefinition(s);
  return { ...def, columns: def.columns.includes('type') ? def.columns : [...def.columns, 'type'], page: s.page, page_size: s.pageSize };
}

/** A preset or a saved screen opened as a fresh screen on page 1 (its own columns shown, the default sort left out of the URL). */
export const screenFromDefinition = (d: ScreenDefinition, pageSize = DEFAULT_PAGE_SIZE): ScreenState => ({
  filters: d.filters.map(fromApiFilter),
  sort: d.sort.field === DEFAULT_SORT.field && d.sort.dir === DEFAULT_SORT.dir ? null : { ...d.sort },
  page: 1,
  pageSize,
  columns: d.columns.length > 0 ? [...d.columns] : null,
});

/** Same filters and sort as the definition (a preset): its button shows as pressed. */
export function matchesDefinition(s: ScreenState, d: Pick<ScreenDefinition, 'filters' | 'sort'>): boolean {
  const key = (fs: ScreenFilter[]) =>
    JSON.stringify(
      fs.map((f) => (f.kind === 'choice' ? [f.field, [...f.values].sort()] : [f.field, f.min, f.max])).sort((a, b) => String(a[0]).localeCompare(String(b[0]))),
    );
  const sort = effectiveSort(s);
  return key(s.filters) === key(d.filters.map(fromApiFilter)) && sort.field === d.sort.field && sort.dir === d.sort.dir;
}
