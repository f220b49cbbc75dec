/**
 * The whole screen lives in the URL so it can be shared, bookmarked and walked with back/forward:
 *   ?pe=..20&roic=15..&sector=Energy&sector=Utilities&sort=-market_cap&page=2&size=50&cols=pe,roic
 * A range is `min..max` (either side may be empty), a choice repeats its parameter once per value,
 * `sort` is the field with a leading `-` for descending, `cols` the chosen columns in order.
 * Reading never needs the field catalog (so the query can start before the catalog arrives); the server
 * answers unknown fields with an error naming them.
 */

export type ScreenFilter = { kind: 'range'; field: string; min: number | null; max: number | null } | { kind: 'choice'; field: string; values: string[] };

export interface ScreenSort {
  field: string;
  dir: 'asc' | 'desc';
}

export interface ScreenState {
  filters: ScreenFilter[];
  sort: ScreenSort | null;
  /** 1-based. */
  page: number;
  pageSize: number;
  /** Chosen columns in order; null = the default columns. */
  columns: string[] | null;
}

export const PAGE_SIZES = [25, 50, 100] as const;
export const DEFAULT_PAGE_SIZE = 25;
const RESERVED = new Set(['sort', 'page', 'size', 'cols']);
const rangeRe = /^(-?\d+(?:\.\d+)?(?:e[+-]?\d+)?)?\.\.(-?\d+(?:\.\d+)?(?:e[+-]?\d+)?)?$/i;
const fieldRe = /^[a-z][a-z0-9_]*$/i;

export const EMPTY_SCREEN: ScreenState = { filters: [], sort: null, page: 1, pageSize: DEFAULT_PAGE_SIZE, columns: null };

const toNumberOrNull = (s: string | undefined) => (s === undefined || s === '' ? null : Number(s));

/** Reads a screen from the query string; malformed parts (bad numbers, `..` alone, odd names) are dropped. */
export function parseScreen(params: URLSearchParams): ScreenState {
  const filters: ScreenFilter[] = [];
  const seen = new Set<string>();
  for (const key of params.keys()) {
    if (RESERVED.has(key) || seen.has(key) || !fieldRe.test(key)) continue;
    seen.add(key);
    const all = params.getAll(key).filter((v) => v !== '');
    const range = all.length === 1 ? rangeRe.exec(all[0]!) : null;
    if (range) {
      const min = toNumberOrNull(range[1]);
      const max = toNumberOrNull(range[2]);
      if (min !== null || max !== null) filters.push({ kind: 'range', field: key, min, max });
    } else if (all.length > 0) filters.push({ kind: 'choice', field: key, values: [...new Set(all)] });
  }
  const sortRaw = params.get('sort') ?? '';
  const sortField = sortRaw.replace(/^-/, '');
  const sort: ScreenSort | null = fieldRe.test(sortField) ? { field: sortField, dir: sortRaw.startsWith('-') ? 'desc' : 'asc' } : null;
  const page = Number(params.get('page'));
  const size = Number(params.get('size'));
  const cols = (params.get('cols') ?? '')
    .split(',')
    .map((c) => c.trim())
    .filter((c) => fieldRe.test(c));
  return {
    filters,
    sort,
    page: Number.isInteger(page) && page >= 1 ? page : 1,
    pageSize: (PAGE_SIZES as readonly number[]).includes(size) ? size : DEFAULT_PAGE_SIZE,
    columns: cols.length > 0 ? [...new Set(cols)] : null,
  };
}

/** Writes a screen as a query string (no leading `?`); defaults are left out so URLs stay short. */
export function formatScreen(s: ScreenState): string {
  const p = new URLSearchParams();
  for (const f of s.filters) {
    if (f.kind === 'range') {
      if (f.min === null && f.max === null) continue;
      p.append(f.field, `${f.min ?? ''}..${f.max ?? ''}`);
    } else for (const v of f.values) p.append(f.field, v);
  }
  if (s.sort) p.set('sort', `${s.sort.dir === 'desc' ? '-' : ''}${s.sort.field}`);
  if (s.page > 1) p.set('page', String(s.page));
  if (s.pageSize !== DEFAULT_PAGE_SIZE) p.set('size', String(s.pageSize));
  if (s.columns && s.columns.length > 0) p.set('cols', s.columns.join(','));
  return p.toString();
}

/** Replaces (or, with `null`, removes) the filter on one field; any filter change goes back to page 1. */
export function setFilter(s: ScreenState, field: string, next: ScreenFilter | null): ScreenState {
  const rest = s.filters.filter((f) => f.field !== field);
  const empty = !next || (next.kind === 'range' ? next.min === null && next.max === null : next.values.length === 0);
  return { ...s, filters: empty ? rest : keepOrder(s.filters, rest, next!), page: 1 };
}

// A filter edited in place keeps its chip's position; a new one goes last.
function keepOrder(before: ScreenFilter[], rest: ScreenFilter[], next: ScreenFilter): ScreenFilter[] {
  const i = before.findIndex((f) => f.field === next.field);
  if (i < 0) return [...rest, next];
  const out = [...rest];
  out.splice(i, 0, next);
  return out;
}

/** Clicking a header: a new column sorts descending first (biggest first reads best for most figures), the same column flips. */
export function toggleSort(s: ScreenState, field: string): ScreenState {
  const dir = s.sort?.field === field ? (s.sort.dir === 'desc' ? 'asc' : 'desc') : 'desc';
  return { ...s, sort: { field, dir }, page: 1 };
}

/** The screen of a link (`?…`), or null when the address holds none. */
export const parseSharedScreen = (search: string): ScreenState | null => (search.length > 1 ? parseScreen(new URLSearchParams(search)) : null);
