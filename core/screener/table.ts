import { type ChoiceField, type FieldId, type RangeField, SCREENER_FIELDS, type ScreenerField } from './fields.ts';
import type { CellValue, ScreenerRow } from './screener-types.ts';

/*
 * The universe as columns: one Float64Array per range field (NaN = missing) and one Uint16Array of
 * codes per choice field (0 = missing; code k is labels[k − 1], labels in the field's sort order).
 * Every column also keeps its rows in ascending order (missing last, ties in table order), computed
 * once at build, so a query sorts by walking an array instead of sorting.
 */

interface ColumnBase {
  /** Row indexes by ascending value; the first `valid` have a value, the rest are missing. */
  order: Int32Array;
  valid: number;
  /** The value as a sort key: the number, or the choice code (NaN when missing). */
  sortKey: Float64Array;
  /** Row index → as-of date, for values older than a year (ScreenerRow.asOf); most columns have none. */
  asOf: ReadonlyMap<number, string>;
}

export interface RangeColumn extends ColumnBase {
  kind: 'range';
  field: RangeField;
  values: Float64Array;
}

export interface ChoiceColumn extends ColumnBase {
  kind: 'choice';
  field: ChoiceField;
  codes: Uint16Array;
  /** labels[code − 1]. */
  labels: string[];
  codeOf: ReadonlyMap<string, number>;
}

export type Column = RangeColumn | ChoiceColumn;

export interface ScreenerTable {
  size: number;
  symbols: string[];
  names: string[];
  sparklines: number[][];
  fields: readonly ScreenerField[];
  columns: ReadonlyMap<string, Column>;
  /** The newest price day among the rows. */
  dataAsOf: string;
}

const MAX_CHOICE_LABELS = 65_535;

function sortRows(sortKey: Float64Array): { order: Int32Array; valid: number } {
  const n = sortKey.length;
  const present: number[] = [];
  const missing: number[] = [];
  for (let i = 0; i < n; i++) (Number.isNaN(sortKey[i]!) ? missing : present).push(i);
  // Array.prototype.sort is stable: equal keys keep table order.
  present.sort((a, b) => sortKey[a]! - sortKey[b]!);
  const order = new Int32Array(n);
  order.set(present, 0);
  order.set(missing, present.length);
  return { order, valid: present.length };
}

const toNumber = (v: CellValue | undefined): number => (typeof v === 'number' && Number.isFinite(v) ? v : Number.NaN);

function buildRangeColumn(field: RangeField, rows: readonly ScreenerRow[]): RangeColumn {
  const values = new Float64Array(rows.length);
  for (let i = 0; i < rows.length; i++) values[i] = toNumber(rows[i]!.values[field.id as FieldId]);
  return { kind: 'range', field, values, sortKey: values, asOf: datesOf(field, rows), ...sortRows(values) };
}

function buildChoiceColumn(field: ChoiceField, rows: readonly ScreenerRow[]): ChoiceColumn {
  const raw = rows.map((r) => r.values[field.id as FieldId]);
  let labels: string[];
  if (field.options) {
    labels = [...field.options];
    for (const v of raw) {
      if (typeof v === 'string' && v !== '' && !labels.includes(v)) throw new Error(`${field.id}: "${v}" is not one of ${labels.join(', ')}`);
    }
  } else {
    labels = [...new Set(raw.filter((v): v is string => typeof v === 'string' && v !== ''))].sort();
  }
  if (labels.length > MAX_CHOICE_LABELS) throw new Error(`${field.id}: more than ${MAX_CHOICE_LABELS} distinct values`);
  const codeOf = new Map(labels.map((l, i) => [l, i + 1]));
  const codes = new Uint16Array(rows.length);
  const sortKey = new Float64Array(rows.length);
  for (let i = 0; i < rows.length; i++) {
    const v = raw[i];
    const code = typeof v === 'string' ? (codeOf.get(v) ?? 0) : 0;
    codes[i] = code;
    sortKey[i] = code === 0 ? Number.NaN : code;
  }
  return { kind: 'choice', field, codes, labels, codeOf, sortKey, asOf: datesOf(field, rows), ...sortRows(sortKey) };
}

function datesOf(field: ScreenerField, rows: readonly ScreenerRow[]): Map<number, string> {
  const out = new Map<number, string>();
  rows.forEach((r, i) => {
    const d = r.asOf?.[field.id as FieldId];
    if (d) out.set(i, d);
  });
  return out;
}

/**
 * Builds the columnar table from rows in the order given (that order breaks ties when sorting: pass
 * them by symbol). Values that are not finite numbers (range) or strings (choice) count as missing.
 */
export function buildScreenerTable(rows: readonly ScreenerRow[], opts: { dataAsOf: string; fields?: readonly ScreenerField[] }): ScreenerTable {
  const fields = opts.fields ?? SCREENER_FIELDS;
  const columns = new Map<string, Column>();
  for (const f of fields) columns.set(f.id, f.kind === 'range' ? buildRangeColumn(f, rows) : buildChoiceColumn(f, rows));
  return {
    size: rows.length,
    symbols: rows.map((r) => r.symbol),
    names: rows.map((r) => r.name),
    sparklines: rows.map((r) => r.sparkline),
    fields,
    columns,
    dataAsOf: opts.dataAsOf,
  };
}

/** A cell as the API serves it: the number, the choice label, or null. */
export function readCell(column: Column, row: number): CellValue {
  if (column.kind === 'range') {
    const v = column.values[row]!;
    return Number.isNaN(v) ? null : v;
  }
  const code = column.codes[row]!;
  return code === 0 ? null : column.labels[code - 1]!;
}
