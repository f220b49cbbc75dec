import type { AnalysisBody, AnalysisInputs, FundamentalSubtype } from '../analysis-types.ts';
import { computeAtr } from '../indicators/atr.ts';
import { computeBetaCorrelation } from '../indicators/beta-correlation.ts';
import { computeBollinger } from '../indicators/bollinger.ts';
import { computeMacd } from '../indicators/macd.ts';
import { computePeriodReturn } from '../indicators/period-return.ts';
import { computeMaxDrawdown } from '../indicators/max-drawdown.ts';
import { ema, sma } from '../indicators/moving-averages.ts';
import { computeRsi } from '../indicators/rsi.ts';
import { requireLength } from '../indicators/series.ts';
import { computeSupportResistance, type PriceLevel } from '../indicators/support-resistance.ts';
import { computeVolatility, TRADING_DAYS_PER_YEAR } from '../indicators/volatility.ts';
import { type EngineResult, ok } from '../result.ts';
import { computeTechnicalRating, type RatingLabel, type TechnicalRating } from '../technical-rating.ts';
import { attributeTechnicalRating } from '../attribution/technical-rating-attribution.ts';
import { putDriverFacts } from '../attribution/driver-facts.ts';
import { writeNote } from '../writer/index.ts';
import { FactSheet, type MissingFact } from './facts.ts';
import { takeLast, toChartColumn, toSeriesAsOf } from './price-series.ts';

/** About a trading year of bars on the chart: enough to see SMA 200 and the levels, small enough for a phone. */
export const CHART_BARS = TRADING_DAYS_PER_YEAR;

export interface TechnicalChart {
  dates: string[];
  open: Array<number | null>;
  high: Array<number | null>;
  low: Array<number | null>;
  close: Array<number | null>;
  volume: Array<number | null>;
  sma_50: Array<number | null>;
  sma_200: Array<number | null>;
  bb_upper: Array<number | null>;
  bb_middle: Array<number | null>;
  bb_lower: Array<number | null>;
  rsi_14: Array<number | null>;
  macd: Array<number | null>;
  macd_signal: Array<number | null>;
  macd_histogram: Array<number | null>;
}

interface ChartLevel {
  price: number;
  touches: number;
  low: number;
  high: number;
  /** Date of the latest swing point in the level. */
  last_touch: string;
}

export interface TechnicalSections {
  chart: TechnicalChart;
  /** Every vote of the rating (null with a reason in `missing` when the series is too short). */
  rating: TechnicalRating | null;
  levels: { support: ChartLevel[]; resistance: ChartLevel[] } | null;
  /** Beta and correlation against SPY over the last trading year, with the dates covered. */
  beta: { beta: number; correlation: number; from: string; to: string } | null;
  /** Facts that could not be computed, with the reason ("—, because …"). */
  missing: MissingFact[];
}

const RATING_LABELS: Record<RatingLabel, string> = { strong_buy: 'Strong Buy', buy: 'Buy', neutral: 'Neutral', sell: 'Sell', strong_sell: 'Strong Sell' };

/** "strong_buy" → "Strong Buy": the words a rating fact carries. */
export const describeRating = (label: RatingLabel): string => RATING_LABELS[label];

const last = (xs: ArrayLike<number>): number => xs[xs.length - 1]!;

function takeLastValue(result: EngineResult<ArrayLike<number>>): EngineResult<number> {
  return result.ok ? ok(last(result.value)) : result;
}

function computeMovingAverage(kernel: typeof sma, close: Float64Array, period: number): EngineResult<Float64Array> {
  const gate = requireLength(close.length, period);
  return gate.ok ? ok(kernel(close, period)) : gate;
}

/**
 * Technical analysis of the daily bars up to the data day: the indicators as facts, a year of chart
 * columns with their overlays and panes, the rating with every vote, and support/resistance levels.
 */
export function buildTechnical(inputs: AnalysisInputs, _subtype: FundamentalSubtype | null = null): EngineResult<AnalysisBody<TechnicalSections>> {
  const seriesResult = toSeriesAsOf(inputs.daily, inputs.asOf, 'daily');
  if (!seriesResult.ok) return seriesResult;
  const s = seriesResult.value;
  const n = s.close.length;
  const day = s.dates[n - 1]!;
  const source = 'computed';
  const at = { period: day, source, as_of: day };
  const sheet = new FactSheet();

  const close = sheet.put('close', last(s.close), { ...at, source: inputs.daily?.source ?? source });
  const sma50 = computeMovingAverage(sma, s.close, 50);
  const sma200 = computeMovingAverage(sma, s.close, 200);
  const ema20 = computeMovingAverage(ema, s.close, 20);
  sheet.put('sma_50', takeLastValue(sma50), at);
  sheet.put('sma_200', takeLastValue(sma200), at);
  sheet.put('ema_20', takeLastValue(ema20), at);
  const rsi = computeRsi(s, 14);
  sheet.put('rsi_14', takeLastValue(rsi), at);
  const macd = computeMacd(s);
  sheet.put('macd', macd.ok ? ok(last(macd.value.macd)) : macd, at);
  sheet.put('macd_signal', macd.ok ? ok(last(macd.value.signal)) : macd, at);
  sheet.put('macd_histogram', macd.ok ? ok(last(macd.value.histogram)) : macd, at);
  const bb = computeBollinger(s, 20, 2);
  sheet.put('bb_upper', bb.ok ? ok(last(bb.value.upper)) : bb, at);
  sheet.put('bb_lower', bb.ok ? ok(last(bb.value.lower)) : bb, at);
  sheet.put('atr_14', takeLastValue(computeAtr(s, 14)), at);

  const rating = computeTechnicalRating(s);
  if (rating.ok) {
    const { overall, movingAverages: ma, oscillators: osc } = rating.value;
    sheet.putLabel('technical_rating', describeRating(overall.label), at);
    sheet.put('technical_rating_score', overall.score, at);
    sheet.putLabel('ma_rating', describeRating(ma.label), at);
    sheet.putLabel('oscillator_rating', describeRating(osc.label), at);
    sheet.put('ma_buy_votes', ma.buy, at);
    sheet.put('ma_sell_votes', ma.sell, at);
    sheet.put('ma_votes', ma.votes.length, at);
    sheet.put('oscillator_buy_votes', osc.buy, at);
    sheet.put('oscillator_sell_votes', osc.sell, at);
    sheet.put('oscillator_votes', osc.votes.length, at);
  } else sheet.skip('technical_rating', rating.error.message);

  const year = takeLast(s, CHART_BARS + 1);
  const yearFrom = year.dates[0]!;
  const overYear = { period: `${yearFrom} to ${day}`, source, as_of: day };
  const vol = computeVolatility(s);
  sheet.put('volatility_1y', vol.ok ? ok(vol.value.annualised) : vol, overYear, { scale: 100 });
  const dd = computeMaxDrawdown(year);
  sheet.put('max_drawdown_1y', dd.ok ? ok(dd.value.depth) : dd, overYear, { scale: 100 });
  // The product's one 1-year price change (core/analysis/indicators/period-return.ts), as the screener and /compare show it.
  const yearReturn = computePeriodReturn(s, '1y', inputs.symbol);
  sheet.put(
    'return_1y',
    yearReturn.ok ? ok(yearReturn.value.change) : yearReturn,
    yearReturn.ok ? { period: `${yearReturn.value.baseDate} to ${day}`, source, as_of: day } : overYear,
    {
      scale: 100,
    },
  );

  const bench = toSeriesAsOf(inputs.benchmark, inputs.asOf, 'benchmark');
  const beta = bench.ok ? computeBetaCorrelation(s, bench.value) : bench;
  const betaAt = beta.ok ? { period: `${beta.value.from} to ${beta.value.to}`, source, as_of: beta.value.to } : at;
  sheet.put('beta_1y', beta.ok ? ok(beta.value.beta) : beta, betaAt);
  sheet.put('correlation_1y', beta.ok ? ok(beta.value.correlation) : beta, betaAt);

  const sr = computeSupportResistance(year);
  const toLevel = (l: PriceLevel): ChartLevel => ({
    price: round2(l.price),
    touches: l.touches,
    low: round2(l.low),
    high: round2(l.high),
    last_touch: year.dates[l.lastIndex]!,
  });
  if (sr.ok && close !== null) {
    const [support] = sr.value.support;
    const [resistance] = sr.value.resistance;
    if (support) {
      sheet.put('support_1', support.price, overYear);
      sheet.put('support_1_distance', 1 - support.price / close, overYear, { scale: 100 });
    } else sheet.skip('support_1', 'no swing low below the price in the past year');
    if (resistance) {
      sheet.put('resistance_1', resistance.price, overYear);
      sheet.put('resistance_1_distance', resistance.price / close - 1, overYear, { scale: 100 });
    } else sheet.skip('resistance_1', 'no swing high above the price in the past year: at a one-year high');
  } else if (!sr.ok) sheet.skip('support_1', sr.error.message);

  const from = Math.max(0, n - CHART_BARS);
  const column = (r: EngineResult<ArrayLike<number>>) => (r.ok ? toChartColumn(r.value, from) : new Array<number | null>(n - from).fill(null));
  const chart: TechnicalChart = {
    dates: s.dates.slice(from),
    open: toChartColumn(s.open, from),
    high: toChartColumn(s.high, from),
    low: toChartColumn(s.low, from),
    close: toChartColumn(s.close, from),
    volume: toChartColumn(s.volume, from, 0),
    sma_50: column(sma50),
    sma_200: column(sma200),
    bb_upper: column(bb.ok ? ok(bb.value.upper) : bb),
    bb_middle: column(bb.ok ? ok(bb.value.middle) : bb),
    bb_lower: column(bb.ok ? ok(bb.value.lower) : bb),
    rsi_14: column(rsi),
    macd: column(macd.ok ? ok(macd.value.macd) : macd),
    macd_signal: column(macd.ok ? ok(macd.value.signal) : macd),
    macd_histogram: column(macd.ok ? ok(macd.value.histogram) : macd),
  };

  const sections: TechnicalSections = {
    chart,
    rating: rating.ok ? rating.value : null,
    levels: sr.ok ? { support: sr.value.support.map(toLevel), resistance: sr.value.resistance.map(toLevel) } : null,
    beta: beta.ok ? { beta: beta.value.beta, correlation: beta.value.correlation, from: beta.value.from, to: beta.value.to } : null,
    missing: sheet.missing,
  };
  const attribution = rating.ok ? [attributeTechnicalRating(rating.value, describeRating(rating.value.overall.label))] : [];
  putDriverFacts(sheet, attribution);
  const note = writeNote('technical', null, sheet.facts, { symbol: inputs.symbol, name: inputs.profile.name, attribution });
  return ok({ kind: 'technical', subtype: null, symbol: inputs.symbol, as_of: day, facts: sheet.facts, note, sections, attribution });
}

const round2 = (v: number) => Math.round(v * 100) / 100;
