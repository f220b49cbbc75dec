import { describe, expect, it } from 'vitest';
import { computeStudioWacc, type DcfStudioInputs, runDcfStudio, validateDcfStudioInputs } from './studio.ts';
import { computeDcf, type DcfCompanyInputs } from './two-stage.ts';

const company: DcfCompanyInputs = { baseFcfUsd: 100, sharesDiluted: 10, totalDebtUsd: 300, cashUsd: 100, nciUsd: 25, priceUsd: 100 };
// r_e = 4 % + 1.2 × 5 % = 10 %; r_d after tax = 5 % × (1 − 20 %) = 4 %; WACC = 0.8 × 10 % + 0.2 × 4 % = 8.8 %.
const inputs: DcfStudioInputs = {
  explicit_years: 3,
  fade_years: 0,
  explicit_growth: 0.1,
  terminal_growth: 0.02,
  risk_free_rate: 0.04,
  equity_risk_premium: 0.05,
  beta: 1.2,
  cost_of_debt: 0.05,
  tax_rate: 0.2,
  debt_weight: 0.2,
};

describe('DCF studio: WACC from CAPM and the user’s debt inputs, then the same engine', () => {
  it('r_e = 4 % + 1.2 × 5 % = 10 %; r_d(1 − t) = 5 % × 0.8 = 4 %; WACC = 0.8 × 10 % + 0.2 × 4 % = 8.8 %', () => {
    const w = computeStudioWacc(inputs);
    expect(w.costOfEquity).toBeCloseTo(0.1, 12);
    expect(w.costOfDebtAfterTax).toBeCloseTo(0.04, 12);
    expect(w.equityWeight).toBeCloseTo(0.8, 12);
    expect(w.wacc).toBeCloseTo(0.088, 12);
  });

  it('values exactly as computeDcf at that WACC, and solves the reverse DCF and a 7 × 7 grid centred on it', () => {
    const r = runDcfStudio(company, inputs);
    if (!r.ok) throw new Error(r.error.message);
    const direct = computeDcf(company, {
      discountRate: computeStudioWacc(inputs).wacc,
      explicitGrowth: 0.1,
      terminalGrowth: 0.02,
      explicitYears: 3,
      fadeYears: 0,
    });
    if (!direct.ok) throw new Error(direct.error.message);
    expect(r.value.valuation.perShareUsd).toBe(direct.value.perShareUsd);
    expect(r.value.reverse?.status).toBe('solved');
    expect(r.value.grid.rows).toHaveLength(7);
    expect(r.value.grid.discountRates[3]).toBeCloseTo(0.088, 10);
    expect(r.value.grid.terminalGrowths[3]).toBeCloseTo(0.02, 10);
    expect(r.value.grid.rows[3]![3]!.perShareUsd).toBeCloseTo(direct.value.perShareUsd, 6);
  });

  it('a higher growth gives a higher value (+1 point: per share rises)', () => {
    const a = runDcfStudio(company, inputs);
    const b = runDcfStudio(company, { ...inputs, explicit_growth: 0.11 });
    if (!a.ok || !b.ok) throw new Error('expected values');
    expect(b.value.valuation.perShareUsd).toBeGreaterThan(a.value.valuation.perShareUsd);
  });
});

describe('DCF studio bad input: the field at fault and a message, never a number', () => {
  const cases: Array<[string, Partial<DcfStudioInputs>, string, RegExp]> = [
    ['100 explicit years', { explicit_years: 100 }, 'explicit_years', /Explicit years must be from 1 to 20; got 100/],
    ['2.5 explicit years', { explicit_years: 2.5 }, 'explicit_years', /whole number/],
    ['NaN growth', { explicit_growth: Number.NaN }, 'explicit_growth', /must be a number/],
    ['Infinity beta', { beta: Number.POSITIVE_INFINITY }, 'beta', /must be a number/],
    ['a tax rate of 80 %', { tax_rate: 0.8 }, 'tax_rate', /Tax rate must be from 0\.00 % to 50\.00 %; got 80\.00 %/],
    ['a debt weight of 100 %', { debt_weight: 1 }, 'debt_weight', /Debt weight/],
    ['a terminal growth of 10 %', { terminal_growth: 0.1 }, 'terminal_growth', /Terminal growth must be from/],
  ];
  it.each(cases)('%s → %s', (_name, change, field, message) => {
    const v = validateDcfStudioInputs({ ...inputs, ...change });
    expect(v.ok).toBe(false);
    if (!v.ok) {
      expect(v.error.input).toBe(field);
      expect(v.error.message).toMatch(message);
    }
    const r = runDcfStudio(company, { ...inputs, ...change });
    expect(r.ok ? null : r.error.input).toBe(field);
  });

  it('a negative WACC: r_f −2 % + β −2 × ERP 10 % = −22 % with no debt → `wacc`, "−22.00 %"', () => {
    const r = runDcfStudio(company, { ...inputs, risk_free_rate: -0.02, beta: -2, equity_risk_premium: 0.1, debt_weight: 0 });
    expect(r.ok).toBe(false);
    if (!r.ok) {
      expect(r.error.input).toBe('wacc');
      expect(r.error.message).toMatch(/-22\.00 %/);
    }
  });

  it('terminal growth within 1.5 points of the WACC: 8.8 % − 6 % = 2.8 passes, 6 % at a 7 % WACC (1 point) is refused on terminal_growth', () => {
    expect(runDcfStudio(company, { ...inputs, terminal_growth: 0.06 }).ok).toBe(true);
    // r_e = 4 % + 0.6 × 5 % = 7 %, all equity → WACC 7 %; 7 − 6 = 1 point < 1.5.
    const r = runDcfStudio(company, { ...inputs, beta: 0.6, debt_weight: 0, terminal_growth: 0.06 });
    expect(r.ok).toBe(false);
    if (!r.ok) {
      expect(r.error.input).toBe('terminal_growth');
      expect(r.error.message).toMatch(/1\.5 points below the WACC \(7\.00 %\)/);
    }
  });
});
