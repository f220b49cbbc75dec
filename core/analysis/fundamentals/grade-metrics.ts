import type { CompanyFinancials } from '../financials.ts';
import type { CompanyClass } from './company-class.ts';
import type { EngineResult } from '../result.ts';
import { computeLineCagr } from './growth-ratios.ts';
import { computeCurrentRatio, computeDebtToEquity, computeInterestCover, computeNetDebtToEbitda } from './health-ratios.ts';
import type { MomentumKey } from './momentum-returns.ts';
import { computePiotroski, type PiotroskiScore } from './piotroski.ts';
import { computeMargin, computeRoe, computeRoic } from './profitability-ratios.ts';
import { divideByPositive } from './ratio-math.ts';
import { findLatestAnnual, lineOf } from './statement-lines.ts';
import { computeTrailingFlow } from './trailing-twelve-months.ts';
import { computeEnterpriseValue, computeFcfYield, type MarketInputs, validateMarket } from './valuation-ratios.ts';

export type GradeCategory = 'value' | 'growth' | 'profitability' | 'health' | 'momentum';

/**
 * What each grade is made of. Value uses yields (earnings / price rather than P/E) so a loss ranks as
 * expensive instead of dropping out; every metric is a fraction except the `times` ratios and the
 * Piotroski score (0..9, counted only when all nine tests could be run).
 */
export const GRADE_METRICS = {
  value: { earnings_yield: 'higher', fcf_yield: 'higher', ebitda_to_ev: 'higher', book_to_price: 'higher' },
  growth: { revenue_cagr_3y: 'higher', revenue_growth_1y: 'higher', eps_cagr_3y: 'higher' },
  profitability: { roe: 'higher', roic: 'higher', operating_margin: 'higher', fcf_margin: 'higher' },
  health: { current_ratio: 'higher', debt_to_equity: 'lower', net_debt_to_ebitda: 'lower', interest_cover: 'higher', piotroski_f: 'higher' },
  momentum: { return_3m: 'higher', return_6m: 'higher', return_12m_ex_1m: 'higher' },
} as const satisfies Record<GradeCategory, Record<string, 'higher' | 'lower'>>;

type MetricsOf<C extends GradeCategory> = keyof (typeof GRADE_METRICS)[C];
export type GradeMetricKey = { [C in GradeCategory]: MetricsOf<C> }[GradeCategory] & string;
export type GradeMetrics = Partial<Record<GradeMetricKey, number | null>>;

export const GRADE_CATEGORIES = Object.keys(GRADE_METRICS) as GradeCategory[];
export const GRADE_METRIC_KEYS = GRADE_CATEGORIES.flatMap((c) => Object.keys(GRADE_METRICS[c])) as GradeMetricKey[];

/**
 * Metrics left out of a lender's or an insurer's grades, as its analysis marks the same ratios not applicable:
 * deposits and reserves are their business, not ordinary debt, and a bank's deposits make enterprise value
 * meaningless. JPM's value grade was "lifted most by EBITDA / enterprise value" before.
 */
const NOT_FOR_INSURERS: readonly GradeMetricKey[] = ['current_ratio', 'net_debt_to_ebitda', 'interest_cover'];
const NOT_FOR_BANKS: readonly GradeMetricKey[] = [...NOT_FOR_INSURERS, 'ebitda_to_ev', 'debt_to_equity'];

const toValueOrNull = (r: EngineResult<number>) => (r.ok ? r.value : null);

/**
 * The metrics behind a company's grades, from its statements, today's market inputs and its momentum
 * returns (null when unknown). A metric that cannot be computed is null and is left out of its grade.
 */
export function computeGradeMetrics(
  f: CompanyFinancials,
  market: MarketInputs,
  momentum: Partial<Record<MomentumKey, EngineResult<number>>>,
  /** The company's class: a bank or insurer is not graded on figures that do not fit it. */
  companyClass: CompanyClass | null = null,
  /** The company's F-score when the caller has already computed it (an analysis shows both). */
  piotroski: EngineResult<PiotroskiScore> = computePiotroski(f, companyClass),
): GradeMetrics {
  const metrics: GradeMetrics = {};
  const p = findLatestAnnual(f);
  if (p && validateMarket(market).ok) {
    const eps = computeTrailingFlow(f, 'eps_diluted');
    const ev = computeEnterpriseValue(p, market);
    metrics.earnings_yield = eps.ok ? toValueOrNull(divideByPositive(eps.value.value, market.priceUsd, ['eps_diluted', 'price'])) : null;
    metrics.fcf_yield = toValueOrNull(computeFcfYield(p, market));
    metrics.ebitda_to_ev = ev.ok ? toValueOrNull(divideByPositive(lineOf(p, 'ebitda'), ev.value, ['ebitda', 'enterprise_value'])) : null;
    metrics.book_to_price = toValueOrNull(divideByPositive(lineOf(p, 'total_equity'), market.marketCapUsd, ['total_equity', 'market_cap']));
    metrics.revenue_cagr_3y = toValueOrNull(computeLineCagr(f, 'revenue', 3));
    metrics.revenue_growth_1y = toValueOrNull(computeLineCagr(f, 'revenue', 1));
    metrics.eps_cagr_3y = toValueOrNull(computeLineCagr(f, 'eps_diluted', 3));
    metrics.roe = toValueOrNull(computeRoe(p));
    const roic = computeRoic(p);
    metrics.roic = roic.ok ? roic.value.value : null;
    metrics.operating_margin = toValueOrNull(computeMargin(p, 'operating_income'));
    metrics.fcf_margin = toValueOrNull(computeMargin(p, 'free_cash_flow'));
    metrics.current_ratio = toValueOrNull(computeCurrentRatio(p));
    metrics.debt_to_equity = toValueOrNull(computeDebtToEquity(p));
    metrics.net_debt_to_ebitda = toValueOrNull(computeNetDebtToEbitda(p));
    metrics.interest_cover = toValueOrNull(computeInterestCover(p));
  }
  metrics.piotroski_f = piotroski.ok && piotroski.value.evaluated === 9 ? piotroski.value.score : null;
  for (const key of companyClass === 'bank' ? NOT_FOR_BANKS : companyClass === 'insurer' ? NOT_FOR_INSURERS : []) metrics[key] = null;
  for (const key of ['return_3m', 'return_6m', 'return_12m_ex_1m'] as const) {
    const m = momentum[key];
    metrics[key] = m ? toValueOrNull(m) : null;
  }
  return metrics;
}
