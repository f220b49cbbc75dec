import { type EngineResult, ok } from '../result.ts';
import { requireNonNegative, requireWindows } from './window-checks.ts';
import type { OhlcvSeries } from './series.ts';

export interface Bollinger {
  upper: Float64Array;
  /** SMA(period) of the close. */
  middle: Float64Array;
  lower: Float64Array;
}

/** Every this many bars the squared deviations are summed afresh, so rounding in the running update cannot build up. */
const RESYNC_EVERY = 4096;

/**
 * Bollinger bands: SMA(period) ± mult·σ, σ the POPULATION standard deviation of the window (divide by
 * period, not period − 1), as TradingView's `ta.stdev` and `technicalindicators`' SD.
 *
 * σ comes from a running sum of squared deviations updated when one value leaves and one enters
 * (M2 += (x_in − x_out)·(x_in − mean_new + x_out − mean_old)), rather than Σx² − n·mean², which loses
 * most digits when prices are large and the window is calm.
 */
export function bollinger(close: Float64Array, period = 20, mult = 2): Bollinger {
  const n = close.length;
  const upper = new Float64Array(n).fill(Number.NaN);
  const middle = new Float64Array(n).fill(Number.NaN);
  const lower = new Float64Array(n).fill(Number.NaN);
  if (n < period) return { upper, middle, lower };
  let sum = 0;
  for (let i = 0; i < period; i++) sum += close[i]!;
  let mean = sum / period;
  let m2 = sumSquaredDeviations(close, 0, period, mean);
  for (let i = period - 1; i < n; i++) {
    if (i >= period) {
      const x = close[i]!;
      const old = close[i - period]!;
      sum += x - old;
      const next = sum / period;
      m2 = (i - period + 1) % RESYNC_EVERY === 0 ? sumSquaredDeviations(close, i - period + 1, i + 1, next) : m2 + (x - old) * (x - next + old - mean);
      mean = next;
    }
    const band = mult * Math.sqrt(m2 > 0 ? m2 / period : 0);
    middle[i] = mean;
    upper[i] = mean + band;
    lower[i] = mean - band;
  }
  return { upper, middle, lower };
}

function sumSquaredDeviations(xs: Float64Array, from: number, to: number, mean: number): number {
  let s = 0;
  for (let j = from; j < to; j++) s += (xs[j]! - mean) ** 2;
  return s;
}

export function computeBollinger(series: OhlcvSeries, period = 20, mult = 2): EngineResult<Bollinger> {
  const m = requireNonNegative(mult, 'mult');
  if (!m.ok) return m;
  const gate = requireWindows(series.close.length, { period }, period);
  if (!gate.ok) return gate;
  return ok(bollinger(series.close, period, mult));
}
