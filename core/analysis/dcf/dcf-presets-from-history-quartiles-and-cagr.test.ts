import { describe, expect, it } from 'vitest';
import type { CompanyFinancials, FinancialPeriod } from '../financials.ts';
import { computeQuantile, deriveDcfPresets, measureGrowthHistory } from './presets.ts';
import type { DcfStudioInputs } from './studio.ts';

const period = (fiscalYear: number, values: Record<string, number | null>): FinancialPeriod => ({
  end: `${fiscalYear}-12-31`,
  fiscalYear,
  values,
  filed: {},
});
const company = (rows: Array<[number, Record<string, number | null>]>): CompanyFinancials => ({
  symbol: 'TEST',
  annual: rows.map(([y, v]) => period(y, v)),
  quarterly: [],
});

const base: DcfStudioInputs = {
  explicit_years: 5,
  fade_years: 5,
  explicit_growth: 0,
  terminal_growth: 0.025,
  risk_free_rate: 0.0458,
  equity_risk_premium: 0.0433,
  beta: 1.1,
  cost_of_debt: 0.06,
  tax_rate: 0.2,
  debt_weight: 0.1,
};

describe('DCF presets from the company’s own growth record', () => {
  // FCF 100 → 90 → 120 → 110 → 140 → 150 over FY2020–FY2025 (reported as free_cash_flow).
  const fcf = [100, 90, 120, 110, 140, 150];
  const f = company(fcf.map((v, i) => [2020 + i, { free_cash_flow: v, revenue: 1000 }]));

  it('yearly growth 90/100 − 1 = −10 %, 120/90 − 1 = 33.33 %, 110/120 − 1 = −8.33 %, 140/110 − 1 = 27.27 %, 150/140 − 1 = 7.14 %', () => {
    const h = measureGrowthHistory(f)!;
    expect(h.line).toBe('free_cash_flow');
    expect(h.values.map((v) => v.fiscalYear)).toEqual([2020, 2021, 2022, 2023, 2024, 2025]);
    expect(h.yearlyGrowth).toEqual([-0.1, 120 / 90 - 1, 110 / 120 - 1, 140 / 110 - 1, 150 / 140 - 1].map((g) => expect.closeTo(g, 12)));
    // CAGR: (150 / 100)^(1/5) − 1 = 1.5^0.2 − 1 = 8.447 %.
    expect(h.cagr).toBeCloseTo(1.5 ** 0.2 - 1, 12);
    expect(h.cagr).toBeCloseTo(0.08447, 5);
  });

  it('quartiles of the sorted growth (−10, −8.33, 7.14, 27.27, 33.33 %): positions 4 × 0.25 = 1 and 4 × 0.75 = 3 → −8.33 % and 27.27 %', () => {
    const h = measureGrowthHistory(f)!;
    expect(computeQuantile(h.yearlyGrowth, 0.25)).toBeCloseTo(110 / 120 - 1, 12);
    expect(computeQuantile(h.yearlyGrowth, 0.75)).toBeCloseTo(140 / 110 - 1, 12);
    // Between order statistics it interpolates: [0, 10, 20, 30] at 0.5 → position 1.5 → 10 + 0.5 × 10 = 15.
    expect(computeQuantile([30, 0, 20, 10], 0.5)).toBe(15);
  });

  it('clamped to −5 %…15 %: conservative max(−8.33, −5) = −5 %, base 8.447 %, optimistic min(27.27, 15) = 15 %; terminal 2.0 / 2.5 / 3.0 %', () => {
    const p = deriveDcfPresets(measureGrowthHistory(f), base);
    expect(p.conservative.explicit_growth).toBe(-0.05);
    expect(p.base.explicit_growth).toBeCloseTo(1.5 ** 0.2 - 1, 12);
    expect(p.optimistic.explicit_growth).toBe(0.15);
    expect([p.conservative.terminal_growth, p.base.terminal_growth, p.optimistic.terminal_growth]).toEqual([
      expect.closeTo(0.02, 12),
      0.025,
      expect.closeTo(0.03, 12),
    ]);
    // Everything else is the caller's base (the company's measured WACC inputs and the default years).
    for (const preset of Object.values(p)) expect({ ...preset, explicit_growth: 0, terminal_growth: 0.025 }).toEqual(base);
  });

  it('steady growth inside the range is not clamped: FCF +4 %, +6 %, +4 %, +6 % → quartiles 4 % and 6 %, CAGR (1.04² × 1.06²)^(1/4) − 1 ≈ 4.995 %', () => {
    const values = [100, 104, 104 * 1.06, 104 * 1.06 * 1.04, 104 * 1.06 * 1.04 * 1.06];
    const p = deriveDcfPresets(measureGrowthHistory(company(values.map((v, i) => [2021 + i, { free_cash_flow: v }]))), base);
    expect(p.conservative.explicit_growth).toBeCloseTo(0.04, 12);
    expect(p.base.explicit_growth).toBeCloseTo((1.04 ** 2 * 1.06 ** 2) ** 0.25 - 1, 12);
    expect(p.optimistic.explicit_growth).toBeCloseTo(0.06, 12);
  });

  it('a negative FCF year in the window switches to revenue: 1,000 → 1,100 → 1,210 → 1,331 is 10 % a year in all three presets', () => {
    const rows: Array<[number, Record<string, number | null>]> = [
      [2022, { free_cash_flow: 50, revenue: 1000 }],
      [2023, { free_cash_flow: -20, revenue: 1100 }],
      [2024, { free_cash_flow: 70, revenue: 1210 }],
      [2025, { free_cash_flow: 80, revenue: 1331 }],
    ];
    const h = measureGrowthHistory(company(rows))!;
    expect(h.line).toBe('revenue');
    const p = deriveDcfPresets(h, base);
    for (const name of ['conservative', 'base', 'optimistic'] as const) expect(p[name].explicit_growth).toBeCloseTo(0.1, 12);
  });

  it('FCF from operating cash flow − capex when not reported: (30 − 10) → (33 − 11) → (36.3 − 12.1) → (39.93 − 13.31) grows 10 % a year', () => {
    const rows: Array<[number, Record<string, number | null>]> = [30, 33, 36.3, 39.93].map((ocf, i) => [
      2022 + i,
      { operating_cash_flow: ocf, capital_expenditure: ocf / 3 },
    ]);
    const h = measureGrowthHistory(company(rows))!;
    expect(h.line).toBe('free_cash_flow');
    expect(h.cagr).toBeCloseTo(0.1, 12);
  });

  it('fewer than 4 consecutive positive years (a gap in FY2023) gives no record: all three at 0 % growth', () => {
    const rows: Array<[number, Record<string, number | null>]> = [
      [2020, { free_cash_flow: 10, revenue: 100 }],
      [2021, { free_cash_flow: 11, revenue: 110 }],
      [2022, { free_cash_flow: 12, revenue: 120 }],
      [2024, { free_cash_flow: 13, revenue: 130 }],
      [2025, { free_cash_flow: 14, revenue: 140 }],
    ];
    expect(measureGrowthHistory(company(rows))).toBeNull();
    const p = deriveDcfPresets(null, base);
    expect([p.conservative.explicit_growth, p.base.explicit_growth, p.optimistic.explicit_growth]).toEqual([0, 0, 0]);
    expect(p.conservative.terminal_growth).toBeLessThan(p.optimistic.terminal_growth);
  });
});
