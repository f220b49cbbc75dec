import { describe, expect, it } from 'vitest';
import type { GradeCategory, GradeMetrics } from './grade-metrics.ts';
import { buildSectorTable, gradeCompany, toLetter, computePercentile } from './sector-grades.ts';

// Five Tech companies and one Energy company; only some metrics known.
const peers: Array<{ sector: string | null; metrics: GradeMetrics }> = [
  { sector: 'Tech', metrics: { earnings_yield: 0.05, debt_to_equity: 3.0, current_ratio: 3, revenue_cagr_3y: 0.1 } },
  { sector: 'Tech', metrics: { earnings_yield: 0.01, debt_to_equity: 0.2, current_ratio: 1, revenue_cagr_3y: 0.2 } },
  { sector: 'Tech', metrics: { earnings_yield: 0.03, debt_to_equity: 1.0, current_ratio: 1, revenue_cagr_3y: 0.3 } },
  { sector: 'Tech', metrics: { earnings_yield: 0.02, debt_to_equity: 1.5, current_ratio: 2, revenue_cagr_3y: 0.4 } },
  { sector: 'Tech', metrics: { earnings_yield: 0.04, debt_to_equity: 0.5, current_ratio: 1, revenue_cagr_3y: null } },
  { sector: 'Energy', metrics: { earnings_yield: 0.09 } },
  { sector: null, metrics: { earnings_yield: 1 } },
];
const table = buildSectorTable(peers);

const category = (metrics: GradeMetrics, c: GradeCategory) => {
  const g = gradeCompany(table, 'Tech', metrics);
  if (!g.ok) throw new Error(g.error.message);
  return g.value.grades[c];
};
const graded = (metrics: GradeMetrics, c: GradeCategory) => {
  const r = category(metrics, c);
  if (!r.ok) throw new Error(r.error.message);
  return r.value;
};

describe('sector table and A–F grades from percentiles within the sector', () => {
  it('the table holds each sector’s sorted values, nulls and sector-less companies left out', () => {
    expect(table.sectors.Tech!.companies).toBe(5);
    expect(table.sectors.Tech!.distributions.earnings_yield).toEqual([0.01, 0.02, 0.03, 0.04, 0.05]);
    expect(table.sectors.Tech!.distributions.revenue_cagr_3y).toEqual([0.1, 0.2, 0.3, 0.4]);
    expect(Object.keys(table.sectors).sort()).toEqual(['Energy', 'Tech']);
  });

  it('mid-rank percentile: 0.04 beats 3 of 5 and ties 1 → (3 + 0.5)/5 = 70 %; 0.06 → 100 %; 0.005 → 0 %', () => {
    const d = table.sectors.Tech!.distributions.earnings_yield!;
    expect(computePercentile(d, 0.04)).toBeCloseTo(70, 12);
    expect(computePercentile(d, 0.06)).toBe(100);
    expect(computePercentile(d, 0.005)).toBe(0);
  });

  it('letters by quintile: ≥ 80 A, ≥ 60 B, ≥ 40 C, ≥ 20 D, else F', () => {
    expect([95, 80, 79.9, 60, 40, 20, 19.9, 0].map(toLetter)).toEqual(['A', 'A', 'B', 'B', 'C', 'D', 'F', 'F']);
  });

  it('value from earnings yield 0.04 only (70 % → B), the other value metrics excluded with why', () => {
    const value = graded({ earnings_yield: 0.04, fcf_yield: null }, 'value');
    expect(value).toMatchObject({ letter: 'B', percentile: 70 });
    expect(value.excluded.map((e) => e.key)).toEqual(['fcf_yield', 'ebitda_to_ev', 'book_to_price']);
  });

  it('health: debt/equity 0.5 is lower-is-better: (1 + 0.5)/5 = 30 % flipped to 70 %; current ratio 1 ties 3 → 1.5/5 = 30 %; mean 50 % → C', () => {
    const health = graded({ debt_to_equity: 0.5, current_ratio: 1 }, 'health');
    expect(health.metrics.map((m) => [m.key, m.percentile])).toEqual([
      ['current_ratio', 30],
      ['debt_to_equity', 70],
    ]);
    expect(health).toMatchObject({ letter: 'C', percentile: 50 });
  });

  it('a metric fewer than 5 sector peers report (revenue CAGR: 4) is excluded; a category with nothing left is missing_input', () => {
    expect(category({ revenue_cagr_3y: 0.25 }, 'growth')).toMatchObject({ ok: false, error: { code: 'missing_input', input: 'growth' } });
  });

  it('no sector: missing_input; a sector absent from the table: not_applicable', () => {
    expect(gradeCompany(table, null, {})).toMatchObject({ ok: false, error: { code: 'missing_input', input: 'sector' } });
    expect(gradeCompany(table, 'Utilities', {})).toMatchObject({ ok: false, error: { code: 'not_applicable', input: 'sector' } });
  });
});
