/** A value a column sorts by: a number, a text, or nothing (missing figures sort last whichever the direction). */
export type SortValue = number | string | null | undefined;
export type SortDirection = 'asc' | 'desc';
export type SortState = { columnId: string; direction: SortDirection };

const isMissing = (v: SortValue): v is null | undefined => v === null || v === undefined || (typeof v === 'number' && Number.isNaN(v));

/** Numbers by size, texts in the reader's order with digits as numbers ("A2" before "A10"); a number before a text. */
export function compareSortValues(a: string | number, b: string | number): number {
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  if (typeof a === 'number') return -1;
  if (typeof b === 'number') return 1;
  return a.localeCompare(b, undefined, { numeric: true, sensitivity: 'base' });
}

/**
 * The rows in the column's order: missing values last in both directions, ties keep the order they came in
 * (a descending sort does not reverse equal rows, so re-sorting never shuffles them).
 */
export function sortRows<Row>(rows: readonly Row[], readValue: (row: Row) => SortValue, direction: SortDirection): Row[] {
  const sign = direction === 'asc' ? 1 : -1;
  return rows
    .map((row, index) => ({ row, index, value: readValue(row) }))
    .sort((x, y) => {
      const xMissing = isMissing(x.value);
      const yMissing = isMissing(y.value);
      if (xMissing || yMissing) return xMissing === yMissing ? x.index - y.index : xMissing ? 1 : -1;
      return sign * compareSortValues(x.value as string | number, y.value as string | number) || x.index - y.index;
    })
    .map((entry) => entry.row);
}

/** A header press: the same column flips its direction; another column starts at its own first direction. */
export function toggleSort(current: SortState | null, columnId: string, firstDirection: SortDirection): SortState {
  if (current?.columnId === columnId) return { columnId, direction: current.direction === 'asc' ? 'desc' : 'asc' };
  return { columnId, direction: firstDirection };
}
