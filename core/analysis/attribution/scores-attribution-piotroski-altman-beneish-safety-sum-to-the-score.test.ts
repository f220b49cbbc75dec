import { describe, expect, it } from 'vitest';
import type { AltmanScore } from '../fundamentals/altman.ts';
import type { BeneishScore } from '../fundamentals/beneish.ts';
import type { DividendSafety } from '../fundamentals/dividend-safety.ts';
import type { PiotroskiScore, PiotroskiTest } from '../fundamentals/piotroski.ts';
import { sumsExactly } from './attribution-types.ts';
import { attributeAltman, attributeBeneish, attributeDividendSafety, attributePiotroski } from './score-attribution.ts';

describe('Piotroski F: one point per test passed', () => {
  const test = (id: PiotroskiTest['id'], passed: boolean | null, current: number | null, prior: number | null, missing: string[] = []): PiotroskiTest => ({
    id,
    label: id,
    passed,
    current,
    prior,
    missing,
  });
  const p: PiotroskiScore = {
    score: 2,
    evaluated: 3,
    fiscalYear: 2025,
    tests: [
      test('roa_positive', true, 0.12, 0),
      test('roa_improved', false, 0.12, 0.15),
      test('cfo_positive', true, 0.2, 0),
      test('gross_margin_rose', null, null, null, ['revenue FY t']),
    ],
  };
  const a = attributePiotroski(p);
  it('0 + 1 + 0 + 1 + 0 (not run) = 2', () => {
    expect(a.contributions.map((c) => c.contribution)).toEqual([1, 0, 1, 0]);
    expect(a.score).toBe(2);
    expect(sumsExactly(a)).toBe(true);
  });
  it('says what a test compared and what a test that could not run lacked', () => {
    expect(a.contributions[1]!.explanation).toBe('0.120 against 0.150: failed (0)');
    expect(a.contributions[3]!.explanation).toBe('not run: missing revenue FY t (0)');
  });
});

describe('Altman Z: each ratio times its weight', () => {
  // 1.2 × 0.1 + 1.4 × 0.2 + 3.3 × 0.15 + 0.6 × 2 + 1.0 × 0.8 = 0.12 + 0.28 + 0.495 + 1.2 + 0.8 = 2.895
  const weights = [1.2, 1.4, 3.3, 0.6, 1.0];
  const values = [0.1, 0.2, 0.15, 2, 0.8];
  const z: AltmanScore = {
    model: 'z',
    score: 2.895,
    zone: 'grey',
    fiscalYear: 2025,
    variables: values.map((value, i) => ({ id: `x${i + 1}` as 'x1', label: `X${i + 1}`, value, weight: weights[i]! })),
  };
  const a = attributeAltman(z);
  it('0.12 + 0.28 + 0.50 + 1.20 + 0.80 = 2.90: the half-cent of 0.495 rounds up, and so does the score 2.895', () => {
    expect(a.contributions.map((c) => c.contribution)).toEqual([0.12, 0.28, 0.5, 1.2, 0.8]);
    expect(a.score).toBe(2.9);
    expect(a.verdict).toBe('Grey');
    expect(sumsExactly(a)).toBe(true);
  });
});

describe('Beneish M: the intercept −4.84 plus each index times its coefficient', () => {
  // −4.84 + 0.92 × 1.1 + 4.679 × 0.05 − 0.327 × 1.2 = −4.84 + 1.012 + 0.23395 − 0.3924 = −3.98645
  const b: BeneishScore = {
    m: -4.84 + 0.92 * 1.1 + 4.679 * 0.05 - 0.327 * 1.2,
    likelyManipulator: false,
    fiscalYear: 2025,
    variables: [
      { id: 'dsri', label: 'DSRI', value: 1.1, coefficient: 0.92 },
      { id: 'tata', label: 'TATA', value: 0.05, coefficient: 4.679 },
      { id: 'lvgi', label: 'LVGI', value: 1.2, coefficient: -0.327 },
    ],
  };
  const a = attributeBeneish(b);
  it('−4.84 + 1.01 + 0.23 − 0.39 = −3.99', () => {
    expect(a.base).toBe(-4.84);
    expect(a.contributions.map((c) => c.contribution)).toEqual([1.01, 0.23, -0.39]);
    expect(a.score).toBe(-3.99);
    expect(sumsExactly(a)).toBe(true);
  });
});

describe('Dividend safety: weight × points re-scaled over the weights measured', () => {
  // payout 30 × 1 + fcf cover 25 × 0.5 + leverage 15 × 0 + streak 15 × 0.3; stability not measured.
  // Measured weights 30 + 25 + 15 + 15 = 85; score 100 × (30 + 12.5 + 0 + 4.5) / 85 = 4700 / 85 = 55.294…
  const s: DividendSafety = {
    score: 4700 / 85,
    fiscalYear: 2025,
    components: [
      { id: 'payout', weight: 30, value: 0.35, points: 1, note: null },
      { id: 'fcf_cover', weight: 25, value: 1.5, points: 0.5, note: null },
      { id: 'leverage', weight: 15, value: 4.5, points: 0, note: null },
      { id: 'streak', weight: 15, value: 3, points: 0.3, note: null },
      { id: 'earnings_stability', weight: 15, value: null, points: null, note: 'fewer than 4 consecutive years of net income' },
    ],
  };
  const a = attributeDividendSafety(s);
  it('3000/85 + 1250/85 + 0 + 450/85 + 0 = 35.29 + 14.71 + 0 + 5.29 + 0 = 55.29', () => {
    expect(a.contributions.map((c) => c.contribution)).toEqual([35.29, 14.71, 0, 5.29, 0]);
    expect(a.score).toBe(55.29);
    expect(a.verdict).toBe('Borderline');
    expect(sumsExactly(a)).toBe(true);
  });
  it('shows the re-scaling in each explanation', () => {
    expect(a.contributions[1]!.explanation).toBe('1.50× earns 50 % of its 25 points: 100 × 25 × 0.500 / 85 = +14.71');
    expect(a.contributions[4]!.explanation).toBe('not counted: fewer than 4 consecutive years of net income');
  });
  it('a payout over a loss has no reading: its reason, then the 0 points it earns (100 × 30 × 0 / 85 = 0)', () => {
    const loss = attributeDividendSafety({
      ...s,
      components: s.components.map((c) =>
        c.id === 'payout' ? { ...c, value: null, points: 0, note: 'net income is negative: the ratio is not meaningful' } : c,
      ),
    });
    expect(loss.contributions[0]!.explanation).toBe(
      'net income is negative: the ratio is not meaningful, so it earns 0 % of its 30 points: 100 × 30 × 0.000 / 85 = 0.00',
    );
  });
});
