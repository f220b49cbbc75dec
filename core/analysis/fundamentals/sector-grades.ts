import { type EngineResult, fail, ok } from '../result.ts';
import { GRADE_CATEGORIES, GRADE_METRIC_KEYS, GRADE_METRICS, type GradeCategory, type GradeMetricKey, type GradeMetrics } from './grade-metrics.ts';

/** Per GICS sector, per metric, every company's value sorted ascending (the whole universe, nulls left out). */
export interface SectorTable {
  sectors: Record<string, { companies: number; distributions: Partial<Record<GradeMetricKey, number[]>> }>;
  /**
   * Per sector, the peers' unlevered betas, sorted (core/analysis/valuation/peer-beta.ts): the valuation's
   * bottom-up beta. Absent in tables built before it existed.
   */
  unleveredBetas?: Record<string, number[]>;
}

export type Letter = 'A' | 'B' | 'C' | 'D' | 'F';

/** Percentile (percent, 0..100) at or above which each letter is given: quintiles of the sector. */
const LETTER_CUTOFFS: ReadonlyArray<[Letter, number]> = [
  ['A', 80],
  ['B', 60],
  ['C', 40],
  ['D', 20],
  ['F', 0],
];
/** A metric with fewer peers than this in the sector says too little to rank on. */
const MIN_PEERS = 5;

interface GradedMetric {
  key: GradeMetricKey;
  value: number;
  /** Percent (0..100) of the sector this value beats, flipped for lower-is-better metrics. */
  percentile: number;
  peers: number;
  better: 'higher' | 'lower';
}

export interface CategoryGrade {
  letter: Letter;
  /** Mean of the metric percentiles, percent (0..100). */
  percentile: number;
  metrics: GradedMetric[];
  /** Metrics left out, with why. */
  excluded: Array<{ key: GradeMetricKey; reason: string }>;
}

interface CompanyGrades {
  sector: string;
  grades: Record<GradeCategory, EngineResult<CategoryGrade>>;
}

export function buildSectorTable(companies: ReadonlyArray<{ sector: string | null; metrics: GradeMetrics; unleveredBeta?: number | null }>): SectorTable {
  const sectors: SectorTable['sectors'] = {};
  const unleveredBetas: Record<string, number[]> = {};
  for (const c of companies) {
    if (!c.sector) continue;
    sectors[c.sector] ??= { companies: 0, distributions: {} };
    const s = sectors[c.sector]!;
    s.companies++;
    if (c.unleveredBeta !== null && c.unleveredBeta !== undefined && Number.isFinite(c.unleveredBeta)) {
      unleveredBetas[c.sector] ??= [];
      unleveredBetas[c.sector]!.push(c.unleveredBeta);
    }
    for (const key of GRADE_METRIC_KEYS) {
      const v = c.metrics[key];
      if (v === null || v === undefined || !Number.isFinite(v)) continue;
      s.distributions[key] ??= [];
      s.distributions[key].push(v);
    }
  }
  for (const s of Object.values(sectors)) for (const d of Object.values(s.distributions)) d.sort((a, b) => a - b);
  for (const d of Object.values(unleveredBetas)) d.sort((a, b) => a - b);
  return { sectors, unleveredBetas };
}

/** First index in the sorted array whose value is ≥ v (or > v when `strict`). */
function findBound(sorted: readonly number[], v: number, strict: boolean): number {
  let lo = 0;
  let hi = sorted.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (sorted[mid]! < v || (strict && sorted[mid] === v)) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** Mid-rank percentile (percent): share of values below v, plus half the ties. */
export function computePercentile(sorted: readonly number[], v: number): number {
  const below = findBound(sorted, v, false);
  const ties = findBound(sorted, v, true) - below;
  return (100 * (below + ties / 2)) / sorted.length;
}

export function toLetter(percentile: number): Letter {
  for (const [letter, cutoff] of LETTER_CUTOFFS) if (percentile >= cutoff) return letter;
  return 'F';
}

/** Each category's metrics with their direction, listed once rather than per company graded. */
const CATEGORY_METRICS = Object.fromEntries(
  GRADE_CATEGORIES.map((c) => [c, Object.entries(GRADE_METRICS[c]) as Array<[GradeMetricKey, 'higher' | 'lower']>]),
) as Record<GradeCategory, Array<[GradeMetricKey, 'higher' | 'lower']>>;

function gradeCategory(
  category: GradeCategory,
  distributions: SectorTable['sectors'][string]['distributions'],
  metrics: GradeMetrics,
): EngineResult<CategoryGrade> {
  const graded: GradedMetric[] = [];
  const excluded: CategoryGrade['excluded'] = [];
  for (const [key, better] of CATEGORY_METRICS[category]) {
    const value = metrics[key];
    const dist = distributions[key];
    if (value === null || value === undefined || !Number.isFinite(value)) excluded.push({ key, reason: 'not computable for this company' });
    else if (!dist || dist.length < MIN_PEERS) excluded.push({ key, reason: `fewer than ${MIN_PEERS} companies in the sector report it` });
    else {
      const p = computePercentile(dist, value);
      graded.push({ key, value, percentile: better === 'higher' ? p : 100 - p, peers: dist.length, better });
    }
  }
  if (graded.length === 0) return fail('missing_input', category, `no ${category} metric could be ranked: ${excluded.map((e) => e.key).join(', ')}`);
  const percentile = graded.reduce((s, m) => s + m.percentile, 0) / graded.length;
  return ok({ letter: toLetter(percentile), percentile, metrics: graded, excluded });
}

/** Grades A–F per category from the company's metrics against its GICS sector's distributions. */
export function gradeCompany(table: SectorTable, sector: string | null, metrics: GradeMetrics): EngineResult<CompanyGrades> {
  if (!sector) return fail('missing_input', 'sector', 'the company has no GICS sector to compare against');
  const s = Object.hasOwn(table.sectors, sector) ? table.sectors[sector] : undefined;
  if (!s) return fail('not_applicable', 'sector', `no companies of the sector "${sector}" in the table`);
  const grades = {} as Record<GradeCategory, EngineResult<CategoryGrade>>;
  for (const c of GRADE_CATEGORIES) grades[c] = gradeCategory(c, s.distributions, metrics);
  return ok({ sector, grades });
}
