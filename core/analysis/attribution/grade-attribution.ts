import { requireFactDefinition } from '../../facts/catalogue.ts';
import { describePercentile } from '../../text/ordinal.ts';
import type { GradeCategory, GradeMetricKey } from '../fundamentals/grade-metrics.ts';
import type { CategoryGrade } from '../fundamentals/sector-grades.ts';
import { type ExactContribution, formatPercent, formatReading, roundAttribution } from './apportion.ts';
import type { Attribution } from './attribution-types.ts';

/** Grades keep two decimals of a percentile point. */
const GRADE_DECIMALS = 2;
/** Where a grade starts: the sector's middle company (mid-rank percentiles average 50). */
export const GRADE_BASE = 50;

/**
 * The grade metrics the catalogue does not hold (the value grade ranks yields, not the multiples the
 * pages show); every other metric is a catalogue fact and reads with the catalogue's label.
 */
const YIELD_LABELS: Partial<Record<GradeMetricKey, string>> = {
  earnings_yield: 'Earnings yield',
  ebitda_to_ev: 'EBITDA / enterprise value',
  book_to_price: 'Book value / market cap',
};

/** Metrics read as multiples or counts; every other grade metric is a fraction shown in percent. */
const NOT_FRACTIONS: ReadonlySet<GradeMetricKey> = new Set(['current_ratio', 'debt_to_equity', 'net_debt_to_ebitda', 'interest_cover', 'piotroski_f']);

const GRADE_TITLES: Record<GradeCategory, string> = {
  value: 'Value grade',
  growth: 'Growth grade',
  profitability: 'Profitability grade',
  health: 'Financial health grade',
  momentum: 'Momentum grade',
};

const labelGradeMetric = (key: GradeMetricKey): string => YIELD_LABELS[key] ?? requireFactDefinition(key).label;

/** A metric's value as the grade reads it: fractions in percent (the fact unit), multiples plain. */
const readGradeMetric = (key: GradeMetricKey, value: number): number => (NOT_FRACTIONS.has(key) ? value : value * 100);

const formatMetric = (key: GradeMetricKey, value: number) => (NOT_FRACTIONS.has(key) ? formatReading(value) : formatPercent(value));

/**
 * A letter grade as the sum of its metrics: the grade's percentile is the mean of the metrics'
 * percentiles in the sector, so from the median company (50) each metric moves it by
 * (its percentile − 50) / metrics ranked. Metrics left out are listed with a share of 0 and why.
 */
export function attributeGrade(category: GradeCategory, grade: CategoryGrade, sector: string): Attribution {
  const n = grade.metrics.length;
  const items: ExactContribution[] = grade.metrics.map((m) => {
    const p = m.percentile;
    return {
      key: m.key,
      label: labelGradeMetric(m.key),
      value: readGradeMetric(m.key, m.value),
      exact: (p - GRADE_BASE) / n,
      explain: (c) =>
        `${formatMetric(m.key, m.value)} sits at the ${describePercentile(p)} of ${m.peers} ${sector} companies (${m.better} is better): (${p.toFixed(1)} − 50) / ${n} = ${c}`,
    };
  });
  for (const e of grade.excluded) items.push({ key: e.key, label: labelGradeMetric(e.key), value: null, exact: 0, explain: () => `not counted: ${e.reason}` });
  return roundAttribution({
    target: `grade_${category}`,
    label: `${GRADE_TITLES[category]} ${grade.letter} (${describePercentile(grade.percentile)} in ${sector})`,
    unit: 'percentile',
    decimals: GRADE_DECIMALS,
    base: GRADE_BASE,
    score: grade.percentile,
    verdict: grade.letter,
    items,
  });
}
