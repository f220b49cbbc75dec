import { requireFactDefinition } from '../../facts/catalogue.ts';
import { selectFundamentalsAsOf } from '../../market/point-in-time.ts';
import type { Dividend, Fundamentals } from '../../market/types.ts';
import { computeTrailingDividendYield, type DividendHistory, describeStreakPeriod } from '../fundamentals/dividend-history.ts';
import { computeDividendStreak } from '../fundamentals/dividend-safety.ts';
import type { AnalysisInputs } from '../analysis-types.ts';
import { type CompanyFinancials, type FinancialPeriod, toCompanyFinancials } from '../financials.ts';
import { computeAffo } from '../fundamentals/affo.ts';
import { findReportDates } from '../fundamentals/report-dates.ts';
import { writeDay } from '../../market/freshness.ts';
import { computeTrailingFlow } from '../fundamentals/trailing-twelve-months.ts';
import { type AltmanScore, computeAltman } from '../fundamentals/altman.ts';
import { divideByPositive } from '../fundamentals/ratio-math.ts';
import { type CompanyClass, classifyCompany, isReit } from '../fundamentals/company-class.ts';
import type { PayoutBasis } from '../fundamentals/dividend-safety.ts';
import { computeGradeMetrics, GRADE_CATEGORIES, type GradeCategory } from '../fundamentals/grade-metrics.ts';
import { type CloseSeries, computeMomentumReturns } from '../fundamentals/momentum-returns.ts';
import { computePiotroski, type PiotroskiScore } from '../fundamentals/piotroski.ts';
import { computeRatios, RATIO_UNITS, type RatioKey, type RatioSet } from '../fundamentals/ratios.ts';
import { type CategoryGrade, gradeCompany } from '../fundamentals/sector-grades.ts';
import { findLatestAnnual, findLatestDilutedShares, lineOf } from '../fundamentals/statement-lines.ts';
import {
  computeBookValuePerShareCagr,
  computePriceToTangibleBook,
  computeReturnOnTangibleEquity,
  computeTangibleEquityRatio,
  selectYardstick,
  YARDSTICK_NAMES,
  type Yardstick,
} from '../fundamentals/yardsticks.ts';
import type { MarketInputs } from '../fundamentals/valuation-ratios.ts';
import { type EngineResult, fail, ok } from '../result.ts';
import type { FactSheet, FactOrigin } from './facts.ts';
import { toSeriesAsOf } from './price-series.ts';

/**
 * One company as known on the data day, with every score the fundamental, balance-sheet and overview
 * builders share, computed once. Statements pass through `selectFundamentalsAsOf` first, so nothing
 * filed after the data day is seen.
 */
export interface CompanyView {
  /** The statements as known on the data day (what the page's raw views show). */
  statements: Fundamentals;
  financials: CompanyFinancials;
  latest: FinancialPeriod;
  companyClass: CompanyClass;
  /** Which figures and thresholds judge it: bank, insurer, REIT, utility or other (core/analysis/fundamentals/yardsticks.ts). */
  yardstick: Yardstick;
  /** What its dividend is paid from: net income, or AFFO for a REIT (dividend safety's payout). */
  payoutBasis: PayoutBasis;
  /** The last close on or before the data day, its date, and price × latest diluted shares. */
  market: EngineResult<MarketInputs & { priceDate: string }>;
  /** Closes up to the data day, daily where the data has them (momentum and price performance). */
  closes: CloseSeries;
  ratios: EngineResult<RatioSet>;
  piotroski: EngineResult<PiotroskiScore>;
  altman: EngineResult<AltmanScore>;
  grades: EngineResult<{ sector: string; grades: Record<GradeCategory, EngineResult<CategoryGrade>> }>;
}

/**
 * Altman's models were fitted on industrial companies' failures; two classes break their inputs by design: a REIT
 * must pay out its income (retained earnings stay near zero), and a regulated utility funds its grid long and
 * runs negative working capital. Their distress zone says nothing about them (banks and insurers: computeAltman).
 */
const ALTMAN_NOT_FOR: Partial<Record<Yardstick, EngineResult<AltmanScore>>> = {
  reit: fail(
    'not_applicable',
    'company_class',
    'Altman Z is not applicable to REITs: a REIT must pay out its income, so its retained earnings, one of the score’s inputs, stay low by law',
  ),
  utility: fail(
    'not_applicable',
    'company_class',
    'Altman Z is not applicable to utilities: a regulated utility runs negative working capital and long debt by design, which the score reads as distress',
  ),
};

export function buildCompanyView(inputs: AnalysisInputs): EngineResult<CompanyView> {
  if (!inputs.fundamentals) return fail('missing_input', 'fundamentals', `no fundamentals for ${inputs.symbol}`);
  const statements = selectFundamentalsAsOf(inputs.fundamentals, inputs.asOf);
  const financials = toCompanyFinancials(statements);
  const latest = findLatestAnnual(financials);
  if (!latest) return fail('missing_input', 'fundamentals', `no annual statements of ${inputs.symbol} filed by ${inputs.asOf}`);
  const classification = { sector: inputs.profile.sector, industry: inputs.profile.industry, sicDescription: inputs.profile.sic_description };
  const companyClass = classifyCompany(classification);
  const yardstick = selectYardstick(companyClass, classification);
  const series = toSeriesAsOf(inputs.daily ?? inputs.monthly, inputs.asOf, 'price');
  const closes: CloseSeries = series.ok ? series.value : { dates: [], close: [] };
  const shares = findLatestDilutedShares(financials);
  let market: CompanyView['market'];
  if (!series.ok) market = series;
  else if (!shares) market = fail('missing_input', 'shares_diluted', 'no diluted share count reported');
  else {
    const price = series.value.close[series.value.close.length - 1]!;
    market = ok({ priceUsd: price, marketCapUsd: price * shares.shares, priceDate: series.value.dates.at(-1)! });
  }
  const ratios = market.ok ? computeRatios(financials, market.value) : market;
  const piotroski = computePiotroski(financials, companyClass);
  const altman = ALTMAN_NOT_FOR[yardstick] ?? computeAltman(financials, companyClass, market.ok ? market.value.marketCapUsd : null);
  const grades =
    inputs.sectorTable === null
      ? fail('missing_input', 'sector_table', 'no sector table to grade against')
      : market.ok
        ? gradeCompany(
            inputs.sectorTable,
            inputs.profile.sector,
            computeGradeMetrics(financials, market.value, computeMomentumReturns(closes), companyClass, piotroski),
          )
        : market;
  const payoutBasis: PayoutBasis = isReit(inputs.profile.sector, inputs.profile.industry) ? 'affo' : 'earnings';
  return ok({ statements, financials, latest, companyClass, yardstick, payoutBasis, market, closes, ratios, piotroski, altman, grades });
}

/** Newest filing date among a period's figures: the as-of of a fact computed from that period. */
export function findNewestFiling(p: FinancialPeriod): string {
  let newest = '';
  for (const d of Object.values(p.filed)) if (d !== null && d > newest) newest = d;
  return newest;
}

/** Ratios that mean nothing for a lender or an insurer: deposits and reserves are their raw material, not debt. */
const NOT_FOR_FINANCIALS: ReadonlySet<RatioKey> = new Set(['current_ratio', 'quick_ratio', 'net_debt_to_ebitda', 'interest_cover']);
/**
 * Enterprise-value multiples mean nothing for a bank: its debt (deposits) is what it lends, not how it is financed.
 * Nor does debt/equity: a bank's funding is judged by its capital (tangible equity / tangible assets) instead.
 */
const NOT_FOR_BANKS: ReadonlySet<RatioKey> = new Set(['ev_ebitda', 'ev_sales', 'debt_to_equity']);

const PLAIN_RATIOS: ReadonlySet<RatioKey> = new Set(['current_ratio', 'quick_ratio', 'debt_to_equity']);
const MARKET_RATIOS: ReadonlySet<RatioKey> = new Set(['pe_ttm', 'price_sales', 'price_book', 'ev_ebitda', 'ev_sales', 'fcf_yield', 'dividend_yield']);
const GROWTH_YEARS: Partial<Record<RatioKey, number>> = {
  revenue_cagr_3y: 3,
  revenue_cagr_5y: 5,
  eps_cagr_3y: 3,
  eps_cagr_5y: 5,
  fcf_cagr_3y: 3,
  fcf_cagr_5y: 5,
  revenue_growth_1y: 1,
  share_count_change: 1,
};

const pickLater = (a: string, b: string) => (a > b ? a : b);

/** Where a ratio's figures come from: its fiscal year (or the years a CAGR spans), and the price day for market ratios. */
function originOfRatio(view: CompanyView, key: RatioKey): FactOrigin {
  const fy = view.latest.fiscalYear;
  const filed = findNewestFiling(view.latest);
  const years = GROWTH_YEARS[key];
  if (MARKET_RATIOS.has(key) && view.market.ok) {
    const day = view.market.value.priceDate;
    const period = key === 'pe_ttm' ? `TTM, price of ${day}` : `FY${fy}, price of ${day}`;
    return { period, source: 'computed', as_of: pickLater(filed, day) };
  }
  return { period: years ? `${years}y to FY${fy}` : `FY${fy}`, source: 'computed', as_of: filed };
}

/** Why a ratio does not apply to this company's class (stated as "not applicable", never as a number), or null. */
function describeNotApplicable(view: CompanyView, key: RatioKey): string | null {
  if (view.companyClass === 'bank' && NOT_FOR_BANKS.has(key))
    return key === 'debt_to_equity'
      ? 'not meaningful for a bank: borrowing is its business; its capital is read on tangible equity / tangible assets'
      : 'not meaningful for a bank: its deposits are what it lends, so enterprise value is not what the business is worth';
  if ((view.companyClass === 'bank' || view.companyClass === 'insurer') && NOT_FOR_FINANCIALS.has(key))
    return `not meaningful for a ${view.companyClass}: its deposits or reserves are its business, not ordinary debt`;
  if (view.payoutBasis === 'affo' && key === 'earnings_payout')
    return 'not meaningful for a REIT: the depreciation of its buildings depresses net income, so its payout is read on AFFO (the dividend safety score)';
  return null;
}

/** Puts ratios as facts: fractions in percent, the three balance-sheet ratios plain, multiples as times. */
export function putRatios(sheet: FactSheet, view: CompanyView, keys: readonly RatioKey[]): void {
  for (const key of keys) {
    if (!view.ratios.ok) {
      sheet.skip(key, view.ratios.error.message);
      continue;
    }
    const notApplicable = describeNotApplicable(view, key);
    if (notApplicable !== null) {
      sheet.skip(key, notApplicable, undefined, true);
      continue;
    }
    const fraction = RATIO_UNITS[key] === 'fraction';
    // The engine's unit and the catalogue's must agree, or a fraction would be served as a multiple.
    const unit = fraction ? 'percent' : PLAIN_RATIOS.has(key) ? 'ratio' : 'times';
    if (requireFactDefinition(key).unit !== unit) throw new Error(`ratio ${key} is ${unit} by its engine, ${requireFactDefinition(key).unit} in the catalogue`);
    sheet.put(key, view.ratios.value.ratios[key], originOfRatio(view, key), { scale: fraction ? 100 : 1 });
  }
}

export function putPiotroski(sheet: FactSheet, view: CompanyView): void {
  const p = view.piotroski;
  const origin = { period: `FY${p.ok ? p.value.fiscalYear : view.latest.fiscalYear}`, source: 'computed', as_of: findNewestFiling(view.latest) };
  sheet.put('piotroski_f', p.ok ? ok(p.value.score) : p, origin);
  if (p.ok) sheet.put('piotroski_tests_run', p.value.evaluated, origin);
}

const ZONE_WORDS = { safe: 'Safe', grey: 'Grey', distress: 'Distress' } as const;

export function putAltman(sheet: FactSheet, view: CompanyView): void {
  const a = view.altman;
  const filed = findNewestFiling(view.latest);
  const origin = { period: `FY${view.latest.fiscalYear}`, source: 'computed', as_of: view.market.ok ? pickLater(filed, view.market.value.priceDate) : filed };
  sheet.put('altman_z', a.ok ? ok(a.value.score) : a, origin, {
    label: a.ok && a.value.model === 'z_double_prime' ? 'Altman Z″ (non-manufacturer)' : 'Altman Z',
  });
  if (a.ok) sheet.putLabel('altman_zone', ZONE_WORDS[a.value.zone], origin);
}

export function putGrades(sheet: FactSheet, view: CompanyView, categories: readonly GradeCategory[] = GRADE_CATEGORIES): void {
  const g = view.grades;
  const filed = findNewestFiling(view.latest);
  const origin = {
    period: `vs ${g.ok ? g.value.sector : 'sector'} peers`,
    source: 'computed',
    as_of: view.market.ok ? pickLater(filed, view.market.value.priceDate) : filed,
  };
  for (const c of categories) {
    const key = `grade_${c}`;
    if (!g.ok) sheet.skip(key, g.error.message);
    else {
      const r = g.value.grades[c];
      if (r.ok) sheet.putLabel(key, r.value.letter, origin);
      else sheet.skip(key, r.error.message);
    }
  }
}

/** Market price and capitalisation on the data day. */
export function putMarket(sheet: FactSheet, view: CompanyView, source: string): void {
  const m = view.market;
  if (!m.ok) {
    sheet.skip('price', m.error.message);
    return;
  }
  const day = m.value.priceDate;
  sheet.put('price', m.value.priceUsd, { period: day, source, as_of: day });
  sheet.put('market_cap', m.value.marketCapUsd, { period: day, source: 'computed', as_of: day });
}

/**
 * A statement line of the latest fiscal year as a fact (USD as reported), sourced as the filing's figure;
 * a line the company does not report but the engines derive (free cash flow = operating cash flow − capex)
 * is `computed`, as of the newest filing in the year.
 */
export function putLine(sheet: FactSheet, view: CompanyView, key: string): void {
  const p = view.latest;
  const { annual } = view.statements;
  const figure = [...annual.income, ...annual.balance, ...annual.cash_flow].find((l) => l.key === key)?.values[annual.periods.length - 1];
  const reported = figure?.value !== null && figure?.value !== undefined;
  const origin = {
    period: `FY${p.fiscalYear}`,
    source: reported ? (figure.source ?? 'computed') : 'computed',
    as_of: reported ? (figure.as_of ?? findNewestFiling(p)) : findNewestFiling(p),
  };
  sheet.put(key, lineOf(p, key), origin);
}

/** The statement ratios of each of the last `years` fiscal years (market ratios left out: no past prices are used). */
export function computeRatiosByYear(
  view: CompanyView,
  keys: readonly RatioKey[],
  years = 5,
): Array<{ fiscal_year: number; values: Record<string, number | null> }> {
  const out: Array<{ fiscal_year: number; values: Record<string, number | null> }> = [];
  const annual = view.financials.annual;
  // What the class's yardstick leaves out (a bank's current ratio) is not stated for past years either.
  const statementKeys = keys.filter((k) => !MARKET_RATIOS.has(k) && describeNotApplicable(view, k) === null);
  if (!view.market.ok || statementKeys.length === 0) return out;
  for (let i = Math.max(0, annual.length - years); i < annual.length; i++) {
    const r = computeRatios({ ...view.financials, annual: annual.slice(0, i + 1), quarterly: [] }, view.market.value);
    const values: Record<string, number | null> = {};
    for (const k of statementKeys) {
      const v = r.ok ? r.value.ratios[k] : null;
      values[k] = v?.ok ? Math.round(v.value * (RATIO_UNITS[k] === 'fraction' ? 10000 : 100)) / 100 : null;
    }
    out.push({ fiscal_year: annual[i]!.fiscalYear, values });
  }
  return out;
}

/** Statement lines by fiscal year (USD), oldest first. */
export function collectLinesByYear(
  view: CompanyView,
  keys: readonly string[],
  years = 5,
): Array<{ fiscal_year: number; values: Record<string, number | null> }> {
  return view.financials.annual.slice(-years).map((p) => ({ fiscal_year: p.fiscalYear, values: Object.fromEntries(keys.map((k) => [k, lineOf(p, k)])) }));
}

/**
 * The trailing-twelve-month yield (`computeTrailingDividendYield`: dividends with an ex-date in the 365 days
 * to the price date over that day's close), the one definition every surface serves under `dividend_yield_ttm`.
 * Absent with the reason when the records do not cover the window; 0 % for a payer of nothing whose records do.
 */
export function putTrailingDividendYield(sheet: FactSheet, view: CompanyView, history: DividendHistory): void {
  if (!view.market.ok) return void sheet.skip('dividend_yield_ttm', view.market.error.message);
  const { priceDate, priceUsd } = view.market.value;
  const y = computeTrailingDividendYield(history, priceDate, priceUsd);
  if (!y.ok) return void sheet.skip('dividend_yield_ttm', y.error.message);
  const source = y.value.payments[0]?.source ?? 'computed';
  sheet.put('dividend_yield_ttm', y.value.yield, { period: `12 months to ${priceDate}`, source, as_of: priceDate }, { scale: 100 });
}

/** Dividends per share by calendar year of the ex-date, oldest first (the last year may be partial). */
export function sumDividendsByYear(dividends: readonly Dividend[], asOf: string, years = 6): Array<{ year: number; amount: number }> {
  const byYear = new Map<number, number>();
  for (const d of dividends) if (d.ex_date <= asOf) byYear.set(Number(d.ex_date.slice(0, 4)), (byYear.get(Number(d.ex_date.slice(0, 4))) ?? 0) + d.amount);
  return [...byYear.entries()]
    .sort((a, b) => a[0] - b[0])
    .slice(-years)
    .map(([year, amount]) => ({ year, amount: Math.round(amount * 10000) / 10000 }));
}

/**
 * The no-cut streak as a fact (a count; the period says where the data starts when the streak reaches it).
 * Left out at 0: a name that cut last year, or never paid, has no streak to state.
 */
export function putDividendStreak(sheet: FactSheet, view: CompanyView, history: DividendHistory): void {
  const s = computeDividendStreak(view.financials, history);
  if (s.years <= 0) return;
  sheet.put('dividend_streak_years', s.years, {
    period: describeStreakPeriod(s),
    source: 'computed',
    as_of: history.records?.through ?? findNewestFiling(view.latest),
  });
}

/** Which part of a company the analysis is about: a fundamental tab, the balance sheet, or the quick overview's summary. */
export type CompanyTopic = 'overview' | 'profitability' | 'growth' | 'valuation' | 'financial-health' | 'dividends' | 'cash-flow' | 'balance-sheet' | 'summary';

/** The class-specific figures each topic states (docs/scores.md): a bank's returns, price and capital; an insurer's book growth. */
const YARDSTICK_FACTS: Partial<Record<Yardstick, Partial<Record<string, readonly CompanyTopic[]>>>> = {
  bank: {
    rote: ['overview', 'profitability', 'balance-sheet', 'summary'],
    price_tangible_book: ['overview', 'valuation', 'summary'],
    tangible_equity_ratio: ['overview', 'financial-health', 'balance-sheet'],
    efficiency_ratio: ['profitability'],
  },
  reit: {
    price_to_affo: ['overview', 'valuation', 'dividends', 'summary'],
    ffo: ['overview', 'dividends', 'cash-flow'],
    affo_payout: ['overview', 'dividends', 'summary'],
    affo: ['overview', 'dividends', 'cash-flow'],
  },
  insurer: {
    book_value_per_share_cagr_5y: ['overview', 'growth', 'financial-health', 'balance-sheet', 'summary'],
    combined_ratio: ['profitability'],
  },
};

/**
 * The yardstick as a fact ("Judged as: Bank"; nothing for other companies), read by the note's rules for their
 * thresholds, and the class's own figures for the topic. The efficiency and combined ratios need lines the
 * statements we hold do not break out: they are stated as missing with that reason, never estimated.
 */
export function putYardstickFacts(sheet: FactSheet, view: CompanyView, topic: CompanyTopic): void {
  if (view.yardstick === 'other') return;
  const p = view.latest;
  const filed = findNewestFiling(p);
  const fy = { period: `FY${p.fiscalYear}`, source: 'computed', as_of: filed };
  sheet.putLabel('company_class', YARDSTICK_NAMES[view.yardstick], fy);
  const wanted = Object.entries(YARDSTICK_FACTS[view.yardstick] ?? {}).filter(([, topics]) => topics?.includes(topic));
  for (const [key] of wanted) {
    if (key === 'rote') sheet.put(key, computeReturnOnTangibleEquity(p), fy, { scale: 100 });
    else if (key === 'tangible_equity_ratio') sheet.put(key, computeTangibleEquityRatio(p), fy, { scale: 100 });
    else if (key === 'book_value_per_share_cagr_5y')
      sheet.put(key, computeBookValuePerShareCagr(view.financials), { ...fy, period: `5y to FY${p.fiscalYear}` }, { scale: 100 });
    else if (key === 'price_tangible_book') {
      if (!view.market.ok) sheet.skip(key, view.market.error.message);
      else
        sheet.put(key, computePriceToTangibleBook(view.market.value.marketCapUsd, p), {
          ...fy,
          as_of: pickLater(filed, view.market.value.priceDate),
          period: `FY${p.fiscalYear}, price of ${view.market.value.priceDate}`,
        });
    } else if (key === 'price_to_affo') {
      const affo = computeAffo(p);
      if (!view.market.ok) sheet.skip(key, view.market.error.message);
      else if (!affo) sheet.skip(key, 'net income and depreciation, or operating cash flow, are not reported');
      else
        sheet.put(key, divideByPositive(view.market.value.marketCapUsd, affo.affoUsd, ['market_cap', 'affo']), {
          ...fy,
          as_of: pickLater(filed, view.market.value.priceDate),
          period: `FY${p.fiscalYear}, price of ${view.market.value.priceDate}`,
        });
    } else if (key === 'affo_payout') {
      const a = computeAffo(p);
      const paid = lineOf(p, 'dividends_paid');
      if (!a || paid === null || paid <= 0) sheet.skip(key, 'no dividend paid, or AFFO cannot be derived');
      else sheet.put(key, divideByPositive(paid, a.affoUsd, ['dividends_paid', 'affo']), fy, { scale: 100 });
    } else if (key === 'ffo' || key === 'affo') {
      // The derivation travels with the figure (its period), so a reader sees what FFO and AFFO were built from.
      const a = computeAffo(p);
      if (!a) sheet.skip(key, 'net income and depreciation, or operating cash flow, are not reported');
      else {
        const ffoFrom = a.basis === 'net_income_plus_depreciation' ? 'net income + depreciation' : 'operating cash flow';
        const period =
          key === 'ffo' ? `FY${p.fiscalYear}: ${ffoFrom}` : `FY${p.fiscalYear}: FFO − recurring capex (the capex reported, at most 15 % of depreciation)`;
        sheet.put(key, key === 'ffo' ? a.ffoUsd : a.affoUsd, { ...fy, period });
      }
    } else if (key === 'efficiency_ratio') sheet.skip(key, 'the statements we hold do not break out non-interest expense and net interest income');
    else if (key === 'combined_ratio') sheet.skip(key, 'the statements we hold do not break out premiums earned, claims and underwriting expenses');
  }
}

const TTM_WORDS = {
  four_quarters: 'last four quarters',
  annual_plus_interim: 'last fiscal year plus the quarters since',
  latest_annual: 'last fiscal year',
} as const;

/**
 * The figures investors look for first (issue 31, key figures): trailing revenue and EPS, the share count, the
 * dividend per share over twelve months with its last ex-date, and the last and next (expected) report dates.
 * Market cap, P/E, yield, beta and the 52-week range are put by their own helpers; the quick overview and the
 * symbol page's key figures both read these.
 */
export function putKeyFigures(sheet: FactSheet, view: CompanyView, history: DividendHistory, asOf: string): void {
  for (const [key, line] of [
    ['revenue_ttm', 'revenue'],
    ['eps_ttm', 'eps_diluted'],
  ] as const) {
    const t = computeTrailingFlow(view.financials, line);
    if (!t.ok) sheet.skip(key, t.error.message);
    else {
      const q = view.financials.quarterly.find((p) => p.end === t.value.end) ?? view.financials.annual.find((p) => p.end === t.value.end);
      sheet.put(key, t.value.value, {
        period: `TTM to ${t.value.end} (${TTM_WORDS[t.value.basis]})`,
        source: 'computed',
        as_of: q ? findNewestFiling(q) : asOf,
      });
    }
  }
  const shares = findLatestDilutedShares(view.financials);
  if (!shares) sheet.skip('shares_diluted', 'no diluted share count reported');
  else sheet.put('shares_diluted', shares.shares, { period: `period ending ${shares.end}`, source: 'computed', as_of: findNewestFiling(view.latest) });
  if (view.market.ok) {
    const { priceDate, priceUsd } = view.market.value;
    const y = computeTrailingDividendYield(history, priceDate, priceUsd);
    if (!y.ok) sheet.skip('dividend_per_share_ttm', y.error.message);
    else {
      const lastEx = y.value.payments
        .map((d) => d.ex_date)
        .sort()
        .at(-1);
      sheet.put('dividend_per_share_ttm', y.value.total, {
        period: lastEx ? `12 months to ${priceDate}, last ex-date ${lastEx}` : `12 months to ${priceDate}, no ex-date`,
        source: y.value.payments[0]?.source ?? 'computed',
        as_of: priceDate,
      });
    }
  }
  const dates = findReportDates(view.financials, asOf);
  if (!dates.last) sheet.skip('last_report_date', 'no filing dates in the statements');
  else
    sheet.putLabel('last_report_date', writeDay(dates.last.filed), {
      period: `period ending ${dates.last.periodEnd}`,
      source: 'computed',
      as_of: dates.last.filed,
    });
  if (dates.next)
    // The label says "expected" ("Next report (expected)"): the value is the date alone, as narrow as any other.
    sheet.putLabel('next_report_expected', writeDay(dates.next.expected), {
      period: `quarter ending ${dates.next.periodEnd}, usually filed ${dates.next.lagDays} days after`,
      source: 'computed',
      as_of: dates.last!.filed,
    });
}
