import type { Fact } from './analysis-types.ts';

const num = (v: number, digits: number) => v.toLocaleString('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits });

/** Dollars as reported, shortened: 391_035_000_000 → "$391.04B"; small amounts keep cents. */
function formatUsd(v: number): string {
  const a = Math.abs(v);
  const sign = v < 0 ? '−' : '';
  for (const [size, suffix] of [
    [1e12, 'T'],
    [1e9, 'B'],
    [1e6, 'M'],
  ] as const)
    if (a >= size) return `${sign}$${num(a / size, 2)}${suffix}`;
  return `${sign}$${num(a, 2)}`;
}

/**
 * A fact's value as the note (and the page, the PDF export) would say it, by unit: percent in percent units (26.92 → "26.92 %"),
 * multiples with "×", shares and dollars shortened, labels as they are.
 */
export function formatFactValue(fact: Pick<Fact, 'value' | 'unit'>): string {
  const v = fact.value;
  if (typeof v === 'string') return v;
  switch (fact.unit) {
    case 'percent':
      return `${num(v, 2)} %`;
    case 'usd':
      return formatUsd(v);
    case 'usd_per_share':
      return `$${num(v, 2)}`;
    case 'times':
      return `${num(v, 1)}×`;
    case 'count':
      return num(v, 0);
    case 'shares':
      return formatUsd(v).replace('$', '');
    case 'years':
      return `${num(v, 1)} years`;
    case 'score':
      return Number.isInteger(v) ? String(v) : num(v, 2);
    default:
      return num(v, 2);
  }
}
