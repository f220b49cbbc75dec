import { type EngineResult, fail, ok } from '../result.ts';
import type { OhlcvSeries } from './series.ts';
import { requireNonNegative, requireWindows } from './window-checks.ts';

interface SwingPoints {
  /** Indices of swing highs, ascending. */
  highs: number[];
  /** Indices of swing lows, ascending. */
  lows: number[];
}

/**
 * Fractal swing points with `lookback` bars each side: a swing high is above the `lookback` highs
 * before it and at least as high as the `lookback` after it (so the first bar of a flat top counts,
 * once); swing lows mirror that. The last `lookback` bars cannot be confirmed yet.
 */
export function findSwingPoints(high: Float64Array, low: Float64Array, lookback: number): SwingPoints {
  const highs: number[] = [];
  const lows: number[] = [];
  for (let i = lookback; i < high.length - lookback; i++) {
    const h = high[i]!;
    const l = low[i]!;
    let isHigh = true;
    let isLow = true;
    for (let j = 1; j <= lookback && (isHigh || isLow); j++) {
      isHigh = isHigh && h > high[i - j]! && h >= high[i + j]!;
      isLow = isLow && l < low[i - j]! && l <= low[i + j]!;
    }
    if (isHigh) highs.push(i);
    if (isLow) lows.push(i);
  }
  return { highs, lows };
}

export interface PriceLevel {
  /** Mean price of the swing points clustered into this level. */
  price: number;
  /** Swing highs and lows that make it up. */
  touches: number;
  /** Lowest and highest of those prices (the level's band). */
  low: number;
  high: number;
  /** Most recent bar that touched it. */
  lastIndex: number;
}

interface SupportResistance {
  /** Every level, ascending by price. */
  levels: PriceLevel[];
  /** Up to `maxLevels` levels at or below the last close, nearest first. */
  support: PriceLevel[];
  /** Up to `maxLevels` levels above the last close, nearest first. */
  resistance: PriceLevel[];
}

interface SupportResistanceOptions {
  /** Bars each side of a swing point (default 5). */
  lookback?: number;
  /** Width of a level as a FRACTION of its lowest price (default 0.01 = 1%). */
  tolerance?: number;
  /** Levels returned on each side of the close (default 3). */
  maxLevels?: number;
}

/**
 * Support and resistance from swing points: swing highs and lows (a level is a level whichever side
 * touched it) sorted by price and grouped greedily; a group takes prices up to (1 + tolerance) × its
 * lowest price, so a level never drifts wider than the tolerance by chaining.
 */
export function supportResistance(high: Float64Array, low: Float64Array, close: Float64Array, opts: SupportResistanceOptions = {}): SupportResistance {
  const { lookback = 5, tolerance = 0.01, maxLevels = 3 } = opts;
  const swings = findSwingPoints(high, low, lookback);
  // prices alone sort natively as a typed array; each level's latest touch is found afterwards
  const prices = Float64Array.from([...swings.highs.map((i) => high[i]!), ...swings.lows.map((i) => low[i]!)]).sort();
  const levels: PriceLevel[] = [];
  let sum = 0;
  for (const p of prices) {
    const last = levels.at(-1);
    if (last && p <= last.low * (1 + tolerance)) {
      sum += p;
      last.touches++;
      last.high = p;
      last.price = sum / last.touches;
    } else {
      sum = p;
      levels.push({ price: p, touches: 1, low: p, high: p, lastIndex: -1 });
    }
  }
  for (const i of swings.highs) touchLevel(levels, high[i]!, i);
  for (const i of swings.lows) touchLevel(levels, low[i]!, i);
  const c = close[close.length - 1]!;
  const split = levels.findIndex((l) => l.price > c);
  const above = split < 0 ? levels.length : split;
  return {
    levels,
    support: levels.slice(Math.max(0, above - maxLevels), above).reverse(),
    resistance: levels.slice(above, above + maxLevels),
  };
}

/** Records bar `index` on the level holding `price` (levels are disjoint and ascending: binary search). */
function touchLevel(levels: PriceLevel[], price: number, index: number): void {
  let lo = 0;
  let hi = levels.length - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (levels[mid]!.low <= price) lo = mid;
    else hi = mid - 1;
  }
  const level = levels[lo]!;
  if (index > level.lastIndex) level.lastIndex = index;
}

/** Support and resistance around the last close; needs 2·lookback + 1 bars (one confirmable swing). */
export function computeSupportResistance(series: OhlcvSeries, opts: SupportResistanceOptions = {}): EngineResult<SupportResistance> {
  const { lookback = 5, tolerance = 0.01, maxLevels = 3 } = opts;
  const t = requireNonNegative(tolerance, 'tolerance');
  if (!t.ok) return t;
  if (!Number.isInteger(maxLevels) || maxLevels < 1) return fail('invalid_parameter', 'maxLevels', `maxLevels must be a positive integer, got ${maxLevels}`);
  const gate = requireWindows(series.close.length, { lookback }, 2 * lookback + 1);
  if (!gate.ok) return gate;
  return ok(supportResistance(series.high, series.low, series.close, { lookback, tolerance, maxLevels }));
}
