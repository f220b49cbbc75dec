import { toDividendHistory } from '../analysis/fundamentals/dividend-history.ts';
import type { AnalysisInputName, AnalysisInputs } from '../analysis/analysis-types.ts';
import { computeBetaCorrelation } from '../analysis/indicators/beta-correlation.ts';
import { computePeriodReturn } from '../analysis/indicators/period-return.ts';
import { computeMaxDrawdown } from '../analysis/indicators/max-drawdown.ts';
import { sma } from '../analysis/indicators/moving-averages.ts';
import { computeRsi } from '../analysis/indicators/rsi.ts';
import { type OhlcvSeries, requireLength } from '../analysis/indicators/series.ts';
import { computeVolatility } from '../analysis/indicators/volatility.ts';
import { computeBeneish } from '../analysis/fundamentals/beneish.ts';
import { computeDividendSafety } from '../analysis/fundamentals/dividend-safety.ts';
import { computeMomentumReturns, type MomentumKey, sampleMonthEnds } from '../analysis/fundamentals/momentum-returns.ts';
import { RATIO_KEYS } from '../analysis/fundamentals/ratios.ts';
import { computeSloanAccruals } from '../analysis/fundamentals/sloan-accruals.ts';
import { cashAndInvestmentsOf, totalDebtOf } from '../analysis/fundamentals/statement-lines.ts';
import { type EngineResult, fail, ok } from '../analysis/result.ts';
import {
  buildCompanyView,
  findNewestFiling,
  putAltman,
  putDividendStreak,
  putGrades,
  putLine,
  putMarket,
  putPiotroski,
  putRatios,
  putTrailingDividendYield,
} from '../analysis/runs/company.ts';
import { FactSheet } from '../analysis/runs/facts.ts';
import { roundForUnit } from '../facts/format-fact.ts';
import { takeLast, toSeriesAsOf } from '../analysis/runs/price-series.ts';
import { CHART_BARS, describeRating } from '../analysis/runs/technical.ts';
import { computeTechnicalRating } from '../analysis/technical-rating.ts';
import { type FieldId, findField } from './fields.ts';
import type { CellValue, ScreenerRow } from './screener-types.ts';

/*
 * One symbol's screener values, computed by the engines the analyses use and put through the same
 * FactSheet (same keys, units and rounding), so a screener figure equals the analysis page's.
 */

/** The inputs a screener row reads (the server loads these per symbol). */
export const SCREENER_REQUIREMENTS: readonly AnalysisInputName[] = ['daily', 'monthly', 'benchmark', 'fundamentals', 'dividends', 'sectorTable', 'etf'];

const DAY_MS = 86_400_000;
const SPARKLINE_DAYS = 365;

function computeMonthEndReturn(monthEnds: readonly number[], monthsBack: number): EngineResult<number> {
  const last = monthEnds.length - 1;
  if (last - monthsBack < 0) return fail('series_too_short', 'close', `needs ${monthsBack + 1} month-end closes, has ${monthEnds.length}`);
  return ok(monthEnds[last]! / monthEnds[last - monthsBack]! - 1);
}

/** The last close of each week (weeks from Monday) over the last year; month-end closes for month-end-only series. */
export function sampleSparkline(s: OhlcvSeries, interval: '1d' | '1mo'): number[] {
  return sampleWeeklyCloses(s, interval).closes;
}

/** sampleSparkline's closes with the date of each (the bar that closed the week). */
export function sampleWeeklyCloses(s: Pick<OhlcvSeries, 'dates' | 'close'>, interval: '1d' | '1mo'): { dates: string[]; closes: number[] } {
  const n = s.close.length;
  if (n === 0) return { dates: [], closes: [] };
  const lastDay = Date.parse(`${s.dates[n - 1]}T00:00:00Z`) / DAY_MS;
  // ISO dates compare as strings: find the year's first bar without parsing the whole history.
  const cutoff = new Date((lastDay - SPARKLINE_DAYS) * DAY_MS).toISOString().slice(0, 10);
  let from = n - 1;
  while (from > 0 && s.dates[from - 1]! >= cutoff) from--;
  const closes: number[] = [];
  const dates: string[] = [];
  let previousWeek: number | null = null;
  for (let i = from; i < n; i++) {
    // 1970-01-01 was a Thursday: +3 starts weeks on Monday.
    const week = interval === '1d' ? Math.floor((Date.parse(`${s.dates[i]}T00:00:00Z`) / DAY_MS + 3) / 7) : i;
    const close = Math.round(s.close[i]! * 100) / 100;
    if (week !== previousWeek) {
      closes.push(close);
      dates.push(s.dates[i]!);
    } else {
      closes[closes.length - 1] = close;
      dates[dates.length - 1] = s.dates[i]!;
    }
    previousWeek = week;
  }
  return { dates, closes };
}

function putTechnical(sheet: FactSheet, s: OhlcvSeries, benchmark: EngineResult<OhlcvSeries>): void {
  const n = s.close.length;
  const close = s.close[n - 1]!;
  const day = s.dates[n - 1]!;
  const at = { period: day, source: 'computed', as_of: day };
  const rating = computeTechnicalRating(s);
  if (rating.ok) {
    sheet.putLabel('technical_rating', describeRating(rating.value.overall.label), at);
    sheet.put('technical_rating_score', rating.value.overall.score, at);
  }
  const rsi = computeRsi(s, 14);
  sheet.put('rsi_14', rsi.ok ? ok(rsi.value[n - 1]!) : rsi, at);
  for (const period of [50, 200] as const) {
    const gate = requireLength(n, period);
    sheet.put(`price_vs_sma_${period}`, gate.ok ? ok(close / sma(s.close, period)[n - 1]! - 1) : gate, at, { scale: 100 });
  }
  // The technical analysis's year: the chart's bars plus the close a year before.
  const year = takeLast(s, CHART_BARS + 1);
  let high = Number.NEGATIVE_INFINITY;
  let low = Number.POSITIVE_INFINITY;
  for (let i = 0; i < year.close.length; i++) {
    high = Math.max(high, year.high[i]!);
    low = Math.min(low, year.low[i]!);
  }
  sheet.put('from_52w_high', close / high - 1, at, { scale: 100 });
  sheet.put('from_52w_low', close / low - 1, at, { scale: 100 });
  const vol = computeVolatility(s);
  sheet.put('volatility_1y', vol.ok ? ok(vol.value.annualised) : vol, at, { scale: 100 });
  const dd = computeMaxDrawdown(year);
  sheet.put('max_drawdown_1y', dd.ok ? ok(dd.value.depth) : dd, at, { scale: 100 });
  const beta = benchmark.ok ? computeBetaCorrelation(s, benchmark.value) : benchmark;
  sheet.put('beta_1y', beta.ok ? ok(beta.value.beta) : beta, at);
}

function putReturns(sheet: FactSheet, s: OhlcvSeries, monthEnds: number[], day: string, symbol: string): void {
  const at = { period: `month-ends to ${day}`, source: 'computed', as_of: day };
  const momentum = computeMomentumReturns(monthEnds);
  for (const key of Object.keys(momentum) as MomentumKey[]) sheet.put(key, momentum[key], at, { scale: 100 });
  sheet.put('return_1m', computeMonthEndReturn(monthEnds, 1), at, { scale: 100 });
  // The product's one 1-year price change, as the technical analysis states it.
  const year = computePeriodReturn(s, '1y', symbol);
  sheet.put(
    'return_1y',
    year.ok ? ok(year.value.change) : year,
    year.ok ? { period: `${year.value.baseDate} to ${day}`, source: 'computed', as_of: day } : at,
    {
      scale: 100,
    },
  );
}

function putCompany(sheet: FactSheet, inputs: AnalysisInputs): void {
  const viewResult = buildCompanyView(inputs);
  if (!viewResult.ok) return;
  const view = viewResult.value;
  const fy = { period: `FY${view.latest.fiscalYear}`, source: 'computed', as_of: findNewestFiling(view.latest) };
  putMarket(sheet, view, inputs.daily?.source ?? inputs.monthly?.source ?? 'computed');
  putRatios(sheet, view, RATIO_KEYS);
  putPiotroski(sheet, view);
  putAltman(sheet, view);
  putGrades(sheet, view);
  putTrailingDividendYield(sheet, view, toDividendHistory(inputs));
  putLine(sheet, view, 'revenue');
  putLine(sheet, view, 'net_income');
  putLine(sheet, view, 'free_cash_flow');
  const safety = computeDividendSafety(view.financials, toDividendHistory(inputs));
  sheet.put('dividend_safety', safety.ok ? ok(safety.value.score) : safety, fy);
  putDividendStreak(sheet, view, toDividendHistory(inputs));
  const sloan = computeSloanAccruals(view.financials);
  sheet.put('sloan_accruals', sloan.ok ? ok(sloan.value.ratio) : sloan, fy, { scale: 100 });
  const beneish = computeBeneish(view.financials);
  sheet.put('beneish_m', beneish.ok ? ok(beneish.value.m) : beneish, fy);
  // A lender's cash and debt are its inventory (as the ratios' NOT_FOR_FINANCIALS rule says): no net cash for them.
  if (view.companyClass !== 'bank' && view.companyClass !== 'insurer') {
    const cash = cashAndInvestmentsOf(view.latest);
    const debt = totalDebtOf(view.latest);
    sheet.put('net_cash', cash === null || debt === null ? null : cash - debt, fy);
  }
}

/** PEG from the rounded facts the page shows: P/E over the 5-year EPS CAGR in percent, both positive. */
function computePeg(values: Map<string, CellValue>): number | null {
  const pe = values.get('pe_ttm');
  const growth = values.get('eps_cagr_5y');
  if (typeof pe !== 'number' || typeof growth !== 'number' || pe <= 0 || growth <= 0) return null;
  return roundForUnit(pe / growth, 'times');
}

/** Every catalog value of one symbol (missing figures are left out) and its sparkline. */
export function computeScreenerRow(inputs: AnalysisInputs): ScreenerRow {
  const { profile } = inputs;
  const sheet = new FactSheet();
  const priceSeries = toSeriesAsOf(inputs.daily ?? inputs.monthly, inputs.asOf, 'price');
  // With daily bars the price series is the daily series: converted once.
  const daily = inputs.daily ? priceSeries : toSeriesAsOf(null, inputs.asOf, 'daily');
  let sparkline: number[] = [];
  if (priceSeries.ok) {
    const s = priceSeries.value;
    const day = s.dates.at(-1)!;
    putReturns(sheet, s, sampleMonthEnds(s.dates, s.close), day, inputs.symbol);
    sparkline = sampleSparkline(s, inputs.daily ? '1d' : '1mo');
    // The same last close putMarket states for a company; ETFs and companies without a share count need it too.
    sheet.put('price', s.close[s.close.length - 1]!, { period: day, source: 'computed', as_of: day });
  }
  if (daily.ok) putTechnical(sheet, daily.value, toSeriesAsOf(inputs.benchmark, inputs.asOf, 'benchmark'));
  if (profile.type === 'stock') putCompany(sheet, inputs);
  if (inputs.etf) {
    const at = { period: inputs.etf.overview_as_of ?? inputs.asOf, source: 'computed', as_of: inputs.etf.overview_as_of ?? inputs.asOf };
    sheet.put('expense_ratio', inputs.etf.expense_ratio_pct, at);
    sheet.put('aum', inputs.etf.aum_musd === null ? null : inputs.etf.aum_musd * 1e6, at);
  }

  const facts = new Map<string, CellValue>(sheet.facts.map((f) => [f.key, f.value]));
  facts.set('peg_ratio', computePeg(facts));
  facts.set('sector', profile.sector);
  facts.set('industry', profile.industry);
  facts.set('type', profile.type === 'etf' ? 'ETF' : 'Stock');
  facts.set('exchange', profile.exchange);
  facts.set('sp500', profile.type === 'etf' ? null : profile.sp500 ? 'Yes' : 'No');
  const values: Partial<Record<FieldId, CellValue>> = {};
  for (const [key, value] of facts) if (value !== null && findField(key)) values[key as FieldId] = value;
  return { symbol: inputs.symbol, name: profile.name, values, sparkline };
}
