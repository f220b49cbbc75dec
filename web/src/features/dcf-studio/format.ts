/** A fraction as percent: 0.0845 → "8.45 %". */
export const formatPct = (fraction: number, digits = 2) => `${(fraction * 100).toFixed(digits)} %`;

/** Dollars per share: "$187.42" (a minus sign before the dollar for negatives). */
export const formatPerShare = (usd: number) => `${usd < 0 ? '−' : ''}$${Math.abs(usd).toFixed(2)}`;

/** Company-sized dollars: $98.77B, $612.0M, with the sign in front. */
export function formatUsdCompact(usd: number): string {
  const a = Math.abs(usd);
  const sign = usd < 0 ? '−' : '';
  if (a >= 1e12) return `${sign}$${(a / 1e12).toFixed(2)}T`;
  if (a >= 1e9) return `${sign}$${(a / 1e9).toFixed(2)}B`;
  if (a >= 1e6) return `${sign}$${(a / 1e6).toFixed(1)}M`;
  return `${sign}$${a.toFixed(0)}`;
}
