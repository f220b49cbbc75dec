import type { Fact, FactUnit } from '../analysis/analysis-types.ts';

/*
 * The one way a fact is written (issue 28): the analysis page, the note, the PDF, the copilot's answer
 * and the screener cell all call `formatFactValue`, so "26.92 %" in the facts table is "26.92 %" in the
 * note. One precision rule: a fact is stored rounded to its unit's decimals (`roundForUnit`, used by the
 * fact sheet) and written with the same decimals; only dollars and share counts of a million or more are
 * shortened ("$391.04B"), to two decimals of the shortened figure. The CSV export carries the stored value.
 */

/** Decimals kept (and written) per unit. */
const UNIT_DECIMALS: Record<FactUnit, number> = {
  percent: 2,
  usd: 2, // cents: a fee cost keeps them; statement figures are whole dollars anyway
  usd_per_share: 2,
  ratio: 2,
  times: 2,
  score: 2,
  count: 0,
  shares: 0,
  years: 1,
  label: 0,
};

/** The value a fact stores: rounded to its unit's decimals, never -0. */
export function roundForUnit(value: number, unit: FactUnit): number {
  const scale = 10 ** UNIT_DECIMALS[unit];
  const r = Math.round(value * scale) / scale;
  return Object.is(r, -0) ? 0 : r;
}

const formatters = new Map<number, Intl.NumberFormat>();
/** Grouped digits of the size with exactly `digits` decimals. */
function formatSize(a: number, digits: number): string {
  let f = formatters.get(digits);
  if (!f) {
    f = new Intl.NumberFormat('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits });
    formatters.set(digits, f);
  }
  return f.format(a);
}

/** A true minus (U+2212) before a negative that does not round to zero: "−4.25", never "-0.00". */
function formatSigned(v: number, digits: number, prefix = ''): string {
  const body = formatSize(Math.abs(v), digits);
  return `${v < 0 && /[1-9]/.test(body) ? '−' : ''}${prefix}${body}`;
}

const SCALES = [
  [1e12, 'T'],
  [1e9, 'B'],
  [1e6, 'M'],
] as const;

/** 391_035_000_000 → "391.04B"; below a million the whole figure with `smallDigits` decimals. */
function formatShortened(v: number, prefix: string, smallDigits: number): string {
  const a = Math.abs(v);
  for (const [size, suffix] of SCALES) if (a >= size) return `${formatSigned(v / size, 2, prefix)}${suffix}`;
  return formatSigned(v, smallDigits, prefix);
}

/** How any fact reads, everywhere: by its unit, with the unit written once. */
export function formatFactValue(fact: Pick<Fact, 'value' | 'unit'>): string {
  const v = fact.value;
  if (typeof v === 'string') return v;
  switch (fact.unit) {
    case 'percent':
      return `${formatSigned(v, 2)} %`;
    case 'usd':
      return formatShortened(v, '$', 2);
    case 'usd_per_share':
      return formatShortened(v, '$', 2);
    case 'shares':
      return formatShortened(v, '', 0);
    case 'times':
      return `${formatSigned(v, 2)}×`;
    case 'years':
      return `${formatSigned(v, 1)} years`;
    case 'score':
      return formatSigned(v, Number.isInteger(v) ? 0 : 2);
    case 'count':
      return formatSigned(v, 0);
    default:
      return formatSigned(v, UNIT_DECIMALS[fact.unit] ?? 2);
  }
}
