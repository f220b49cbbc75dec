import type { CompanyFinancials } from '../financials.ts';
import { type EngineResult, fail } from '../result.ts';
import { computeDividendYield, computeEarningsPayout, computeFcfPayout } from './dividend-ratios.ts';
import { computeLineCagr, computeShareCountChange } from './growth-ratios.ts';
import { computeCurrentRatio, computeDebtToEquity, computeInterestCover, computeNetDebtToEbitda, computeQuickRatio } from './health-ratios.ts';
import { computeAssetTurnover, computeMargin, computeRoa, computeRoe, computeRoic } from './profitability-ratios.ts';
import { findLatestAnnual } from './statement-lines.ts';
import { computeTrailingFlow, type TrailingFigure } from './trailing-twelve-months.ts';
import {
  computeEvEbitda,
  computeEvSales,
  computeFcfYield,
  computePriceBook,
  computePriceSales,
  type MarketInputs,
  priceEarningsFrom,
  validateMarket,
} from './valuation-ratios.ts';

/** Every ratio with its unit: `fraction` (0.2692 = 26.92 %) or `times` (12.5 = 12.5×). */
export const RATIO_UNITS = {
  gross_margin: 'fraction',
  operating_margin: 'fraction',
  net_margin: 'fraction',
  fcf_margin: 'fraction',
  roe: 'fraction',
  roa: 'fraction',
  roic: 'fraction',
  revenue_cagr_3y: 'fraction',
  revenue_cagr_5y: 'fraction',
  eps_cagr_3y: 'fraction',
  eps_cagr_5y: 'fraction',
  fcf_cagr_3y: 'fraction',
  fcf_cagr_5y: 'fraction',
  revenue_growth_1y: 'fraction',
  pe_ttm: 'times',
  price_sales: 'times',
  price_book: 'times',
  ev_ebitda: 'times',
  ev_sales: 'times',
  fcf_yield: 'fraction',
  dividend_yield: 'fraction',
  earnings_payout: 'fraction',
  fcf_payout: 'fraction',
  current_ratio: 'times',
  quick_ratio: 'times',
  debt_to_equity: 'times',
  net_debt_to_ebitda: 'times',
  interest_cover: 'times',
  asset_turnover: 'times',
  share_count_change: 'fraction',
} as const;

export type RatioKey = keyof typeof RATIO_UNITS;
export const RATIO_KEYS = Object.keys(RATIO_UNITS) as RatioKey[];

export interface RatioSet {
  /** The fiscal year the statement ratios describe (flows over it, balances at its end). */
  fiscalYear: number;
  periodEnd: string;
  /** Diluted EPS over the last twelve months, saying how it was built (`pe_ttm` is the one trailing figure). */
  epsTtm: EngineResult<TrailingFigure>;
  ratios: Record<RatioKey, EngineResult<number>>;
}

const unwrapValue = <T extends { value: number }>(r: EngineResult<T>): EngineResult<number> => (r.ok ? { ok: true, value: r.value.value } : r);

/**
 * All ratios of the latest fiscal year, valued at today's price. Statement ratios use that year's flows
 * and year-end balances, so numerator and denominator always describe the same period.
 */
export function computeRatios(f: CompanyFinancials, market: MarketInputs): EngineResult<RatioSet> {
  const p = findLatestAnnual(f);
  if (!p) return fail('missing_input', 'annual_statements', `${f.symbol} has no annual statements`);
  const m = validateMarket(market);
  if (!m.ok) return m;
  const epsTtm = computeTrailingFlow(f, 'eps_diluted');
  const pe = priceEarningsFrom(epsTtm, market);
  const ratios: Record<RatioKey, EngineResult<number>> = {
    gross_margin: computeMargin(p, 'gross_profit'),
    operating_margin: computeMargin(p, 'operating_income'),
    net_margin: computeMargin(p, 'net_income'),
    fcf_margin: computeMargin(p, 'free_cash_flow'),
    roe: computeRoe(p),
    roa: computeRoa(p),
    roic: unwrapValue(computeRoic(p)),
    revenue_cagr_3y: computeLineCagr(f, 'revenue', 3),
    revenue_cagr_5y: computeLineCagr(f, 'revenue', 5),
    eps_cagr_3y: computeLineCagr(f, 'eps_diluted', 3),
    eps_cagr_5y: computeLineCagr(f, 'eps_diluted', 5),
    fcf_cagr_3y: computeLineCagr(f, 'free_cash_flow', 3),
    fcf_cagr_5y: computeLineCagr(f, 'free_cash_flow', 5),
    revenue_growth_1y: computeLineCagr(f, 'revenue', 1),
    pe_ttm: unwrapValue(pe),
    price_sales: computePriceSales(p, market),
    price_book: computePriceBook(p, market),
    ev_ebitda: computeEvEbitda(p, market),
    ev_sales: computeEvSales(p, market),
    fcf_yield: computeFcfYield(p, market),
    dividend_yield: computeDividendYield(p, market),
    earnings_payout: computeEarningsPayout(p),
    fcf_payout: computeFcfPayout(p),
    current_ratio: computeCurrentRatio(p),
    quick_ratio: computeQuickRatio(p),
    debt_to_equity: computeDebtToEquity(p),
    net_debt_to_ebitda: computeNetDebtToEbitda(p),
    interest_cover: computeInterestCover(p),
    asset_turnover: computeAssetTurnover(p),
    share_count_change: computeShareCountChange(f),
  };
  return { ok: true, value: { fiscalYear: p.fiscalYear, periodEnd: p.end, epsTtm, ratios } };
}
