import { describe, expect, it } from 'vitest';
import { computeDcf, type DcfCompanyInputs } from './two-stage.ts';

// Base FCF 100, 3 explicit years at 10 %, no fade, terminal growth 2 %, discount rate 10 %.
// Debt 300, cash 100, NCI 25, 10 diluted shares, price 100.
const company: DcfCompanyInputs = { baseFcfUsd: 100, sharesDiluted: 10, totalDebtUsd: 300, cashUsd: 100, nciUsd: 25, priceUsd: 100 };
const parameters = { discountRate: 0.1, explicitGrowth: 0.1, terminalGrowth: 0.02, explicitYears: 3, fadeYears: 0 };

describe('two-stage DCF, 3 explicit years then Gordon terminal value', () => {
  const r = computeDcf(company, parameters);
  if (!r.ok) throw new Error(r.error.message);
  const v = r.value;

  it('projects FCF 100 × 1.1 = 110, × 1.1 = 121, × 1.1 = 133.1', () => {
    expect(v.years.map((y) => y.fcfUsd)).toEqual([expect.closeTo(110, 10), expect.closeTo(121, 10), expect.closeTo(133.1, 10)]);
    expect(v.years.map((y) => y.stage)).toEqual(['explicit', 'explicit', 'explicit']);
    expect(v.years.map((y) => y.growth)).toEqual([0.1, 0.1, 0.1]);
  });

  it('discounts at year end: factors 1/1.1, 1/1.21, 1/1.331, so each PV is 110/1.1 = 121/1.21 = 133.1/1.331 = 100', () => {
    expect(v.years[0]!.discountFactor).toBeCloseTo(1 / 1.1, 12);
    expect(v.years[1]!.discountFactor).toBeCloseTo(1 / 1.21, 12);
    expect(v.years[2]!.discountFactor).toBeCloseTo(1 / 1.331, 12);
    for (const y of v.years) expect(y.presentValueUsd).toBeCloseTo(100, 9);
    expect(v.presentValueOfYearsUsd).toBeCloseTo(300, 9);
  });

  it('terminal value: 133.1 × 1.02 = 135.762, / (0.10 − 0.02) = 1,697.025, / 1.331 = 1,275', () => {
    expect(v.terminal.nextFcfUsd).toBeCloseTo(135.762, 9);
    expect(v.terminal.valueUsd).toBeCloseTo(1697.025, 9);
    expect(v.terminal.presentValueUsd).toBeCloseTo(1275, 9);
  });

  it('EV = 300 + 1,275 = 1,575; net debt 300 − 100 = 200; equity 1,575 − 200 − 25 = 1,350; per share 135; upside 135/100 − 1 = 35 %', () => {
    expect(v.enterpriseValueUsd).toBeCloseTo(1575, 9);
    expect(v.bridge).toEqual({ totalDebtUsd: 300, cashUsd: 100, netDebtUsd: 200, nciUsd: 25 });
    expect(v.equityValueUsd).toBeCloseTo(1350, 9);
    expect(v.perShareUsd).toBeCloseTo(135, 9);
    expect(v.upside).toBeCloseTo(0.35, 12);
  });

  it('warns: the terminal value is 1,275 / 1,575 = 80.95 % of EV, above 75 %', () => {
    expect(v.terminal.shareOfEnterpriseValue).toBeCloseTo(1275 / 1575, 12);
    expect(v.warnings.map((w) => w.code)).toEqual(['terminal_value_dominates']);
    expect(v.warnings[0]!.message).toContain('80.95 %');
  });

  it('does not warn when the explicit years carry more: 20 years at 10 % with r = 12 %', () => {
    // With q = 1.1/1.12: PV of year t = 100 q^t, Σ over 20 years = 100 q (1 − q^20) / (1 − q) ≈ 1,664.2;
    // PV(TV) = 100 q^20 × 1.02 / 0.10 ≈ 711.4; share ≈ 711.4 / 2,375.6 ≈ 29.95 %.
    const long = computeDcf(company, { ...parameters, explicitYears: 20, discountRate: 0.12 });
    expect(long.ok && long.value.warnings).toEqual([]);
    const q = 1.1 / 1.12;
    const sumPv = (100 * q * (1 - q ** 20)) / (1 - q);
    const pvTv = 100 * q ** 20 * 10.2;
    expect(long.ok && long.value.terminal.shareOfEnterpriseValue).toBeCloseTo(pvTv / (sumPv + pvTv), 12);
    expect(pvTv / (sumPv + pvTv)).toBeCloseTo(0.2995, 4);
  });

  it('without a price there is no upside, and equity below zero is flagged', () => {
    const noPrice = computeDcf({ ...company, priceUsd: null, totalDebtUsd: 2000 }, parameters);
    expect(noPrice.ok && noPrice.value.upside).toBeNull();
    // Equity = 1,575 − (2,000 − 100) − 25 = −350 → −35 per share.
    expect(noPrice.ok && noPrice.value.perShareUsd).toBeCloseTo(-35, 9);
    expect(noPrice.ok && noPrice.value.warnings.map((w) => w.code)).toContain('negative_equity');
  });
});
