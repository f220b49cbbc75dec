import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { FinancialPeriod } from '../financials.ts';
import { computeDividendSafety } from './dividend-safety.ts';
import { makeCompany, makePeriod } from './fixtures/acme-tools.ts';
import { computePiotroski } from './piotroski.ts';
import { computeRatios } from './ratios.ts';
import { buildSectorTable, gradeCompany, type Letter, toLetter, computePercentile } from './sector-grades.ts';

const LINES = [
  'revenue',
  'cost_of_revenue',
  'sga',
  'operating_income',
  'net_income',
  'eps_diluted',
  'shares_diluted',
  'dividends_per_share',
  'dividends_paid',
  'cash',
  'receivables',
  'current_assets',
  'ppe_net',
  'total_assets',
  'current_liabilities',
  'long_term_debt',
  'total_debt',
  'total_equity',
  'operating_cash_flow',
  'capital_expenditure',
  'depreciation_amortization',
];
/** A figure that may be missing, zero, negative or any size: what a bad filing could hand the engines. */
const figure = fc.oneof(fc.constant(null), fc.constant(0), fc.double({ min: -1e12, max: 1e12, noNaN: true }), fc.integer({ min: 1, max: 5000 }));
const finite = fc.double({ min: -1e6, max: 1e6, noNaN: true });
const yearValues = fc.record(Object.fromEntries(LINES.map((k) => [k, figure])) as Record<string, typeof figure>);
const years = fc
  .array(yearValues, { minLength: 2, maxLength: 12 })
  .map((ys) => makeCompany(ys.map((values, i): FinancialPeriod => makePeriod(`${2014 + i}-12-31`, 2014 + i, values))));

describe('score invariants over arbitrary statements', () => {
  it('every ratio is a finite number or a typed error, never NaN or Infinity', () => {
    fc.assert(
      fc.property(years, finite, finite, (f, price, cap) => {
        const set = computeRatios(f, { priceUsd: Math.abs(price) + 0.01, marketCapUsd: Math.abs(cap) + 1 });
        if (!set.ok) return;
        for (const r of Object.values(set.value.ratios)) {
          if (r.ok) expect(Number.isFinite(r.value)).toBe(true);
          else expect(r.error.message.length).toBeGreaterThan(0);
        }
      }),
      { numRuns: 300 },
    );
  });

  it('Piotroski F is an integer in 0..9 equal to the number of tests passed, never more than were evaluated', () => {
    fc.assert(
      fc.property(years, (f) => {
        const r = computePiotroski(f);
        expect(r.ok).toBe(true);
        if (!r.ok) return;
        const { score, evaluated, tests } = r.value;
        expect(tests).toHaveLength(9);
        expect(Number.isInteger(score) && score >= 0 && score <= 9).toBe(true);
        expect(score).toBe(tests.filter((t) => t.passed === true).length);
        expect(score).toBeLessThanOrEqual(evaluated);
        for (const t of tests) {
          if (t.passed === null) expect(t.missing.length).toBeGreaterThan(0);
          for (const v of [t.current, t.prior]) if (v !== null) expect(Number.isFinite(v)).toBe(true);
        }
      }),
      { numRuns: 500 },
    );
  });

  it('dividend safety is within [0, 100] whenever it is given', () => {
    fc.assert(
      fc.property(years, (f) => {
        const r = computeDividendSafety(f);
        if (r.ok) {
          expect(r.value.score).toBeGreaterThanOrEqual(0);
          expect(r.value.score).toBeLessThanOrEqual(100);
        } else expect(['missing_input', 'not_applicable', 'invalid_value']).toContain(r.error.code);
      }),
      { numRuns: 500 },
    );
  });
});

const rank: Record<Letter, number> = { F: 0, D: 1, C: 2, B: 3, A: 4 };

describe('grade invariants', () => {
  it('letters are monotone in the percentile', () => {
    fc.assert(
      fc.property(fc.double({ min: 0, max: 100, noNaN: true }), fc.double({ min: 0, max: 100, noNaN: true }), (a, b) => {
        const [lo, hi] = a <= b ? [a, b] : [b, a];
        expect(rank[toLetter(lo)]).toBeLessThanOrEqual(rank[toLetter(hi)]);
      }),
    );
  });

  it('a better metric never gets a lower percentile or letter (higher-is-better and lower-is-better alike)', () => {
    fc.assert(
      fc.property(fc.array(finite, { minLength: 5, maxLength: 60 }), finite, finite, (values, a, b) => {
        const table = buildSectorTable(values.map((v) => ({ sector: 'S', metrics: { roe: v, debt_to_equity: v } })));
        const [lo, hi] = a <= b ? [a, b] : [b, a];
        const dist = table.sectors.S!.distributions.roe!;
        expect(computePercentile(dist, lo)).toBeLessThanOrEqual(computePercentile(dist, hi));
        const grade = (roe: number, de: number) => {
          const g = gradeCompany(table, 'S', { roe, debt_to_equity: de });
          if (!g.ok || !g.value.grades.profitability.ok || !g.value.grades.health.ok) throw new Error('ungraded');
          return [g.value.grades.profitability.value, g.value.grades.health.value] as const;
        };
        const [profLo, healthHi] = grade(lo, hi);
        const [profHi, healthLo] = grade(hi, lo);
        expect(profLo.percentile).toBeLessThanOrEqual(profHi.percentile);
        expect(rank[profLo.letter]).toBeLessThanOrEqual(rank[profHi.letter]);
        // Debt/equity: the lower value is the better one.
        expect(healthHi.percentile).toBeLessThanOrEqual(healthLo.percentile);
        expect(rank[healthHi.letter]).toBeLessThanOrEqual(rank[healthLo.letter]);
      }),
    );
  });
});
