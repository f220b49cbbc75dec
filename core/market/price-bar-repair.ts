import { describeOhlcFault } from './quality-checks.ts';
import type { PriceBar } from './types.ts';

interface BarRepair<B> {
  bar: B;
  /** What was wrong, as the OHLC check words it. */
  fault: string;
}

/**
 * A bar whose open or close lies outside its high–low range. The open and close are single prints and
 * the range is the extreme of the whole session, so the range is what was captured incompletely (the
 * snapshot's last day was taken with a stale high or low): the range is widened to contain the open
 * and close. A low above the high cannot be explained that way and is swapped. Returns null for a
 * consistent bar.
 */
export function repairBarRange<B extends Pick<PriceBar, 'open' | 'high' | 'low' | 'close'>>(bar: B): BarRepair<B> | null {
  const fault = describeOhlcFault(bar);
  if (!fault) return null;
  const low = Math.min(bar.low, bar.high);
  const high = Math.max(bar.low, bar.high);
  return { bar: { ...bar, low: Math.min(low, bar.open, bar.close), high: Math.max(high, bar.open, bar.close) }, fault };
}
