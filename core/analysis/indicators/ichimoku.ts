import { type EngineResult, ok } from '../result.ts';
import { requireWindows } from './window-checks.ts';
import type { OhlcvSeries } from './series.ts';

interface IchimokuParams {
  conversion?: number;
  base?: number;
  spanB?: number;
  displacement?: number;
}

export interface Ichimoku {
  /** Tenkan-sen: (highest high + lowest low) / 2 over `conversion` bars. */
  conversion: Float64Array;
  /** Kijun-sen: the same midpoint over `base` bars. */
  base: Float64Array;
  /** Senkou span A at the bar where it is plotted: (conversion + base) / 2 from displacement − 1 bars earlier. */
  spanA: Float64Array;
  /** Senkou span B at the bar where it is plotted: the `spanB`-bar midpoint from displacement − 1 bars earlier. */
  spanB: Float64Array;
  /** Chikou span at the bar where it is plotted: the close from displacement − 1 bars later (NaN for the last displacement − 1 bars). */
  lagging: Float64Array;
}

/**
 * Ichimoku cloud (9, 26, 52, 26). Displacement convention: every output is ALIGNED TO THE BAR IT IS
 * PLOTTED AT, as TradingView draws it (offset displacement − 1 = 25 bars: the bar itself counts as the
 * first of the 26). So `spanA[t]`/`spanB[t]` are the cloud standing at bar t (computed from bars up to
 * t − 25) and `lagging[t] = close[t + 25]`. The 25 bars of cloud projected beyond the last bar are not
 * returned (arrays keep the input's length). `technicalindicators` returns spans unshifted (at the bar
 * they are computed at); the oracle test shifts them by 25 to compare.
 */
export function ichimoku(high: Float64Array, low: Float64Array, close: Float64Array, p: IchimokuParams = {}): Ichimoku {
  const { conversion: cp = 9, base: bp = 26, spanB: sp = 52, displacement = 26 } = p;
  const n = close.length;
  const shift = displacement - 1;
  const conversion = new Float64Array(n);
  const base = new Float64Array(n);
  const spanA = new Float64Array(n).fill(Number.NaN);
  const spanB = new Float64Array(n).fill(Number.NaN);
  const lagging = new Float64Array(n).fill(Number.NaN);
  fillMidRange(high, low, cp, conversion, 0);
  fillMidRange(high, low, bp, base, 0);
  fillMidRange(high, low, sp, spanB, shift);
  for (let t = shift; t < n; t++) spanA[t] = (conversion[t - shift]! + base[t - shift]!) / 2;
  for (let t = 0; t + shift < n; t++) lagging[t] = close[t + shift]!;
  return { conversion, base, spanA, spanB, lagging };
}

/**
 * out[i + shift] = (max(high) + min(low)) / 2 over the `period` bars ending at i; NaN before. The
 * extreme is kept with its index and the window rescanned only when it leaves, which on prices is
 * close to one comparison per bar.
 */
function fillMidRange(high: Float64Array, low: Float64Array, period: number, out: Float64Array, shift: number): void {
  const n = high.length;
  out.fill(Number.NaN, 0, Math.min(n, period - 1 + shift));
  let hi = Number.NEGATIVE_INFINITY;
  let hiAt = -1;
  let lo = Number.POSITIVE_INFINITY;
  let loAt = -1;
  for (let i = 0; i + shift < n; i++) {
    const from = i - period + 1;
    if (high[i]! >= hi) {
      hi = high[i]!;
      hiAt = i;
    } else if (hiAt < from) {
      hi = high[from]!;
      hiAt = from;
      for (let j = from + 1; j <= i; j++) {
        if (high[j]! >= hi) {
          hi = high[j]!;
          hiAt = j;
        }
      }
    }
    if (low[i]! <= lo) {
      lo = low[i]!;
      loAt = i;
    } else if (loAt < from) {
      lo = low[from]!;
      loAt = from;
      for (let j = from + 1; j <= i; j++) {
        if (low[j]! <= lo) {
          lo = low[j]!;
          loAt = j;
        }
      }
    }
    if (from >= 0) out[i + shift] = (hi + lo) / 2;
  }
}

/** Bars needed for every line but the lagging span to have a value at the last bar. */
export const ichimokuWarmUp = (p: IchimokuParams = {}): number => Math.max(p.conversion ?? 9, p.base ?? 26, p.spanB ?? 52) + (p.displacement ?? 26) - 1;

/** Ichimoku of a validated series (the lagging span is NaN for its last displacement − 1 bars by construction). */
export function computeIchimoku(series: OhlcvSeries, p: IchimokuParams = {}): EngineResult<Ichimoku> {
  const { conversion = 9, base = 26, spanB = 52, displacement = 26 } = p;
  const gate = requireWindows(series.close.length, { conversion, base, spanB, displacement }, ichimokuWarmUp(p));
  if (!gate.ok) return gate;
  return ok(ichimoku(series.high, series.low, series.close, p));
}
