import type { CompanyFinancials } from '../financials.ts';
import type { EngineResult } from '../result.ts';
import { computePiotroski } from './piotroski.ts';
import { divideByPositive } from './ratio-math.ts';
import { computeRatios } from './ratios.ts';
import { ebitdaOf, latestAnnual, lineOf } from './statement-lines.ts';
import { computeTrailingFlow } from './trailing-twelve-months.ts';
import { computeEnterpriseValue, type MarketInputs } from './valuation-ratios.ts';
import type { MomentumKey } from './momentum-returns.ts';

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

const valueOrNull = (r: EngineResult<number>) => (r.ok ? r.value : null);

/**
 * The metrics behind a company's grades, from its statements, today's market inputs and its momentum
 * returns (null when unknown). A metric that cannot be computed is null and is left out of its grade.
 */
export function computeGradeMetrics(f: CompanyFinancials, market: MarketInputs, momentum: Partial<Record<MomentumKey, EngineResult<number>>>): GradeMetrics {
  const metrics: GradeMetrics = {};
  const p = latestAnnual(f);
  const set = computeRatios(f, market);
  if (p && set.ok) {
    const r = set.value.ratios;
    const eps = computeTrailingFlow(f, 'eps_diluted');
    const ev = computeEnterpriseValue(p, market);
    metrics.earnings_yield = eps.ok ? valueOrNull(divideByPositive(eps.value.value, market.priceUsd, ['eps_diluted', 'price'])) : null;
    metrics.ebitda_to_ev = ev.ok ? valueOrNull(divideByPositive(ebitdaOf(p), ev.value, ['ebitda', 'enterprise_value'])) : null;
    metrics.book_to_price = valueOrNull(divideByPositive(lineOf(p, 'total_equity'), market.marketCapUsd, ['total_equity', 'market_cap']));
    for (const key of ['fcf_yield', 'revenue_cagr_3y', 'revenue_growth_1y', 'eps_cagr_3y', 'roe', 'roic', 'operating_margin', 'fcf_margin'] as const)
      metrics[key] = valueOrNull(r[key]);
    for (const key of ['current_ratio', 'debt_to_equity', 'net_debt_to_ebitda', 'interest_cover'] as const) metrics[key] = valueOrNull(r[key]);
  }
  const f9 = computePiotroski(f);
  metrics.piotroski_f = f9.ok && f9.value.evaluated === 9 ? f9.value.score : null;
  for (const key of ['return_3m', 'return_6m', 'return_12m_ex_1m'] as const) {
    const m = momentum[key];
    metrics[key] = m ? valueOrNull(m) : null;
  }
  return metrics;
}
