import { describe, expect, it } from 'vitest';
import { buildSectorTable, gradeCompany } from '../fundamentals/sector-grades.ts';
import { sumsExactly } from './attribution-types.ts';
import { attributeGrade } from './grade-attribution.ts';

// Five Tech peers. The graded company: current ratio 2 (higher is better), debt/equity 0.2 (lower is
// better); interest cover, net debt/EBITDA and Piotroski unknown, so they are left out of the health grade.
const table = buildSectorTable([
  { sector: 'Tech', metrics: { current_ratio: 3, debt_to_equity: 3.0 } },
  { sector: 'Tech', metrics: { current_ratio: 1, debt_to_equity: 0.2 } },
  { sector: 'Tech', metrics: { current_ratio: 1, debt_to_equity: 1.0 } },
  { sector: 'Tech', metrics: { current_ratio: 2, debt_to_equity: 1.5 } },
  { sector: 'Tech', metrics: { current_ratio: 1, debt_to_equity: 0.5 } },
]);

describe('a letter grade is the sector median plus each metric’s pull', () => {
  const graded = gradeCompany(table, 'Tech', { current_ratio: 2, debt_to_equity: 0.2 });
  if (!graded.ok) throw new Error(graded.error.message);
  const health = graded.value.grades.health;
  if (!health.ok) throw new Error(health.error.message);
  const a = attributeGrade('health', health.value, 'Tech');

  it('current ratio 2: 3 below + ½ tie of 5 → 70; debt/equity 0.2: 0 below + ½ tie → 10, flipped → 90; grade (70 + 90)/2 = 80 → A', () => {
    expect(health.value.percentile).toBeCloseTo(80, 10);
    expect(health.value.letter).toBe('A');
  });

  it('50 + (70 − 50)/2 + (90 − 50)/2 = 50 + 10 + 20 = 80, the unknown metrics adding 0', () => {
    expect(a.base).toBe(50);
    expect(a.score).toBe(80);
    expect(a.verdict).toBe('A');
    expect(a.contributions.map((c) => [c.key, c.contribution])).toEqual([
      ['current_ratio', 10],
      ['debt_to_equity', 20],
      ['net_debt_to_ebitda', 0],
      ['interest_cover', 0],
      ['piotroski_f', 0],
    ]);
    expect(sumsExactly(a)).toBe(true);
  });

  it('explains the rank in words (90.0 → the 90th percentile) with its arithmetic, and why a metric was left out', () => {
    expect(a.contributions[1]!.explanation).toBe('0.200 sits at the 90th percentile of 5 Tech companies (lower is better): (90.0 − 50) / 2 = +20.00');
    expect(a.contributions[2]!.explanation).toBe('not counted: not computable for this company');
  });

  it('three metrics at 100, 0 and 0 percentiles: 50 + 16.67 − 16.67 − 16.67 = 33.33 (the mean 33.333…)', () => {
    const t = buildSectorTable(Array.from({ length: 5 }, (_, i) => ({ sector: 'S', metrics: { return_3m: i, return_6m: i, return_12m_ex_1m: i } })));
    const g = gradeCompany(t, 'S', { return_3m: 10, return_6m: -1, return_12m_ex_1m: -1 });
    if (!g.ok || !g.value.grades.momentum.ok) throw new Error('no grade');
    const m = attributeGrade('momentum', g.value.grades.momentum.value, 'S');
    expect(m.contributions.map((c) => c.contribution)).toEqual([16.67, -16.67, -16.67]);
    expect(m.score).toBe(33.33);
    expect(sumsExactly(m)).toBe(true);
  });
});
