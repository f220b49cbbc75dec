import { describe, expect, it } from 'vitest';
import { computeCostOfDebt, computeEffectiveTaxRate, computeWacc, type WaccInputs } from './wacc.ts';

const capm = { riskFreeRate: 0.04, equityRiskPremium: 0.05, beta: 1.2 };
// Price 20 × 100 diluted shares = market cap 2,000; debt 500 at year end, 700 a year earlier;
// interest 30; tax 25 on pre-tax income 100.
const inputs: WaccInputs = {
  priceUsd: 20,
  sharesDiluted: 100,
  totalDebtUsd: 500,
  priorTotalDebtUsd: 700,
  interestExpenseUsd: 30,
  incomeTaxUsd: 25,
  incomeBeforeTaxUsd: 100,
};

describe('WACC from CAPM, cost of debt and effective tax', () => {
  it('cost of equity 4 % + 1.2 × 5 % = 10 %; cost of debt 30 / ((500 + 700) / 2) = 5 %; tax 25 / 100 = 25 %', () => {
    const r = computeWacc(inputs, capm);
    if (!r.ok) throw new Error(r.error.message);
    expect(r.value.costOfEquity).toBeCloseTo(0.1, 14);
    expect(r.value.costOfDebt).toEqual({ rate: 0.05, basis: 'interest_over_average_debt', measured: 0.05 });
    expect(r.value.tax).toEqual({ rate: 0.25, basis: 'effective', measured: 0.25 });
    // After tax: 5 % × (1 − 0.25) = 3.75 %.
    expect(r.value.costOfDebtAfterTax).toBeCloseTo(0.0375, 14);
  });

  it('weights 2,000 / 2,500 = 0.8 and 0.2; WACC = 0.8 × 10 % + 0.2 × 3.75 % = 8.75 %', () => {
    const r = computeWacc(inputs, capm);
    expect(r.ok && r.value.marketCapUsd).toBe(2000);
    expect(r.ok && r.value.equityWeight).toBeCloseTo(0.8, 14);
    expect(r.ok && r.value.debtWeight).toBeCloseTo(0.2, 14);
    expect(r.ok && r.value.wacc).toBeCloseTo(0.0875, 14);
  });

  it('no debt: WACC is the cost of equity, 10 %', () => {
    const r = computeWacc({ ...inputs, totalDebtUsd: 0, priorTotalDebtUsd: 0 }, capm);
    expect(r.ok && r.value.wacc).toBeCloseTo(0.1, 14);
    expect(r.ok && r.value.costOfDebt.basis).toBe('fallback_spread');
  });

  it('cost of debt: closing debt alone without a prior year, 30 / 500 = 6 %', () => {
    expect(computeCostOfDebt({ interestExpenseUsd: 30, totalDebtUsd: 500, priorTotalDebtUsd: null }, 0.04)).toEqual({
      rate: 0.06,
      basis: 'interest_over_debt',
      measured: 0.06,
    });
  });

  it('cost of debt: 10 / 500 = 2 % is below the 4 % risk-free rate, so floored at 4 %', () => {
    expect(computeCostOfDebt({ interestExpenseUsd: 10, totalDebtUsd: 500, priorTotalDebtUsd: null }, 0.04)).toEqual({
      rate: 0.04,
      basis: 'floored_at_risk_free',
      measured: 0.02,
    });
  });

  it('cost of debt: interest not reported (or 0) → 4 % + 1.5 points = 5.5 %', () => {
    for (const interestExpenseUsd of [null, 0]) {
      const c = computeCostOfDebt({ interestExpenseUsd, totalDebtUsd: 500, priorTotalDebtUsd: 700 }, 0.04);
      expect(c.basis).toBe('fallback_spread');
      expect(c.rate).toBeCloseTo(0.055, 14);
      expect(c.measured).toBeNull();
    }
  });

  it('tax: a pre-tax loss, a missing figure or a rate above 50 % (60 / 100) falls back to the statutory 21 %', () => {
    expect(computeEffectiveTaxRate({ incomeTaxUsd: 5, incomeBeforeTaxUsd: -100 })).toEqual({ rate: 0.21, basis: 'statutory', measured: null });
    expect(computeEffectiveTaxRate({ incomeTaxUsd: null, incomeBeforeTaxUsd: 100 })).toEqual({ rate: 0.21, basis: 'statutory', measured: null });
    expect(computeEffectiveTaxRate({ incomeTaxUsd: 60, incomeBeforeTaxUsd: 100 })).toEqual({ rate: 0.21, basis: 'statutory', measured: 0.6 });
    expect(computeEffectiveTaxRate({ incomeTaxUsd: -10, incomeBeforeTaxUsd: 100 })).toEqual({ rate: 0.21, basis: 'statutory', measured: -0.1 });
  });

  it('bad input is a typed error naming it: no price, zero shares, NaN beta, negative debt', () => {
    expect(computeWacc({ ...inputs, priceUsd: null }, capm)).toMatchObject({ ok: false, error: { code: 'missing_input', input: 'price' } });
    expect(computeWacc({ ...inputs, sharesDiluted: 0 }, capm)).toMatchObject({ ok: false, error: { code: 'invalid_value', input: 'shares_diluted' } });
    expect(computeWacc(inputs, { ...capm, beta: Number.NaN })).toMatchObject({ ok: false, error: { code: 'invalid_value', input: 'beta' } });
    expect(computeWacc({ ...inputs, totalDebtUsd: -1 }, capm)).toMatchObject({ ok: false, error: { code: 'invalid_value', input: 'total_debt' } });
  });
});
