import { type EngineResult, ok } from '../result.ts';
import { requireWindows } from './window-checks.ts';
import type { OhlcvSeries } from './series.ts';

interface DirectionalMovement {
  /** Average directional index, 0–100. */
  adx: Float64Array;
  /** +DI in percent of the average true range. */
  plusDi: Float64Array;
  /** −DI in percent of the average true range. */
  minusDi: Float64Array;
}

/**
 * Wilder's DMI and ADX (TradingView's `ta.dmi(14, 14)`). From the second bar: +DM = up move when it beats
 * the down move and is positive, −DM likewise, TR the true range; each smoothed by Wilder's average seeded
 * with the mean of the first `period` values, so ±DI start at index `period`. DX = 100·|+DI − −DI| /
 * (+DI + −DI) (0 when both are 0), and ADX is Wilder's average of DX, first at index 2·period − 1.
 * One pass, no intermediate arrays.
 */
export function adx(high: Float64Array, low: Float64Array, close: Float64Array, period = 14): DirectionalMovement {
  const n = close.length;
  const out: DirectionalMovement = {
    adx: new Float64Array(n).fill(Number.NaN),
    plusDi: new Float64Array(n).fill(Number.NaN),
    minusDi: new Float64Array(n).fill(Number.NaN),
  };
  let plusDm = 0;
  let minusDm = 0;
  let tr = 0;
  let dx = 0;
  for (let i = 1; i < n; i++) {
    const up = high[i]! - high[i - 1]!;
    const down = low[i - 1]! - low[i]!;
    const p = up > down && up > 0 ? up : 0;
    const m = down > up && down > 0 ? down : 0;
    const prev = close[i - 1]!;
    const t = (high[i]! > prev ? high[i]! : prev) - (low[i]! < prev ? low[i]! : prev);
    if (i <= period) {
      plusDm += p / period;
      minusDm += m / period;
      tr += t / period;
      if (i < period) continue;
    } else {
      plusDm = (plusDm * (period - 1) + p) / period;
      minusDm = (minusDm * (period - 1) + m) / period;
      tr = (tr * (period - 1) + t) / period;
    }
    const pdi = tr === 0 ? 0 : (100 * plusDm) / tr;
    const mdi = tr === 0 ? 0 : (100 * minusDm) / tr;
    out.plusDi[i] = pdi;
    out.minusDi[i] = mdi;
    const sum = pdi + mdi;
    const x = sum === 0 ? 0 : (100 * Math.abs(pdi - mdi)) / sum;
    if (i < 2 * period - 1) dx += x / period;
    else if (i === 2 * period - 1) {
      dx += x / period;
      out.adx[i] = dx;
    } else {
      dx = (dx * (period - 1) + x) / period;
      out.adx[i] = dx;
    }
  }
  return out;
}

/** Bars until the first ADX: 2·period. */
export function computeAdx(series: OhlcvSeries, period = 14): EngineResult<DirectionalMovement> {
  const gate = requireWindows(series.close.length, { period }, 2 * period);
  return gate.ok ? ok(adx(series.high, series.low, series.close, period)) : gate;
}
