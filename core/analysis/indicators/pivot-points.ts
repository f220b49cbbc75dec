import { type EngineResult, fail, ok } from '../result.ts';
import type { OhlcvSeries } from './series.ts';

type PivotMethod = 'classic' | 'fibonacci' | 'camarilla';
type PivotPeriod = 'day' | 'week' | 'month' | 'year';

interface PivotLevels {
  p: number;
  r1: number;
  r2: number;
  r3: number;
  s1: number;
  s2: number;
  s3: number;
}

/**
 * Floor pivot levels from one period's high, low and close (range = H − L):
 * - classic:   P = (H + L + C)/3; R1 = 2P − L, S1 = 2P − H; R2 = P + range, S2 = P − range;
 *              R3 = H + 2(P − L), S3 = L − 2(H − P)
 * - fibonacci: P as classic; R/S n = P ± {0.382, 0.618, 1.000}·range
 * - camarilla: P as classic (TradingView shows it); R/S n = C ± 1.1·range/{12, 6, 4}
 */
export function pivotPoints(high: number, low: number, close: number, method: PivotMethod = 'classic'): PivotLevels {
  const p = (high + low + close) / 3;
  const range = high - low;
  if (method === 'fibonacci') {
    return { p, r1: p + 0.382 * range, r2: p + 0.618 * range, r3: p + range, s1: p - 0.382 * range, s2: p - 0.618 * range, s3: p - range };
  }
  if (method === 'camarilla') {
    const k = 1.1 * range;
    return { p, r1: close + k / 12, r2: close + k / 6, r3: close + k / 4, s1: close - k / 12, s2: close - k / 6, s3: close - k / 4 };
  }
  return { p, r1: 2 * p - low, r2: p + range, r3: high + 2 * (p - low), s1: 2 * p - high, s2: p - range, s3: low - 2 * (high - p) };
}

/** The key shared by every ISO date (YYYY-MM-DD) of one period; a week is keyed by its Monday. */
export function toPeriodKey(date: string, period: PivotPeriod): string {
  if (period === 'day') return date;
  if (period === 'month') return date.slice(0, 7);
  if (period === 'year') return date.slice(0, 4);
  const t = Date.UTC(Number(date.slice(0, 4)), Number(date.slice(5, 7)) - 1, Number(date.slice(8, 10)));
  const sinceMonday = (new Date(t).getUTCDay() + 6) % 7;
  return new Date(t - sinceMonday * 86_400_000).toISOString().slice(0, 10);
}

interface PivotResult {
  method: PivotMethod;
  period: PivotPeriod;
  /** The completed period the levels come from: its first and last bar, high, low and last close. */
  basis: { from: string; to: string; high: number; low: number; close: number };
  /** First bar of the period the levels apply to (the one holding the last bar). */
  appliesFrom: string;
  levels: PivotLevels;
}

/**
 * Pivot levels in force at the last bar: computed from the period BEFORE the one the last bar is in
 * (monthly by default, as TradingView's "Auto" on a daily chart). Needs one completed period before it.
 */
export function computePivotPoints(series: OhlcvSeries, opts: { period?: PivotPeriod; method?: PivotMethod } = {}): EngineResult<PivotResult> {
  const { period = 'month', method = 'classic' } = opts;
  const n = series.close.length;
  if (n === 0) return fail('series_too_short', 'close', 'needs bars from two periods, has none', { needed: 2, got: 0 });
  const { dates } = series;
  // dates ascend and a period's key sorts at or before each of its dates (a prefix, or the Monday), so
  // scanning back, a bar is still in the period while its date is ≥ the key: no key per bar
  const current = toPeriodKey(dates[n - 1]!, period);
  let end = n - 1;
  while (end >= 0 && dates[end]! >= current) end--;
  if (end < 0) return fail('series_too_short', 'close', `needs a completed ${period} before the last bar's; all ${n} bars are in one`);
  const previous = toPeriodKey(dates[end]!, period);
  let high = series.high[end]!;
  let low = series.low[end]!;
  let start = end;
  while (start > 0 && dates[start - 1]! >= previous) {
    start--;
    high = Math.max(high, series.high[start]!);
    low = Math.min(low, series.low[start]!);
  }
  const close = series.close[end]!;
  return ok({
    method,
    period,
    basis: { from: dates[start]!, to: dates[end]!, high, low, close },
    appliesFrom: dates[end + 1]!,
    levels: pivotPoints(high, low, close, method),
  });
}
