import { type EngineResult, ok } from '../result.ts';
import { requireWindows } from './window-checks.ts';
import type { OhlcvSeries } from './series.ts';

/**
 * Ultimate Oscillator (Larry Williams, 7/14/28) in percent. From the second bar (it needs a previous
 * close): buying pressure BP = close − min(low, prevClose), true range TR = max(high, prevClose) −
 * min(low, prevClose); average_p = ΣBP/ΣTR over the last p bars; UO = 100·(4·avg₇ + 2·avg₁₄ + avg₂₈)/7,
 * the weights being long/short and long/medium as in TradingView's script. First value at index `long`.
 * A window without any range (ΣTR = 0) counts as 0.5, neither buying nor selling.
 */
export function ultimateOscillator(high: Float64Array, low: Float64Array, close: Float64Array, short = 7, medium = 14, long = 28): Float64Array {
  const n = close.length;
  const out = new Float64Array(n).fill(Number.NaN);
  const bp = new Float64Array(n);
  const tr = new Float64Array(n);
  const ws = long / short;
  const wm = long / medium;
  let bpS = 0;
  let bpM = 0;
  let bpL = 0;
  let trS = 0;
  let trM = 0;
  let trL = 0;
  for (let i = 1; i < n; i++) {
    const prev = close[i - 1]!;
    const floor = low[i]! < prev ? low[i]! : prev;
    bp[i] = close[i]! - floor;
    tr[i] = (high[i]! > prev ? high[i]! : prev) - floor;
    bpS += bp[i]!;
    bpM += bp[i]!;
    bpL += bp[i]!;
    trS += tr[i]!;
    trM += tr[i]!;
    trL += tr[i]!;
    if (i > short) {
      bpS -= bp[i - short]!;
      trS -= tr[i - short]!;
    }
    if (i > medium) {
      bpM -= bp[i - medium]!;
      trM -= tr[i - medium]!;
    }
    if (i > long) {
      bpL -= bp[i - long]!;
      trL -= tr[i - long]!;
    }
    if (i < long || i < short || i < medium) continue;
    const s = trS === 0 ? 0.5 : bpS / trS;
    const m = trM === 0 ? 0.5 : bpM / trM;
    const l = trL === 0 ? 0.5 : bpL / trL;
    out[i] = (100 * (ws * s + wm * m + l)) / (ws + wm + 1);
  }
  return out;
}

/** Bars until the first value: the longest window plus the first bar, which has no previous close. */
export function computeUltimateOscillator(series: OhlcvSeries, short = 7, medium = 14, long = 28): EngineResult<Float64Array> {
  const gate = requireWindows(series.close.length, { short, medium, long }, Math.max(short, medium, long) + 1);
  return gate.ok ? ok(ultimateOscillator(series.high, series.low, series.close, short, medium, long)) : gate;
}
