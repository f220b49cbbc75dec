import type { FieldId } from './fields.ts';

/**
 * A filter on one field. A range filter keeps rows with min ≤ value ≤ max (either bound may be
 * absent or null); a choice filter keeps rows whose value is one of `in`. A row missing the field
 * never passes a filter on it.
 */
export interface ScreenerFilter {
  field: FieldId;
  min?: number | null;
  max?: number | null;
  in?: string[];
}

type SortDirection = 'asc' | 'desc';

/** Rows with the field missing come last in both directions; ties keep the table's order (symbol A–Z). */
export interface ScreenerSort {
  field: FieldId;
  dir: SortDirection;
}

/** What defines a screen (saved screens and presets store this; the URL carries it). */
export interface ScreenDefinition {
  filters: ScreenerFilter[];
  sort: ScreenerSort;
  columns: FieldId[];
}

export interface ScreenerQuery extends ScreenDefinition {
  /** 1-based. */
  page: number;
  page_size: number;
}

/** A cell value: a number in the field's unit, a choice label, or null when the figure is missing. */
export type CellValue = number | string | null;

/** One symbol as the engine sees it before the columnar table: values by field id (missing = absent, null or NaN). */
export interface ScreenerRow {
  symbol: string;
  name: string;
  values: Partial<Record<FieldId, CellValue>>;
  /**
   * The as-of date of each value older than a year on the row's day (the ETF overview's expense ratio and
   * assets, 2022-08-30): shown with the cell, as the ETF page does. Absent when every value is current.
   */
  asOf?: Partial<Record<FieldId, string>>;
  /** About 52 weekly closes of the last year (month-end closes for names without daily bars), oldest first. */
  sparkline: number[];
}

/** Every covered stock and ETF as a screener row: what the screener's table is built from. */
export interface LoadedUniverse {
  rows: ScreenerRow[];
  /** The newest price day among the rows. */
  dataAsOf: string;
  stocks: number;
  etfs: number;
}

/** Bad input found by the engine, naming the field of the request at fault (`filters.2.min`). */
export interface QueryProblem {
  field: string;
  message: string;
}

export interface RangeDistribution {
  kind: 'range';
  /** Rows with a value. */
  count: number;
  missing: number;
  min: number | null;
  max: number | null;
  /** p5, p25, p50, p75, p95 of the values (null without values). */
  quantiles: { p5: number; p25: number; p50: number; p75: number; p95: number } | null;
  /**
   * Equal-width bins (in log space for `scale: log` fields) between p2 and p98; values beyond them
   * are counted in the first or last bin. `from`/`to` are in the field's unit.
   */
  bins: Array<{ from: number; to: number; count: number }>;
}

export interface ChoiceDistribution {
  kind: 'choice';
  count: number;
  missing: number;
  /** Every value the universe has, in the field's sort order, with its row count. */
  options: Array<{ value: string; count: number }>;
}

export type FieldDistribution = RangeDistribution | ChoiceDistribution;
