import { DEFAULT_COLUMNS, DEFAULT_SORT } from './fields.ts';
import type { QueryProblem, ScreenDefinition, ScreenerFilter, ScreenerQuery, ScreenerSort } from './screener-types.ts';
import type { Column, ScreenerTable } from './table.ts';

/** The bounds of a query, the API's and the engine's (the routes' zod schemas read them from here). */
export const SCREENER_LIMITS = {
  defaultPageSize: 25,
  maxPageSize: 100,
  /** A page number far beyond any universe: refused before the engine runs. */
  maxPage: 10_000,
  /** One filter per field at most. */
  maxFilters: 80,
  maxColumns: 40,
  maxChoiceValues: 200,
  maxSavedScreens: 100,
  maxScreenNameLength: 80,
} as const;

const describeField = (column: Column) => `${column.field.label}`;

function checkFilter(table: ScreenerTable, filter: ScreenerFilter, at: string): QueryProblem | null {
  const column = table.columns.get(filter.field);
  if (!column) return { field: `${at}.field`, message: `unknown field ${JSON.stringify(filter.field)}; GET /api/screener/fields lists the fields` };
  const hasMin = filter.min !== undefined && filter.min !== null;
  const hasMax = filter.max !== undefined && filter.max !== null;
  if (column.kind === 'range') {
    if (filter.in !== undefined) return { field: `${at}.in`, message: `${describeField(column)} is a range field: filter it with min and max, not in` };
    if (!hasMin && !hasMax) return { field: at, message: `give ${describeField(column)} a min, a max or both` };
    for (const bound of ['min', 'max'] as const) {
      const v = filter[bound];
      if (v !== undefined && v !== null && !(typeof v === 'number' && Number.isFinite(v))) {
        return { field: `${at}.${bound}`, message: `${bound} must be a finite number` };
      }
    }
    if (hasMin && hasMax && filter.min! > filter.max!) {
      return { field: `${at}.min`, message: `min ${filter.min} is above max ${filter.max} for ${describeField(column)}` };
    }
    return null;
  }
  if (hasMin || hasMax)
    return { field: `${at}.${hasMin ? 'min' : 'max'}`, message: `${describeField(column)} is a choice field: filter it with in, not min or max` };
  if (!filter.in || filter.in.length === 0) return { field: `${at}.in`, message: `list the ${describeField(column)} values to keep` };
  for (let j = 0; j < filter.in.length; j++) {
    const v = filter.in[j]!;
    if (!column.codeOf.has(v)) {
      return { field: `${at}.in.${j}`, message: `${JSON.stringify(v)} is not a value of ${describeField(column)}; GET /api/screener/fields lists them` };
    }
  }
  return null;
}

/** What is wrong with a screen for this table (the first problem, naming the request field), or null. */
export function checkScreenDefinition(table: ScreenerTable, def: ScreenDefinition): QueryProblem | null {
  if (def.filters.length > SCREENER_LIMITS.maxFilters) return { field: 'filters', message: `at most ${SCREENER_LIMITS.maxFilters} filters` };
  const seen = new Set<string>();
  for (let i = 0; i < def.filters.length; i++) {
    const f = def.filters[i]!;
    const problem = checkFilter(table, f, `filters.${i}`);
    if (problem) return problem;
    if (seen.has(f.field)) return { field: `filters.${i}.field`, message: `${f.field} is filtered twice: merge the two filters into one` };
    seen.add(f.field);
  }
  if (!table.columns.has(def.sort.field)) return { field: 'sort.field', message: `unknown field ${JSON.stringify(def.sort.field)}` };
  if (def.sort.dir !== 'asc' && def.sort.dir !== 'desc') return { field: 'sort.dir', message: 'sort direction must be asc or desc' };
  if (def.columns.length === 0) return { field: 'columns', message: 'choose at least one column' };
  if (def.columns.length > SCREENER_LIMITS.maxColumns) return { field: 'columns', message: `at most ${SCREENER_LIMITS.maxColumns} columns` };
  const shown = new Set<string>();
  for (let i = 0; i < def.columns.length; i++) {
    const c = def.columns[i]!;
    if (!table.columns.has(c)) return { field: `columns.${i}`, message: `unknown field ${JSON.stringify(c)}` };
    if (shown.has(c)) return { field: `columns.${i}`, message: `${c} is listed twice` };
    shown.add(c);
  }
  return null;
}

/** As checkScreenDefinition, plus the page bounds (the page past the end is checked once the total is known). */
export function checkScreenerQuery(table: ScreenerTable, q: ScreenerQuery): QueryProblem | null {
  if (!Number.isInteger(q.page) || q.page < 1 || q.page > SCREENER_LIMITS.maxPage) {
    return { field: 'page', message: `page must be a whole number from 1 to ${SCREENER_LIMITS.maxPage}` };
  }
  if (!Number.isInteger(q.page_size) || q.page_size < 1 || q.page_size > SCREENER_LIMITS.maxPageSize) {
    return { field: 'page_size', message: `page_size must be a whole number from 1 to ${SCREENER_LIMITS.maxPageSize}` };
  }
  return checkScreenDefinition(table, q);
}

/** Rows passing every filter, as a 0/1 mask, and how many: one tight loop per filter over its column. */
function matchRows(table: ScreenerTable, filters: readonly ScreenerFilter[]): { mask: Uint8Array; total: number } {
  const n = table.size;
  const mask = new Uint8Array(n).fill(1);
  for (const f of filters) {
    const column = table.columns.get(f.field)!;
    if (column.kind === 'range') {
      const lo = f.min ?? Number.NEGATIVE_INFINITY;
      const hi = f.max ?? Number.POSITIVE_INFINITY;
      const v = column.values;
      // NaN fails both comparisons: a missing value never passes.
      for (let i = 0; i < n; i++) if (!(v[i]! >= lo && v[i]! <= hi)) mask[i] = 0;
    } else {
      const allowed = new Uint8Array(column.labels.length + 1);
      for (const label of f.in ?? []) allowed[column.codeOf.get(label) ?? 0] = 1;
      allowed[0] = 0;
      const codes = column.codes;
      for (let i = 0; i < n; i++) if (allowed[codes[i]!] === 0) mask[i] = 0;
    }
  }
  let total = 0;
  for (let i = 0; i < n; i++) total += mask[i]!;
  return { mask, total };
}

/**
 * Visits matching rows in sort order, from the `skip`-th, until `visit` returns false. Descending walks
 * the ascending order backwards one run of equal values at a time, each run forwards, so ties keep table
 * order either way; missing values come last in both directions.
 */
function walkSorted(table: ScreenerTable, mask: Uint8Array, sort: ScreenerSort, skip: number, visit: (row: number) => boolean): void {
  const { order, valid, sortKey } = table.columns.get(sort.field)!;
  let seen = 0;
  const offer = (row: number): boolean => {
    if (mask[row] === 0) return true;
    if (seen++ < skip) return true;
    return visit(row);
  };
  if (sort.dir === 'asc') {
    for (let k = 0; k < valid; k++) if (!offer(order[k]!)) return;
  } else {
    let end = valid - 1;
    while (end >= 0) {
      const key = sortKey[order[end]!]!;
      let start = end;
      while (start > 0 && sortKey[order[start - 1]!]! === key) start--;
      for (let k = start; k <= end; k++) if (!offer(order[k]!)) return;
      end = start - 1;
    }
  }
  for (let k = valid; k < order.length; k++) if (!offer(order[k]!)) return;
}

interface QueryPage {
  /** Row indexes of the page, in order. */
  rows: number[];
  total: number;
  /** The last page that has rows (1 when nothing matches). */
  lastPage: number;
}

/** Runs a checked query: the page's row indexes and the total. A page past the last is answered with no rows (the caller decides if that is an error). */
export function runScreenerQuery(table: ScreenerTable, q: ScreenerQuery): QueryPage {
  const { mask, total } = matchRows(table, q.filters);
  const lastPage = Math.max(1, Math.ceil(total / q.page_size));
  const rows: number[] = [];
  const skip = (q.page - 1) * q.page_size;
  if (skip < total) {
    walkSorted(table, mask, q.sort, skip, (row) => {
      rows.push(row);
      return rows.length < q.page_size;
    });
  }
  return { rows, total, lastPage };
}

/** Every matching row in sort order (CSV export, the copilot). */
export function listAllMatches(table: ScreenerTable, def: ScreenDefinition): number[] {
  const { mask } = matchRows(table, def.filters);
  const rows: number[] = [];
  walkSorted(table, mask, def.sort, 0, (row) => {
    rows.push(row);
    return true;
  });
  return rows;
}

/** A query with the API's defaults filled in (the copilot and other callers pass only what they mean). */
export function withQueryDefaults(q: Partial<ScreenerQuery>): ScreenerQuery {
  return {
    filters: q.filters ?? [],
    sort: q.sort ?? { ...DEFAULT_SORT },
    columns: q.columns ?? [...DEFAULT_COLUMNS],
    page: q.page ?? 1,
    page_size: q.page_size ?? SCREENER_LIMITS.defaultPageSize,
  };
}
