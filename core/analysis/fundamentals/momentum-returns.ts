import { type EngineResult, fail, ok } from '../result.ts';

/**
 * Momentum look-backs in months, over month-end closes, so companies with daily bars and those with
 * only month-end closes in the snapshot are measured alike. Returns are fractions (0.12 = 12 %).
 */
export const MOMENTUM_WINDOWS = {
  return_3m: { from: 3, to: 0 },
  return_6m: { from: 6, to: 0 },
  /** The classic 12-1 momentum: the latest month is skipped, where short-term reversal dominates. */
  return_12m_ex_1m: { from: 12, to: 1 },
} as const;

export type MomentumKey = keyof typeof MOMENTUM_WINDOWS;

/** The last close of each calendar month (the newest, possibly partial, month included), dates ascending ISO. */
export function sampleMonthEnds(dates: readonly string[], closes: ArrayLike<number>): number[] {
  const out: number[] = [];
  for (let i = 0; i < dates.length; i++) {
    const next = dates[i + 1];
    if (next === undefined || next.slice(0, 7) !== dates[i]!.slice(0, 7)) out.push(closes[i]!);
  }
  return out;
}

/** close[last − to] / close[last − from] − 1 for each window, over month-end closes oldest first. */
export function computeMomentumReturns(monthEnds: ArrayLike<number>): Record<MomentumKey, EngineResult<number>> {
  const last = monthEnds.length - 1;
  const out = {} as Record<MomentumKey, EngineResult<number>>;
  for (const [key, w] of Object.entries(MOMENTUM_WINDOWS) as [MomentumKey, { from: number; to: number }][]) {
    if (last - w.from < 0) {
      out[key] = fail('series_too_short', 'close', `${key} needs ${w.from + 1} month-end closes, has ${monthEnds.length}`, {
        needed: w.from + 1,
        got: monthEnds.length,
      });
      continue;
    }
    const bad = [last - w.from, last - w.to].find((i) => !(Number.isFinite(monthEnds[i]!) && monthEnds[i]! > 0));
    out[key] =
      bad === undefined
        ? ok(monthEnds[last - w.to]! / monthEnds[last - w.from]! - 1)
        : fail('invalid_value', 'close', `month-end close at index ${bad} is ${monthEnds[bad]}: prices must be positive`, { index: bad });
  }
  return out;
}
