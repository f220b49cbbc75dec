import { describe, expect, it } from 'vitest';
import { buildDcfGrid, buildRateAxis } from './grid.ts';
import { computeDcf, type DcfCompanyInputs } from './two-stage.ts';

const company: DcfCompanyInputs = { baseFcfUsd: 100, sharesDiluted: 10, totalDebtUsd: 0, cashUsd: 0, nciUsd: 0, priceUsd: 50 };
const base = { explicitGrowth: 0.05, explicitYears: 5, fadeYears: 0 };

describe('Gordon guard: discount rate − terminal growth ≥ 1.5 percentage points', () => {
  it('exactly 1.5 points passes, also where floating point falls short: 3.6 % − 2.1 % = 0.014999999999999996', () => {
    expect(0.036 - 0.021).toBeLessThan(0.015);
    expect(computeDcf(company, { ...base, discountRate: 0.036, terminalGrowth: 0.021 }).ok).toBe(true);
    const r = computeDcf(company, { ...base, discountRate: 0.04, terminalGrowth: 0.025 });
    expect(r.ok).toBe(true);
    // TV multiple = 1.025 / 0.015 = 68.33 × the last FCF: finite, large.
    expect(r.ok && r.value.terminal.valueUsd / r.value.years.at(-1)!.fcfUsd).toBeCloseTo(1.025 / 0.015, 9);
  });

  it('1.4 points fails with invalid_parameter on terminal_growth, naming both rates', () => {
    const r = computeDcf(company, { ...base, discountRate: 0.04, terminalGrowth: 0.026 });
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.error.code).toBe('invalid_parameter');
    expect(r.error.input).toBe('terminal_growth');
    expect(r.error.message).toContain('4.00 %');
    expect(r.error.message).toContain('2.60 %');
  });

  it('r = g and r < g fail the same way (never an infinite or negative terminal value)', () => {
    for (const [discountRate, terminalGrowth] of [
      [0.03, 0.03],
      [0.02, 0.03],
    ] as const) {
      const r = computeDcf(company, { ...base, discountRate, terminalGrowth });
      expect(r.ok ? null : r.error).toMatchObject({ code: 'invalid_parameter', input: 'terminal_growth' });
    }
  });

  it('in the grid those cells are null with the reason; all others have a value', () => {
    // Rates 4 %, 4.5 % … 8.5 %; growths 0 %, 0.5 % … 4.5 %. r_i − g_j = 0.5 × (8 + i − j) points is
    // below 1.5 when j ≥ i + 6: 4 + 3 + 2 + 1 = 10 null cells.
    const discountRates = buildRateAxis(0.06, 0.005, 10);
    const terminalGrowths = buildRateAxis(0.02, 0.005, 10);
    expect(discountRates).toEqual([0.04, 0.045, 0.05, 0.055, 0.06, 0.065, 0.07, 0.075, 0.08, 0.085]);
    expect(terminalGrowths).toEqual([0, 0.005, 0.01, 0.015, 0.02, 0.025, 0.03, 0.035, 0.04, 0.045]);
    const g = buildDcfGrid(company, base, { discountRates, terminalGrowths });
    if (!g.ok) throw new Error(g.error.message);
    const cells = g.value.rows.flat();
    const nulls = cells.filter((c) => c.perShareUsd === null);
    expect(nulls).toHaveLength(10);
    for (const c of nulls) {
      expect(c.discountRate - c.terminalGrowth).toBeLessThan(0.015 - 1e-12);
      expect(c.reason).toContain('at least 1.5 percentage points');
    }
    expect(cells.filter((c) => c.perShareUsd !== null).every((c) => Number.isFinite(c.perShareUsd) && c.reason === null)).toBe(true);
  });
});
