import type { Fact } from '../analysis-types.ts';

const formatCompactUsd = (v: number): string => {
  const a = Math.abs(v);
  const sign = v < 0 ? '-' : '';
  for (const [scale, word] of [
    [1e12, 'trillion'],
    [1e9, 'billion'],
    [1e6, 'million'],
  ] as const) {
    if (a >= scale) return `${sign}$${(a / scale).toFixed(1)} ${word}`;
  }
  return `${sign}$${Math.round(a).toLocaleString('en-US')}`;
};

/**
 * How a fact reads in a note: the one rendering the rule-based writer uses, and (with its roundings) what
 * `findUnbackedNumbers` accepts. Percent to one decimal ("26.9%"; two below 1 %: "0.09%"), dollars compact ("$394.3 billion"),
 * multiples with an x ("28.4x").
 */
export function formatFactValue(fact: Pick<Fact, 'value' | 'unit'>): string {
  const v = fact.value;
  if (typeof v === 'string') return v;
  switch (fact.unit) {
    case 'percent':
      return `${v.toFixed(Math.abs(v) < 1 && v !== 0 ? 2 : 1)}%`;
    case 'usd':
      return formatCompactUsd(v);
    case 'usd_per_share':
      return `$${v.toFixed(2)}`;
    case 'times':
      return `${v.toFixed(1)}x`;
    case 'ratio':
      return v.toFixed(2);
    case 'years':
      return v.toFixed(1);
    case 'score':
      return Number.isInteger(v) ? String(v) : v.toFixed(2);
    default:
      // `|| 0`: a count that rounds to zero from below reads "0", never "-0" (which the validator rightly refuses).
      return (Math.round(v) || 0).toLocaleString('en-US');
  }
}
