import { sma } from '../analysis/indicators/moving-averages.ts';
import { rsi } from '../analysis/indicators/rsi.ts';
import { toOhlcvSeries } from '../analysis/indicators/series.ts';
import { computeTechnicalRating, type RatingLabel } from '../analysis/technical-rating.ts';
import type { PriceHistory } from '../market/types.ts';
import type { SymbolPoint } from './alert-rules.ts';

/** Closes in a row's sparkline: about three months of trading days (or the last 24 month-ends). */
const SPARKLINE_DAILY_POINTS = 63;
const SPARKLINE_MONTHLY_POINTS = 24;

export interface SymbolSignals {
  point: SymbolPoint;
  /** Change from the previous close: one trading day, or one month for month-end-only histories. */
  change: number | null;
  changePercent: number | null;
  changePeriod: 'day' | 'month';
  sparkline: number[];
  ratingScore: number | null;
}

const lastFinite = (xs: Float64Array): number | null => {
  const v = xs[xs.length - 1];
  return v !== undefined && Number.isFinite(v) ? v : null;
};
const round = (v: number, d = 4) => Math.round(v * 10 ** d) / 10 ** d;

/**
 * A symbol's figures on its data day (the last bar on or before `asOf`): price, change, a sparkline, RSI (14),
 * SMA 50/200 and the technical rating, with the same kernels the analyses use. Null without bars.
 */
export function computeSymbolSignals(history: PriceHistory, asOf: string): SymbolSignals | null {
  const bars = history.bars.filter((b) => b.date <= asOf);
  const series = toOhlcvSeries(bars);
  if (!series.ok || bars.length === 0) return null;
  const close = series.value.close;
  const n = close.length;
  const daily = history.interval === '1d';
  const price = close[n - 1]!;
  const previous = n > 1 ? close[n - 2]! : null;
  const change = previous === null ? null : round(price - previous);
  const changePercent = previous === null ? null : round(((price - previous) / previous) * 100);
  let rating: { label: RatingLabel; score: number } | null = null;
  if (daily) {
    const r = computeTechnicalRating(series.value);
    if (r.ok) rating = { label: r.value.overall.label, score: round(r.value.overall.score) };
  }
  const spark = close.subarray(Math.max(0, n - (daily ? SPARKLINE_DAILY_POINTS : SPARKLINE_MONTHLY_POINTS)));
  return {
    point: {
      symbol: history.symbol,
      asOf: bars[n - 1]!.date,
      price,
      dayChangePercent: daily ? changePercent : null,
      rsi14: daily ? lastFinite(rsi(close, 14)) : null,
      sma50: daily ? lastFinite(sma(close, 50)) : null,
      sma200: daily ? lastFinite(sma(close, 200)) : null,
      rating: rating?.label ?? null,
    },
    change,
    changePercent,
    changePeriod: daily ? 'day' : 'month',
    sparkline: Array.from(spark, (v) => round(v, 2)),
    ratingScore: rating?.score ?? null,
  };
}
