import { describe, expect, it } from 'vitest';
import { computeCostOfDebt, findSyntheticRating } from '../dcf/wacc.ts';
import type { CompanyFinancials, FinancialPeriod } from '../financials.ts';
import { adjustBlume, BETA_FLOOR, calibrateBeta, measureBeta, releverBeta, unleverBeta } from './beta.ts';
import { normaliseFcfBase } from './normalised-base.ts';
import { computeAffo, computeJustifiedPb } from './value-company.ts';

const period = (fiscalYear: number, values: Record<string, number>): FinancialPeriod => ({
  end: `${fiscalYear}-12-31`,
  fiscalYear,
  values,
  filed: Object.fromEntries(Object.keys(values).map((k) => [k, `${fiscalYear + 1}-02-15`])),
});
const company = (annual: FinancialPeriod[]): CompanyFinancials => ({ symbol: 'TEST', annual, quarterly: [] });

describe('beta: own, bottom-up, blended, floored', () => {
  it('a stock moving exactly 1.5× the market each week has a regression beta of 1.5; Blume gives 0.67 × 1.5 + 0.33 = 1.335', () => {
    const dates: string[] = [];
    const market: number[] = [];
    const stock: number[] = [];
    let m = 100;
    let s = 100;
    // 110 weeks of Fridays from 2024-01-05, the market alternating +2 % / −1 %.
    for (let w = 0; w < 110; w++) {
      dates.push(new Date(Date.UTC(2024, 0, 5 + 7 * w)).toISOString().slice(0, 10));
      const r = w === 0 ? 0 : w % 2 ? 0.02 : -0.01;
      m *= 1 + r;
      s *= 1 + 1.5 * r;
      market.push(m);
      stock.push(s);
    }
    const b = measureBeta({ dates, close: stock }, { dates, close: market }, dates.at(-1)!, 'daily')!;
    expect(b.basis).toBe('weekly_2y');
    expect(b.observations).toBe(104);
    expect(b.raw).toBeCloseTo(1.5, 12);
    expect(b.adjusted).toBeCloseTo(adjustBlume(1.5), 12);
    expect(b.adjusted).toBeCloseTo(1.335, 12);
  });

  it('bottom-up: peers unlevered 0.8, 1.0, 1.2, 0.9, 1.1 → median 1.0; relevered at D/E 0.5, tax 21 %: 1.0 × (1 + 0.79 × 0.5) = 1.395; blended with an own 1.2: (1.2 + 1.395) / 2 = 1.2975', () => {
    expect(unleverBeta(1.395, 0.5, 0.21)).toBeCloseTo(1, 12);
    expect(releverBeta(1, 0.5, 0.21)).toBeCloseTo(1.395, 12);
    const own = { raw: (1.2 - 0.33) / 0.67, adjusted: 1.2, basis: 'weekly_2y' as const, observations: 104, from: '2024-07-05', to: '2026-07-02' };
    const c = calibrateBeta(own, [0.8, 1.0, 1.2, 0.9, 1.1], { debtToEquity: 0.5, taxRate: 0.21, financial: false });
    expect(c.bottomUp).toMatchObject({ sectorUnlevered: 1, peers: 5 });
    expect(c.bottomUp!.beta).toBeCloseTo(1.395, 12);
    expect(c.beta).toBeCloseTo(1.2975, 12);
    expect(c.floored).toBe(false);
  });

  it(`a utility's own 0.1 and peers at 0.3 unlevered, no debt: (0.1 + 0.3) / 2 = 0.2, raised to the floor of ${BETA_FLOOR}`, () => {
    const own = { raw: 0, adjusted: 0.1, basis: 'weekly_2y' as const, observations: 104, from: 'a', to: 'b' };
    const c = calibrateBeta(own, [0.3, 0.3, 0.3, 0.3, 0.3], { debtToEquity: 0, taxRate: 0.21, financial: false });
    expect(c.beta).toBe(BETA_FLOOR);
    expect(c.floored).toBe(true);
    expect(c.basis).toContain('floor');
  });

  it('fewer than five peers: the own beta stands alone', () => {
    const own = { raw: 1, adjusted: 1, basis: 'monthly_5y' as const, observations: 60, from: 'a', to: 'b' };
    expect(calibrateBeta(own, [2, 2, 2, 2], { debtToEquity: 0, taxRate: 0.21, financial: false }).beta).toBe(1);
  });
});

describe('cost of debt bounded by a synthetic rating', () => {
  it('coverage 900 / 100 = 9 → AAA (spread 0.59 %); measured 100 / 1,000 = 10 % is capped at 4.58 % + 0.59 % = 5.17 %', () => {
    expect(findSyntheticRating(9)).toMatchObject({ rating: 'AAA', spread: 0.0059 });
    const c = computeCostOfDebt({ interestExpenseUsd: 100, totalDebtUsd: 1000, priorTotalDebtUsd: null, operatingIncomeUsd: 900 }, 0.0458);
    expect(c.basis).toBe('capped_at_synthetic_rating');
    expect(c.measured).toBeCloseTo(0.1, 12);
    expect(c.rate).toBeCloseTo(0.0517, 12);
  });
  it('coverage 200 / 100 = 2 → BB (2.40 %); measured 6 % sits inside [4.58 %, 6.98 %] and is used as measured', () => {
    const c = computeCostOfDebt({ interestExpenseUsd: 100, totalDebtUsd: 1000, priorTotalDebtUsd: 2333.333333333333, operatingIncomeUsd: 200 }, 0.0458);
    // average debt (1,000 + 2,333.33) / 2 = 1,666.67; 100 / 1,666.67 = 6 %.
    expect(c.rating).toMatchObject({ rating: 'BB', spread: 0.024, interestCoverage: 2 });
    expect(c.basis).toBe('interest_over_average_debt');
    expect(c.rate).toBeCloseTo(0.06, 12);
  });
  it('no interest reported: the synthetic rating of no coverage figure (AAA) over the risk-free rate', () => {
    const c = computeCostOfDebt({ interestExpenseUsd: null, totalDebtUsd: 1000, priorTotalDebtUsd: null, operatingIncomeUsd: 500 }, 0.0458);
    expect(c).toMatchObject({ basis: 'synthetic_rating', measured: null });
    expect(c.rate).toBeCloseTo(0.0517, 12);
  });
  it('operating loss: coverage −50 / 100 = −0.5 → D (16 %)', () => {
    expect(findSyntheticRating(-0.5)).toMatchObject({ rating: 'D', spread: 0.16 });
  });
});

describe('normalised base', () => {
  it("mid-capex-cycle: capex 300 on D&A 100 (3×), revenue +10 %: NOPAT 200 × (1 − 20 %) = 160, reinvestment 1,100 × 8 % ÷ 2.2 = 40, base 120 (the year's FCF was −50)", () => {
    const f = company([
      period(2023, { revenue: 1000, operating_income: 180, free_cash_flow: 60, capital_expenditure: 150, depreciation_amortization: 90 }),
      period(2024, {
        revenue: 1100,
        operating_income: 200,
        free_cash_flow: -50,
        capital_expenditure: 300,
        depreciation_amortization: 100,
        total_equity: 450,
        total_debt: 100,
        cash: 50,
      }),
    ]);
    // invested capital = 450 + 100 − 50 = 500; sales-to-capital = 1,100 / 500 = 2.2.
    const b = normaliseFcfBase(f, { growth: 0.08, taxRate: 0.2 })!;
    expect(b.method).toBe('nopat_minus_reinvestment');
    expect(b.capexToDepreciation).toBe(3);
    expect(b.salesToCapital).toBeCloseTo(2.2, 12);
    expect(b.nopatUsd).toBeCloseTo(160, 9);
    expect(b.reinvestmentUsd).toBeCloseTo(40, 9);
    expect(b.baseUsd).toBeCloseTo(120, 9);
    expect(b.latestFcfUsd).toBe(-50);
  });
  it('steady company: FCF 80, 120, 40 on revenue 1,000, 1,000, 1,000 → margin 240 / 3,000 = 8 %, base 8 % × 1,000 = 80, not the latest 40', () => {
    const f = company([
      period(2022, { revenue: 1000, free_cash_flow: 80, capital_expenditure: 50, depreciation_amortization: 50 }),
      period(2023, { revenue: 1000, free_cash_flow: 120, capital_expenditure: 50, depreciation_amortization: 50 }),
      period(2024, { revenue: 1000, free_cash_flow: 40, capital_expenditure: 50, depreciation_amortization: 50 }),
    ]);
    const b = normaliseFcfBase(f, { growth: 0.03, taxRate: 0.21 })!;
    expect(b.method).toBe('average_fcf_margin');
    expect(b.averageMargin).toBeCloseTo(0.08, 12);
    expect(b.baseUsd).toBeCloseTo(80, 9);
    expect(b.years).toEqual([2022, 2023, 2024]);
  });
});

describe('equity models', () => {
  it('a bank by justified P/B: ROE 12 %, cost of equity 9.5 %, g 2.5 % → (0.12 − 0.025) ÷ (0.095 − 0.025) = 1.357×; on $40 of book = $54.29', () => {
    const v = computeJustifiedPb({ bookValuePerShare: 40, roe: 0.12, costOfEquity: 0.095, growth: 0.025 });
    expect(v / 40).toBeCloseTo(0.095 / 0.07, 12);
    expect(v).toBeCloseTo(54.2857142857, 9);
  });
  it('a REIT on AFFO: net income 300 + depreciation 500 = FFO 800; recurring capex 15 % × 500 = 75 (capex 900 reported); AFFO 725', () => {
    const a = computeAffo(period(2024, { net_income: 300, depreciation_amortization: 500, capital_expenditure: 900, operating_cash_flow: 820 }))!;
    expect(a).toEqual({ ffoUsd: 800, maintenanceCapexUsd: 75, affoUsd: 725, basis: 'net_income_plus_depreciation' });
  });
  it('a REIT reporting capex below the recurring share takes its capex: 15 % × 500 = 75 > 40, so 40; AFFO 760', () => {
    expect(computeAffo(period(2024, { net_income: 300, depreciation_amortization: 500, capital_expenditure: 40 }))!.affoUsd).toBe(760);
  });
});
