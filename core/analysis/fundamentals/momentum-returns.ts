import { findPeriodStart, type ReturnPeriod } from '../indicators/period-return.ts';
import { type EngineResult, fail, ok } from '../result.ts';

/**
 * Momentum windows over calendar spans (issue 29: a "1-month" change that ran over two trading days
 * because month-end closes were read where daily bars exist): each end of a window is the last close on
 * or before the day that many months back, the same rule as every price change of the product
 * (core/analysis/indicators/period-return.ts). Daily bars and month-end-only histories are measured alike.
 * Returns are fractions (0.12 = 12 %).
 */
const MOMENTUM_WINDOWS = {
  return_3m: { from: '3m', to: null },
  return_6m: { from: '6m', to: null },
  /** The classic 12-1 momentum: the latest month is skipped, where short-term reversal dominates. */
  return_12m_ex_1m: { from: '1y', to: '1m' },
} as const satisfies Record<string, { from: ReturnPeriod; to: ReturnPeriod | null }>;

export type MomentumKey = keyof typeof MOMENTUM_WINDOWS;

export interface CloseSeries {
  dates: ArrayLike<string>;
  close: ArrayLike<number>;
}

/** Index of the last bar on or before `day` (ISO dates ascending), or −1. */
function findIndexOnOrBefore(s: CloseSeries, day: string, from = s.dates.length - 1): number {
  for (let i = from; i >= 0; i--) if (s.dates[i]! <= day) return i;
  return -1;
}

/** close(on or before end − to) / close(on or before end − from) − 1 for each window. */
export function computeMomentumReturns(s: CloseSeries): Record<MomentumKey, EngineResult<number>> {
  const n = s.close.length;
  const out = {} as Record<MomentumKey, EngineResult<number>>;
  const end = n > 0 ? s.dates[n - 1]! : '';
  for (const [key, w] of Object.entries(MOMENTUM_WINDOWS) as [MomentumKey, { from: ReturnPeriod; to: ReturnPeriod | null }][]) {
    if (n === 0) {
      out[key] = fail('series_too_short', 'close', `${key} needs prices, there are none`, { needed: 1, got: 0 });
      continue;
    }
    const baseDay = findPeriodStart(end, w.from);
    const base = findIndexOnOrBefore(s, baseDay);
    if (base < 0) {
      out[key] = fail('series_too_short', 'close', `${key} needs a close on or before ${baseDay}; prices start on ${s.dates[0]}`);
      continue;
    }
    const last = w.to === null ? n - 1 : findIndexOnOrBefore(s, findPeriodStart(end, w.to));
    const bad = [base, last].find((i) => !(Number.isFinite(s.close[i]!) && s.close[i]! > 0));
    out[key] =
      bad === undefined
        ? ok(s.close[last]! / s.close[base]! - 1)
        : fail('invalid_value', 'close', `the close of ${s.dates[bad]} is ${s.close[bad]}: prices must be positive`, { index: bad });
  }
  return out;
}
