/** History ranges accepted by the API, and slicing of a date-sorted series by range. */
export const HISTORY_RANGES = ['1m', '3m', '6m', 'ytd', '1y', '3y', '5y', 'max'] as const;
export type HistoryRange = (typeof HISTORY_RANGES)[number];

export const isHistoryRange = (v: string): v is HistoryRange => (HISTORY_RANGES as readonly string[]).includes(v);

/** First date (inclusive, YYYY-MM-DD) of `range` counted back from `lastDate`; null for max. */
export function rangeStartDate(range: HistoryRange, lastDate: string): string | null {
  if (range === 'max') return null;
  const [y, m, d] = lastDate.split('-').map(Number) as [number, number, number];
  if (range === 'ytd') return `${y}-01-01`;
  const months = { '1m': 1, '3m': 3, '6m': 6, '1y': 12, '3y': 36, '5y': 60 }[range];
  const date = new Date(Date.UTC(y, m - 1 - months, d));
  return date.toISOString().slice(0, 10);
}

/** Index of the first element whose date is ≥ `start` (binary search; `dates` ascending). */
export function lowerBound(dates: readonly string[], start: string): number {
  let lo = 0;
  let hi = dates.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (dates[mid]! < start) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}
