import type { CompanyFinancials, FinancialPeriod } from '../financials.ts';
import { freeCashFlowOf, lineOf } from '../fundamentals/statement-lines.ts';

/*
 * The cash flow a DCF grows from (issue 30, item 2). One year's free cash flow is a poor base: AMZN's
 * is depressed by a capex cycle, a commodity producer's swings with prices. The base is normalised:
 * - a company investing for growth (capex well above depreciation, revenue growing) is valued on what it
 *   would free up at its growth rate: NOPAT minus the reinvestment that growth needs (revenue growth ÷
 *   sales-to-capital);
 * - otherwise its free cash flow margin averaged over the cycle (3–5 years), applied to current revenue;
 * - with fewer than three years of margins, the latest year's free cash flow, said so.
 */

/** Fiscal years the average margin looks back over, and the fewest it accepts. */
const MARGIN_YEARS = { max: 5, min: 3 } as const;
/** Capex above this multiple of depreciation, with revenue growing, marks a company investing for growth. */
const GROWTH_CAPEX_RATIO = 1.5;
/** Revenue growth (a year) above which heavy capex is read as investment for growth, not upkeep. */
const GROWTH_REVENUE_MIN = 0.05;
/** Sales-to-capital is held within this range: outside it, invested capital is too small or odd to divide by. */
const SALES_TO_CAPITAL_RANGE = { min: 0.5, max: 5 } as const;

type BaseMethod = 'nopat_minus_reinvestment' | 'average_fcf_margin' | 'latest_fcf';

export interface NormalisedBase {
  method: BaseMethod;
  /** The base cash flow the model grows from, USD. */
  baseUsd: number;
  /** The latest fiscal year's reported free cash flow, for comparison (null when not reported). */
  latestFcfUsd: number | null;
  revenueUsd: number | null;
  /** average_fcf_margin: Σ FCF ÷ Σ revenue over `years`. */
  averageMargin: number | null;
  years: number[];
  /** nopat_minus_reinvestment: the parts. */
  nopatUsd: number | null;
  reinvestmentUsd: number | null;
  salesToCapital: number | null;
  /** nopat_minus_reinvestment: operating income ÷ revenue, the margin the year-by-year projection holds. */
  operatingMargin: number | null;
  capexToDepreciation: number | null;
  /** Why this base, in words (the note and the assumptions table say it). */
  reason: string;
}

const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0);

function measureSalesToCapital(p: FinancialPeriod, revenue: number): number | null {
  const equity = lineOf(p, 'total_equity');
  if (equity === null) return null;
  const debt = lineOf(p, 'total_debt') ?? lineOf(p, 'long_term_debt') ?? 0;
  const cash = (lineOf(p, 'cash') ?? 0) + (lineOf(p, 'short_term_investments') ?? 0);
  const invested = equity + debt - cash;
  if (!(invested > 0)) return null;
  return Math.min(SALES_TO_CAPITAL_RANGE.max, Math.max(SALES_TO_CAPITAL_RANGE.min, revenue / invested));
}

/**
 * The normalised base of the latest fiscal year. `growth` is the explicit growth the forecast uses (the
 * reinvestment base funds it); `taxRate` turns operating income into NOPAT. Null base values are left to
 * the caller to refuse (a normalised base ≤ 0 values nothing).
 */
export function normaliseFcfBase(f: CompanyFinancials, o: { growth: number; taxRate: number }): NormalisedBase | null {
  const last = f.annual.at(-1);
  if (!last) return null;
  const latestFcfUsd = freeCashFlowOf(last);
  const revenue = lineOf(last, 'revenue');
  const capex = lineOf(last, 'capital_expenditure');
  const da = lineOf(last, 'depreciation_amortization');
  const capexToDepreciation = capex !== null && da !== null && da > 0 ? Math.abs(capex) / da : null;
  const prior = f.annual.at(-2);
  const priorRevenue = lineOf(prior, 'revenue');
  const revenueGrowth = revenue !== null && priorRevenue !== null && priorRevenue > 0 ? revenue / priorRevenue - 1 : null;
  const empty = {
    latestFcfUsd,
    revenueUsd: revenue,
    capexToDepreciation,
    averageMargin: null,
    years: [],
    nopatUsd: null,
    reinvestmentUsd: null,
    salesToCapital: null,
    operatingMargin: null,
  };

  const operatingIncome = lineOf(last, 'operating_income');
  const investing = capexToDepreciation !== null && capexToDepreciation > GROWTH_CAPEX_RATIO && revenueGrowth !== null && revenueGrowth > GROWTH_REVENUE_MIN;
  if (investing && revenue !== null && operatingIncome !== null && operatingIncome > 0) {
    const salesToCapital = measureSalesToCapital(last, revenue);
    if (salesToCapital !== null) {
      const nopat = operatingIncome * (1 - o.taxRate);
      const reinvestment = (revenue * Math.max(0, o.growth)) / salesToCapital;
      return {
        ...empty,
        method: 'nopat_minus_reinvestment',
        baseUsd: nopat - reinvestment,
        nopatUsd: nopat,
        reinvestmentUsd: reinvestment,
        salesToCapital,
        operatingMargin: operatingIncome / revenue,
        reason: `capital spending is ${capexToDepreciation!.toFixed(1)}× depreciation while revenue grows: the company is investing for growth, so its free cash flow is built year by year from revenue: after-tax operating profit less the reinvestment each year's growth needs, falling as growth fades`,
      };
    }
  }

  const recent: Array<{ fy: number; fcf: number; revenue: number }> = [];
  for (const p of f.annual.slice(-MARGIN_YEARS.max)) {
    const fcf = freeCashFlowOf(p);
    const r = lineOf(p, 'revenue');
    if (fcf !== null && r !== null && r > 0) recent.push({ fy: p.fiscalYear, fcf, revenue: r });
  }
  if (recent.length >= MARGIN_YEARS.min && revenue !== null && revenue > 0) {
    const averageMargin = sum(recent.map((w) => w.fcf)) / sum(recent.map((w) => w.revenue));
    return {
      ...empty,
      method: 'average_fcf_margin',
      baseUsd: averageMargin * revenue,
      averageMargin,
      years: recent.map((w) => w.fy),
      reason: `free cash flow margin averaged over ${recent.length} fiscal years (FY${recent[0]!.fy}–FY${recent.at(-1)!.fy}) and applied to the latest revenue, so one good or bad year does not set the value`,
    };
  }
  if (latestFcfUsd === null) return null;
  return { ...empty, method: 'latest_fcf', baseUsd: latestFcfUsd, reason: "fewer than three years of margins: the latest year's free cash flow" };
}
