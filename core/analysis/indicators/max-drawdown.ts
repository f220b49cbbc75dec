import { type EngineResult, ok } from '../result.ts';
import type { OhlcvSeries } from './series.ts';
import { requireWindows } from './window-checks.ts';

interface MaxDrawdown {
  /** Deepest fall from a running peak, as a FRACTION of the peak in [0, 1] (0.35 = −35%). */
  depth: number;
  /** Index of the peak the deepest fall started from (the last bar at that high before the trough). */
  peakIndex: number;
  /** Index of the trough (the first bar reaching the deepest fall). */
  troughIndex: number;
  /** First index after the trough closing at or above the peak; null while not recovered. */
  recoveryIndex: number | null;
}

/**
 * Maximum drawdown of a price series: max over t of 1 − close_t / max(close_0 … close_t). A series that
 * never falls has depth 0 with peak, trough and recovery all at index 0.
 */
export function maxDrawdown(close: Float64Array): MaxDrawdown {
  const n = close.length;
  let peak = close[0]!;
  let peakAt = 0;
  let depth = 0;
  let peakIndex = 0;
  let troughIndex = 0;
  for (let i = 1; i < n; i++) {
    const c = close[i]!;
    if (c >= peak) {
      peak = c;
      peakAt = i;
    } else {
      const d = 1 - c / peak;
      if (d > depth) {
        depth = d;
        peakIndex = peakAt;
        troughIndex = i;
      }
    }
  }
  if (depth === 0) return { depth, peakIndex: 0, troughIndex: 0, recoveryIndex: 0 };
  const level = close[peakIndex]!;
  let recoveryIndex: number | null = null;
  for (let i = troughIndex + 1; i < n; i++) {
    if (close[i]! >= level) {
      recoveryIndex = i;
      break;
    }
  }
  return { depth, peakIndex, troughIndex, recoveryIndex };
}

interface DatedMaxDrawdown extends MaxDrawdown {
  peakDate: string;
  troughDate: string;
  recoveryDate: string | null;
}

/** Maximum drawdown of the closes, with the dates of its peak, trough and recovery; needs 2 bars. */
export function computeMaxDrawdown(series: OhlcvSeries): EngineResult<DatedMaxDrawdown> {
  const gate = requireWindows(series.close.length, {}, 2);
  if (!gate.ok) return gate;
  const m = maxDrawdown(series.close);
  const date = (i: number) => series.dates[i]!;
  return ok({ ...m, peakDate: date(m.peakIndex), troughDate: date(m.troughIndex), recoveryDate: m.recoveryIndex === null ? null : date(m.recoveryIndex) });
}
