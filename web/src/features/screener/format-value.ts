import { formatFactValue } from '../../../../core/facts/format-fact.ts';
import type { FieldUnit } from '../../../../core/screener/fields.ts';
import type { RangeDistribution } from '../../../../core/screener/screener-types.ts';

/** Missing is always an em dash, never 0. */
export const NOT_AVAILABLE = '—';

/** The unit after a filter's label: "(%)", "(×)", "(USD)". */
export function describeUnit(unit: FieldUnit): string {
  switch (unit) {
    case 'percent':
      return '%';
    case 'times':
      return '×';
    case 'usd':
    case 'usd_per_share':
      return 'USD';
    case 'years':
      return 'years';
    default:
      return '';
  }
}

const minus = (v: number) => (v < 0 ? '−' : '');

/** A cell in its field's unit: the fact catalogue's one formatter, so a cell reads as the analysis page does; missing is a dash. */
export function formatFieldValue(v: number | string | null | undefined, unit: FieldUnit): string {
  if (v === null || v === undefined || v === '') return NOT_AVAILABLE;
  if (typeof v === 'string') return v;
  if (!Number.isFinite(v)) return NOT_AVAILABLE;
  return formatFactValue({ value: v, unit });
}

/** A filter's bound in a chip: as typed, with the unit ("15%", "25×", "$10B"), not padded to the cells' decimals. */
export function formatLimit(v: number, unit: FieldUnit): string {
  if (unit === 'usd' || unit === 'usd_per_share') return `${minus(v)}$${unit === 'usd' ? formatBound(Math.abs(v), 'usd') : Math.abs(v)}`;
  const n = `${minus(v)}${Math.abs(v).toLocaleString('en-US', { maximumFractionDigits: 4 })}`;
  return unit === 'percent' ? `${n}%` : unit === 'times' ? `${n}×` : unit === 'years' ? `${n} years` : n;
}

/** A bound as it reads in its box: money in B/M/K so 10000000000 shows as "10B". */
export function formatBound(v: number | null, unit: FieldUnit): string {
  if (v === null) return '';
  if (unit !== 'usd') return String(v);
  const a = Math.abs(v);
  for (const [suffix, size] of [
    ['T', 1e12],
    ['B', 1e9],
    ['M', 1e6],
    ['K', 1e3],
  ] as const)
    if (a >= size && Number.isInteger((v / size) * 1000)) return `${v / size}${suffix}`;
  return String(v);
}

const amountRe = /^([-+−]?\d+(?:\.\d*)?|[-+−]?\.\d+)\s*([kmbt])?$/i;
const sizes: Record<string, number> = { k: 1e3, m: 1e6, b: 1e9, t: 1e12 };

/** What a bound box holds: "" → no bound, "10B" → 1e10, "1,500" → 1500, "−5" → −5; anything else NaN. */
export function parseBound(text: string): number | null {
  const t = text.trim().replaceAll(',', '').replaceAll('_', '');
  if (t === '') return null;
  const m = amountRe.exec(t);
  if (!m) return Number.NaN;
  const n = Number(m[1]!.replace('−', '-'));
  // Rounded to 10 significant digits so "2.3B" is 2300000000, not 2299999999.9999995.
  return Number((m[2] ? n * sizes[m[2].toLowerCase()]! : n).toPrecision(10));
}

/** The filter's hint: where most of the universe sits, so a bound can be picked without guessing. */
export function describeDistribution(d: RangeDistribution, unit: FieldUnit): string {
  if (!d.quantiles) return 'No company has this figure.';
  const f = (v: number) => formatFieldValue(v, unit);
  return `Median ${f(d.quantiles.p50)}; 90% between ${f(d.quantiles.p5)} and ${f(d.quantiles.p95)}. ${d.count} have it.`;
}
