import { joinCsvRows, toCsvCell } from '../text/csv.ts';
import type { Fact } from './analysis-types.ts';

/** The CSV export's columns, in order: a fact as the API answers it. */
const FACT_CSV_COLUMNS = ['key', 'label', 'value', 'unit', 'period', 'source', 'as_of'] as const;

/** An analysis's facts as CSV: a header row, then one row per fact; numbers stay numbers, every other cell is guarded text. */
export function formatFactsCsv(facts: readonly Fact[]): string {
  const rows = facts.map((f) => FACT_CSV_COLUMNS.map((c) => toCsvCell(f[c], c !== 'value' || typeof f.value === 'string')));
  return joinCsvRows([FACT_CSV_COLUMNS.map((c) => toCsvCell(c, true)), ...rows]);
}
