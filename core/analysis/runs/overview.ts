import { toDividendHistory } from '../fundamentals/dividend-history.ts';
import type { AnalysisBody, AnalysisInputs, FundamentalSubtype } from '../analysis-types.ts';
import { GRADE_CATEGORIES } from '../fundamentals/grade-metrics.ts';
import { computeMomentumReturns, type MomentumKey } from '../fundamentals/momentum-returns.ts';
import type { RatioKey } from '../fundamentals/ratios.ts';
import { type EngineResult, ok } from '../result.ts';
import { computeTechnicalRating } from '../technical-rating.ts';
import { attributeCompany } from '../attribution/company-attribution.ts';
import { putDriverFacts } from '../attribution/driver-facts.ts';
import { attributeTechnicalRating } from '../attribution/technical-rating-attribution.ts';
import { writeNote } from '../writer/index.ts';
import {
  buildCompanyView,
  putAltman,
  putGrades,
  putMarket,
  putPiotroski,
  putRatios,
  putKeyFigures,
  putTrailingDividendYield,
  putYardstickFacts,
} from './company.ts';
import { FactSheet, type MissingFact } from './facts.ts';
import { collectGradeSections, type GradeSection } from './fundamental.ts';
import { toSeriesAsOf } from './price-series.ts';
import { describeRating } from './technical.ts';

const KEY_RATIOS: RatioKey[] = ['net_margin', 'roe', 'revenue_cagr_5y', 'pe_ttm', 'fcf_yield', 'debt_to_equity', 'current_ratio'];

/** The month-end price changes the overview's performance strip shows. */
const PERFORMANCE_KEYS: MomentumKey[] = ['return_3m', 'return_6m', 'return_12m_ex_1m'];

export interface OverviewSections {
  /** Month-end price changes in percent (null with a reason in `missing` when the history is too short). */
  performance: Record<MomentumKey, number | null>;
  /** The technical rating and its two groups, as labels (the technical analysis has the votes). */
  rating: { overall: string; moving_averages: string; oscillators: string; score: number } | null;
  grades: GradeSection[];
  missing: MissingFact[];
}

/** The quick overview: price performance, the technical rating, key ratios and the five grades. */
export function buildOverview(inputs: AnalysisInputs, _subtype: FundamentalSubtype | null = null): EngineResult<AnalysisBody<OverviewSections>> {
  const viewResult = buildCompanyView(inputs);
  if (!viewResult.ok) return viewResult;
  const view = viewResult.value;
  const sheet = new FactSheet();
  putMarket(sheet, view, inputs.daily?.source ?? inputs.monthly?.source ?? 'computed');
  const priceDay = view.market.ok ? view.market.value.priceDate : inputs.asOf;
  const momentum = computeMomentumReturns(view.closes);
  const performance = {} as Record<MomentumKey, number | null>;
  for (const key of PERFORMANCE_KEYS) {
    performance[key] = sheet.put(key, momentum[key], { period: `month-ends to ${priceDay}`, source: 'computed', as_of: priceDay }, { scale: 100 });
  }

  const daily = toSeriesAsOf(inputs.daily, inputs.asOf, 'daily');
  const rating = daily.ok ? computeTechnicalRating(daily.value) : daily;
  let ratingSection: OverviewSections['rating'] = null;
  if (rating.ok) {
    const at = { period: rating.value.date, source: 'computed', as_of: rating.value.date };
    sheet.putLabel('technical_rating', describeRating(rating.value.overall.label), at);
    ratingSection = {
      overall: describeRating(rating.value.overall.label),
      moving_averages: describeRating(rating.value.movingAverages.label),
      oscillators: describeRating(rating.value.oscillators.label),
      score: rating.value.overall.score,
    };
  } else sheet.skip('technical_rating', rating.error.message);

  putRatios(sheet, view, KEY_RATIOS);
  putKeyFigures(sheet, view, toDividendHistory(inputs), inputs.asOf);
  putYardstickFacts(sheet, view, 'summary');
  putTrailingDividendYield(sheet, view, toDividendHistory(inputs));
  putPiotroski(sheet, view);
  putAltman(sheet, view);
  putGrades(sheet, view);

  const sections: OverviewSections = {
    performance,
    rating: ratingSection,
    grades: collectGradeSections(view, ['value', 'growth', 'profitability', 'health', 'momentum']),
    missing: sheet.missing,
  };
  const attribution = attributeCompany(view, GRADE_CATEGORIES);
  if (rating.ok) attribution.unshift(attributeTechnicalRating(rating.value, describeRating(rating.value.overall.label)));
  putDriverFacts(sheet, attribution);
  const note = writeNote('overview', null, sheet.facts, { symbol: inputs.symbol, name: inputs.profile.name, attribution });
  return ok({ kind: 'overview', subtype: null, symbol: inputs.symbol, as_of: inputs.asOf, facts: sheet.facts, note, sections, attribution });
}
