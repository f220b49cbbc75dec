import { toDividendHistory } from '../analysis/fundamentals/dividend-history.ts';
import type { AnalysisInputName, AnalysisInputs, Fact } from '../analysis/analysis-types.ts';
import { computeBetaCorrelation } from '../analysis/indicators/beta-correlation.ts';
import { computePeriodReturn } from '../analysis/indicators/period-return.ts';
import { computeMaxDrawdown } from '../analysis/indicators/max-drawdown.ts';
import { sma } from '../analysis/indicators/moving-averages.ts';
import { computeRsi } from '../analysis/indicators/rsi.ts';
import { type OhlcvSeries, requireLength } from '../analysis/indicators/series.ts';
import { computeVolatility } from '../analysis/indicators/volatility.ts';
import { computeBeneish } from '../analysis/fundamentals/beneish.ts';
import { computeDividendSafety } from '../analysis/fundamentals/dividend-safety.ts';
import { computeMomentumReturns, type MomentumKey } from '../analysis/fundamentals/momentum-returns.ts';
import { RATIO_KEYS } from '../analysis/fundamentals/ratios.ts';
import { computeSloanAccruals } from '../analysis/fundamentals/sloan-accruals.ts';
import { cashAndInvestmentsOf, totalDebtOf } from '../analysis/fundamentals/statement-lines.ts';
import { type EngineResult, ok } from '../analysis/result.ts';
import {
  buildCompanyView,
  findNewestFiling,
  putAltman,
  putDividendStreak,
  putGrades,
  putKeyFigures,
  putLine,
  putMarket,
  putPiotroski,
  putRatios,
  putTrailingDividendYield,
} from '../analysis/runs/company.ts';
import { FactSheet, type MissingFact } from '../analysis/runs/facts.ts';
import { roundForUnit } from './format-fact.ts';
import { takeLast, toSeriesAsOf } from '../analysis/runs/price-series.ts';
import { CHART_BARS, describeRating } from '../analysis/runs/technical.ts';
import { computeTechnicalRating } from '../analysis/technical-rating.ts';

/*
 * Every catalogue fact of one symbol on one data day, by ONE function (issue 28): the screener's row, /compare,
 * the symbol page's key figures and the universe-wide consistency test all read `computeSymbolFacts`, and it
 * puts figures through the same engines and `put*` helpers the analyses use, so a figure is one value
 * everywhere. The server caches the result per symbol and data day.
 */

/** The inputs the symbol facts read (the server loads these per symbol). */
export const SYMBOL_FACT_REQUIREMENTS: readonly AnalysisInputName[] = ['daily', 'monthly', 'benchmark', 'fundamentals', 'dividends', 'sectorTable', 'etf'];

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

function putReturns(sheet: FactSheet, s: OhlcvSeries, day: string, symbol: string): void {
  // Every window is a calendar span ending at the last close (core/analysis/indicators/period-return.ts).
  const momentum = computeMomentumReturns(s);
  const overMonths = (from: string) => ({ period: `${from} to ${day}`, source: 'computed', as_of: day });
  for (const key of Object.keys(momentum) as MomentumKey[])
    sheet.put(key, momentum[key], { period: `to ${day}`, source: 'computed', as_of: day }, { scale: 100 });
  for (const [key, period] of [
    ['return_1m', '1m'],
    ['return_1y', '1y'],
  ] as const) {
    const r = computePeriodReturn(s, period, symbol);
    sheet.put(key, r.ok ? ok(r.value.change) : r, r.ok ? overMonths(r.value.baseDate) : { period: `to ${day}`, source: 'computed', as_of: day }, {
      scale: 100,
    });
  }
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
  putKeyFigures(sheet, view, toDividendHistory(inputs), inputs.asOf);
  putLine(sheet, view, 'revenue');
  putLine(sheet, view, 'net_income');
  putLine(sheet, view, 'free_cash_flow');
  const safety = computeDividendSafety(view.financials, toDividendHistory(inputs), { payoutBasis: view.payoutBasis });
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
function putPeg(sheet: FactSheet, day: string): void {
  const pe = sheet.facts.find((f) => f.key === 'pe_ttm');
  const growth = sheet.facts.find((f) => f.key === 'eps_cagr_5y');
  if (!pe || !growth) return void sheet.skip('peg_ratio', 'needs both the P/E and the 5-year EPS CAGR');
  if (typeof pe.value !== 'number' || typeof growth.value !== 'number' || pe.value <= 0 || growth.value <= 0)
    return void sheet.skip('peg_ratio', 'only when both the P/E and the 5-year EPS CAGR are positive');
  sheet.put('peg_ratio', roundForUnit(pe.value / growth.value, 'times'), { period: growth.period, source: 'computed', as_of: pe.as_of > day ? pe.as_of : day });
}

export interface SymbolFacts {
  symbol: string;
  /** The price day the facts are computed at (the data day of the symbol). */
  asOf: string;
  facts: Fact[];
  /** Figures the catalogue defines for this kind of symbol that could not be computed, each with its reason. */
  missing: MissingFact[];
  /** The price series the facts were computed on (daily, else month-end), for charts drawn next to them. */
  series: OhlcvSeries | null;
  interval: '1d' | '1mo' | null;
}

/** Every catalogue fact of one symbol: price and returns, technicals, the company's ratios, scores and grades, fund figures, classification. */
export function computeSymbolFacts(inputs: AnalysisInputs): SymbolFacts {
  const { profile } = inputs;
  const sheet = new FactSheet();
  const priceSeries = toSeriesAsOf(inputs.daily ?? inputs.monthly, inputs.asOf, 'price');
  // With daily bars the price series is the daily series: converted once.
  const daily = inputs.daily ? priceSeries : toSeriesAsOf(null, inputs.asOf, 'daily');
  let day = inputs.asOf;
  if (priceSeries.ok) {
    const s = priceSeries.value;
    day = s.dates.at(-1)!;
    putReturns(sheet, s, day, inputs.symbol);
    // The same last close putMarket states for a company; ETFs and companies without a share count need it too.
    if (profile.type !== 'stock')
      sheet.put('price', s.close[s.close.length - 1]!, { period: day, source: inputs.daily?.source ?? inputs.monthly?.source ?? 'computed', as_of: day });
  } else sheet.skip('price', priceSeries.error.message);
  if (daily.ok) putTechnical(sheet, daily.value, toSeriesAsOf(inputs.benchmark, inputs.asOf, 'benchmark'));
  if (profile.type === 'stock') {
    putCompany(sheet, inputs);
    if (priceSeries.ok && !sheet.facts.some((f) => f.key === 'price')) {
      sheet.put('price', priceSeries.value.close[priceSeries.value.close.length - 1]!, {
        period: day,
        source: inputs.daily?.source ?? inputs.monthly?.source ?? 'computed',
        as_of: day,
      });
    }
    putPeg(sheet, day);
  }
  if (inputs.etf) {
    const at = { period: inputs.etf.overview_as_of ?? inputs.asOf, source: 'computed', as_of: inputs.etf.overview_as_of ?? inputs.asOf };
    sheet.put('expense_ratio', inputs.etf.expense_ratio_pct, at);
    sheet.put('aum', inputs.etf.aum_musd === null ? null : inputs.etf.aum_musd * 1e6, at);
  }
  const listed = { period: day, source: 'profile', as_of: day };
  if (profile.sector) sheet.putLabel('sector', profile.sector, listed);
  if (profile.industry) sheet.putLabel('industry', profile.industry, listed);
  sheet.putLabel('type', profile.type === 'etf' ? 'ETF' : 'Stock', listed);
  if (profile.exchange) sheet.putLabel('exchange', profile.exchange, listed);
  if (profile.type !== 'etf') sheet.putLabel('sp500', profile.sp500 ? 'Yes' : 'No', listed);
  return {
    symbol: inputs.symbol,
    asOf: day,
    facts: sheet.facts,
    missing: sheet.missing,
    series: priceSeries.ok ? priceSeries.value : null,
    interval: priceSeries.ok ? (inputs.daily ? '1d' : '1mo') : null,
  };
}
