import { type EngineResult, ok } from '../result.ts';
import { requireWindows } from './window-checks.ts';
import type { OhlcvSeries } from './series.ts';

/**
 * Awesome Oscillator (Bill Williams), in price units: SMA(median price, fast) − SMA(median price, slow),
 * median price = (high + low)/2; first value at index slow − 1. Both sums run in the one loop.
 */
export function awesomeOscillator(high: Float64Array, low: Float64Array, fast = 5, slow = 34): Float64Array {
  const n = high.length;
  const out = new Float64Array(n).fill(Number.NaN);
  let fastSum = 0;
  let slowSum = 0;
  for (let i = 0; i < n; i++) {
    const median = (high[i]! + low[i]!) / 2;
    fastSum += median;
    slowSum += median;
    if (i >= fast) fastSum -= (high[i - fast]! + low[i - fast]!) / 2;
    if (i >= slow) slowSum -= (high[i - slow]! + low[i - slow]!) / 2;
    if (i >= slow - 1 && i >= fast - 1) out[i] = fastSum / fast - slowSum / slow;
  }
  return out;
}

export function computeAwesomeOscillator(series: OhlcvSeries, fast = 5, slow = 34): EngineResult<Float64Array> {
  const gate = requireWindows(series.close.length, { fast, slow }, Math.max(fast, slow));
  return gate.ok ? ok(awesomeOscillator(series.high, series.low, fast, slow)) : gate;
}
