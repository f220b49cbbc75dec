import type { ChoiceDistribution, FieldDistribution, RangeDistribution } from './screener-types.ts';
import type { ChoiceColumn, Column, RangeColumn, ScreenerTable } from './table.ts';

export const HISTOGRAM_BINS = 20;

/** 4 significant digits: bin edges and quantiles are for a filter panel, not for arithmetic. */
const roundSignificant = (v: number) => (v === 0 || !Number.isFinite(v) ? v : Number(v.toPrecision(4)));

/** Quantile q (0..1) of ascending values, linear between the two nearest ranks. */
export function computeQuantile(sorted: ArrayLike<number>, q: number): number {
  const pos = (sorted.length - 1) * q;
  const lo = Math.floor(pos);
  const hi = Math.ceil(pos);
  return sorted[lo]! + (sorted[hi]! - sorted[lo]!) * (pos - lo);
}

function describeRange(column: RangeColumn): RangeDistribution {
  const sorted = new Float64Array(column.valid);
  for (let k = 0; k < column.valid; k++) sorted[k] = column.values[column.order[k]!]!;
  const count = sorted.length;
  const missing = column.values.length - count;
  if (count === 0) return { kind: 'range', count, missing, min: null, max: null, quantiles: null, bins: [] };
  const q = (p: number) => roundSignificant(computeQuantile(sorted, p));
  const quantiles = { p5: q(0.05), p25: q(0.25), p50: q(0.5), p75: q(0.75), p95: q(0.95) };
  const log = column.field.scale === 'log' && sorted[0]! > 0;
  const to = (v: number) => (log ? Math.log10(v) : v);
  const from = (v: number) => (log ? 10 ** v : v);
  const lo = to(computeQuantile(sorted, 0.02));
  const hi = to(computeQuantile(sorted, 0.98));
  const binCount = hi > lo ? HISTOGRAM_BINS : 1;
  const width = (hi - lo) / binCount;
  const counts = new Array<number>(binCount).fill(0);
  for (let k = 0; k < count; k++) {
    const b = binCount === 1 ? 0 : Math.floor((to(sorted[k]!) - lo) / width);
    counts[Math.min(binCount - 1, Math.max(0, b))]!++;
  }
  const bins = counts.map((c, b) => ({ from: roundSignificant(from(lo + b * width)), to: roundSignificant(from(lo + (b + 1) * width)), count: c }));
  return { kind: 'range', count, missing, min: sorted[0]!, max: sorted[count - 1]!, quantiles, bins };
}

function describeChoice(column: ChoiceColumn): ChoiceDistribution {
  const counts = new Array<number>(column.labels.length + 1).fill(0);
  for (let i = 0; i < column.codes.length; i++) counts[column.codes[i]!]!++;
  const options = column.labels.map((value, k) => ({ value, count: counts[k + 1]! }));
  return { kind: 'choice', count: column.codes.length - counts[0]!, missing: counts[0]!, options };
}

export function describeColumn(column: Column): FieldDistribution {
  return column.kind === 'range' ? describeRange(column) : describeChoice(column);
}

/** Each field's distribution over the whole table, for the filter panel. */
export function describeTable(table: ScreenerTable): Map<string, FieldDistribution> {
  return new Map([...table.columns].map(([id, column]) => [id, describeColumn(column)]));
}

/** A field's spread over a group of rows: how many have it, and its quartiles (as the filter panel rounds them). */
export interface FieldSpread {
  count: number;
  p25: number;
  p50: number;
  p75: number;
}

function spreadOf(sorted: readonly number[]): FieldSpread | null {
  if (sorted.length === 0) return null;
  const q = (p: number) => roundSignificant(computeQuantile(sorted, p));
  return { count: sorted.length, p25: q(0.25), p50: q(0.5), p75: q(0.75) };
}

/**
 * A range field's quartiles over the whole table and within each sector (the `sector` column), from the same
 * column and quantile rule as the filter panel's distribution: "what is a good P/E" answered from the universe.
 * Null when the field is not a range column.
 */
export function describeFieldBySector(table: ScreenerTable, fieldId: string): { market: FieldSpread | null; sectors: Map<string, FieldSpread> } | null {
  const column = table.columns.get(fieldId);
  if (column?.kind !== 'range') return null;
  const sector = table.columns.get('sector');
  const all: number[] = [];
  const bySector = new Map<string, number[]>();
  // `order` runs by ascending value, so each group fills already sorted.
  for (let k = 0; k < column.valid; k++) {
    const row = column.order[k]!;
    const v = column.values[row]!;
    all.push(v);
    const code = sector?.kind === 'choice' ? sector.codes[row]! : 0;
    if (code === 0 || sector?.kind !== 'choice') continue;
    const name = sector.labels[code - 1]!;
    const list = bySector.get(name) ?? [];
    list.push(v);
    bySector.set(name, list);
  }
  const sectors = new Map<string, FieldSpread>();
  for (const [name, values] of bySector) {
    const s = spreadOf(values);
    if (s) sectors.set(name, s);
  }
  return { market: spreadOf(all), sectors };
}
