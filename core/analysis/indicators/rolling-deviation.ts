import { firstFinite } from './series.ts';

/** Every this many bars the squared deviations are summed afresh, so rounding in the running update cannot build up. */
const RESYNC_EVERY = 4096;

/**
 * Rolling standard deviation over `period` values, dividing by period − ddof (ddof 0: population, as
 * TradingView's `ta.stdev`; ddof 1: sample). NaN until the window is full; leading-NaN aware.
 */
export function stdev(values: Float64Array, period: number, ddof: 0 | 1 = 0): Float64Array {
  const out = new Float64Array(values.length);
  fillRollingDeviation(values, period, ddof, out, null);
  return out;
}

/**
 * Writes the rolling standard deviation to `sdOut` and, when given, the rolling mean (identical to
 * `sma`) to `meanOut`. The squared deviations are carried by the update
 * M2 += (x_in − x_out)·(x_in − mean_new + x_out − mean_old), not Σx² − n·mean², which loses most
 * digits when prices are large and the window is calm.
 */
export function fillRollingDeviation(values: Float64Array, period: number, ddof: 0 | 1, sdOut: Float64Array, meanOut: Float64Array | null): void {
  const n = values.length;
  const start = firstFinite(values);
  const first = start + period - 1;
  sdOut.fill(Number.NaN, 0, Math.min(n, first));
  meanOut?.fill(Number.NaN, 0, Math.min(n, first));
  if (n - start < period) return;
  const scale = period > ddof ? 1 / (period - ddof) : 0;
  let sum = 0;
  for (let i = start; i < start + period; i++) sum += values[i]!;
  let mean = sum / period;
  let m2 = sumSquaredDeviations(values, start, start + period, mean);
  sdOut[first] = Math.sqrt(m2 * scale);
  if (meanOut) meanOut[first] = mean;
  let untilResync = RESYNC_EVERY;
  for (let i = first + 1; i < n; i++) {
    const x = values[i]!;
    const old = values[i - period]!;
    sum += x - old;
    const next = sum / period;
    if (--untilResync === 0) {
      m2 = sumSquaredDeviations(values, i - period + 1, i + 1, next);
      untilResync = RESYNC_EVERY;
    } else m2 += (x - old) * (x - next + old - mean);
    mean = next;
    sdOut[i] = m2 > 0 ? Math.sqrt(m2 * scale) : 0;
    if (meanOut) meanOut[i] = mean;
  }
}

function sumSquaredDeviations(xs: Float64Array, from: number, to: number, mean: number): number {
  let s = 0;
  for (let j = from; j < to; j++) s += (xs[j]! - mean) ** 2;
  return s;
}
