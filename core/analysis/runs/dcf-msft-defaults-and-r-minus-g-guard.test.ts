import { beforeAll, describe, expect, it } from 'vitest';
import { openBundledAnalysisData } from '../../../server/adapters/market-data/bundled/analysis-inputs.ts';
import type { AnalysisBody, AnalysisInputs } from '../analysis-types.ts';
import { findUnbackedNumbers } from '../writer/index.ts';
import { adjustBeta, type DcfSections } from './dcf.ts';
import { analysisBuilders } from './index.ts';

let msft: AnalysisInputs;
let ko: AnalysisInputs;
let body: AnalysisBody<DcfSections>;
const num = (key: string) => body.facts.find((f) => f.key === key)?.value as number;

beforeAll(async () => {
  const data = openBundledAnalysisData();
  msft = await data.load('MSFT');
  ko = await data.load('KO');
  const r = analysisBuilders.dcf(msft, null);
  if (!r.ok) throw new Error(r.error.message);
  body = r.value as AnalysisBody<DcfSections>;
});

describe('DCF of MSFT with the default assumptions', () => {
  it("grows at the median year of five years' revenue growth filed by the data day, within the 15 % cap", () => {
    // MSFT's FY2026 (ends 2026-06-30) is not filed by 2026-07-02: the record is FY2020–FY2025, five yearly changes.
    const { annual } = msft.fundamentals!;
    const revenue = annual.income.find((l) => l.key === 'revenue')!.values;
    const year = (fy: number) => revenue[annual.periods.findIndex((p) => p.fiscal_year === fy)]!.value!;
    const yearly = [2021, 2022, 2023, 2024, 2025].map((fy) => year(fy) / year(fy - 1) - 1).sort((a, b) => a - b);
    const cagr = (year(2025) / year(2020)) ** (1 / 5) - 1;
    const median = yearly[2]!;
    expect(body.sections.assumptions.growth_history).toMatchObject({ line: 'revenue', years: 5 });
    expect(body.sections.assumptions.growth_history!.cagr).toBeCloseTo(cagr, 10);
    expect(body.sections.assumptions.growth_history!.median).toBeCloseTo(median, 10);
    expect(body.sections.assumptions.explicit_growth).toBeCloseTo(Math.min(0.15, median), 10);
    expect(num('explicit_growth')).toBe(Math.round(Math.min(0.15, median) * 10000) / 100);
  });

  it("takes beta from two years of weekly returns against SPY, Blume-adjusted, averaged with the sector's bottom-up beta", () => {
    // adjusted = 0.67 × raw + 0.33: a raw 0.5 becomes 0.665.
    expect(adjustBeta(0.5)).toBeCloseTo(0.665, 12);
    const v = body.sections.valuation!;
    expect(body.sections.assumptions.beta_basis).toBe('calibrated');
    expect(v.beta.own!.basis).toBe('weekly_2y');
    expect(v.beta.own!.observations).toBe(104);
    expect(body.sections.assumptions.raw_beta).toBe(v.beta.own!.raw);
    // β = 0.5 × own adjusted + 0.5 × bottom-up, floored at 0.6.
    expect(body.sections.assumptions.beta).toBeCloseTo(Math.max(0.6, 0.5 * v.beta.own!.adjusted + 0.5 * v.beta.bottom_up!.beta), 12);
  });

  it('the fair value is the blend of the model and the sector multiples, with the weights shown; upside and the grid centre follow', () => {
    const v = body.sections.valuation!;
    const { fair_value_per_share: fair, price } = body.sections;
    const blended = v.blend.parts.reduce((acc, p) => acc + p.weight * p.perShareUsd, 0);
    expect(v.blend.parts.reduce((acc, p) => acc + p.weight, 0)).toBeCloseTo(1, 12);
    expect(fair).toBeCloseTo(blended, 9);
    expect(v.range.bear).toBeLessThanOrEqual(fair);
    expect(v.range.bull).toBeGreaterThanOrEqual(fair);
    // upside_percent = 100 × (fair / price − 1), from the unrounded figures.
    expect(num('upside_percent')).toBe(Math.round((fair / price - 1) * 10000) / 100);
    expect(num('fair_value_per_share')).toBe(Math.round(fair * 100) / 100);
    // The grid's centre is the model's own value (WACC × 2.5 % terminal growth), before blending.
    const grid = body.sections.grid!;
    const i = grid.discountRates.findIndex((r) => Math.abs(r - body.sections.wacc.wacc) < 1e-9);
    const j = grid.terminalGrowths.findIndex((g) => Math.abs(g - 0.025) < 1e-9);
    expect(grid.rows[i]![j]!.perShareUsd).toBeCloseTo(v.model_value_per_share, 6);
    expect(num('wacc')).toBe(Math.round(body.sections.wacc.wacc * 10000) / 100);
    expect(num('terminal_growth')).toBe(2.5);
  });

  it('the years table has the explicit and fade years, each discounted at the WACC', () => {
    const r = body.sections.wacc.wacc;
    expect(body.sections.years).toHaveLength(10);
    for (const y of body.sections.years) expect(y.discountFactor).toBeCloseTo(1 / (1 + r) ** y.year, 12);
  });

  it('the note passes the number check', () => {
    expect(findUnbackedNumbers(body.note, body.facts, [msft.profile.name])).toEqual([]);
    expect(body.note.headline.fact_keys).toContain('fair_value_per_share');
  });
});

describe('DCF guards', () => {
  it('a benchmark moving against the stock cannot drag the cost of equity toward the risk-free rate: the beta is floored at 0.6', () => {
    // A benchmark moving exactly against KO (close 10 000 / KO's close) gives a weekly regression beta near −1
    // (adjusted ≈ −0.34). Averaged with the sector's bottom-up beta and floored at 0.6, the cost of equity stays
    // at least 4.58 % + 0.6 × 4.33 % = 7.178 %.
    const bars = ko.daily!.bars.map((b) => ({ ...b, open: 1e4 / b.open, high: 1e4 / b.low, low: 1e4 / b.high, close: 1e4 / b.close }));
    const r = analysisBuilders.dcf({ ...ko, benchmark: { ...ko.daily!, symbol: 'SPY', bars } }, null);
    if (!r.ok) throw new Error(r.error.message);
    const s = r.value.sections as DcfSections;
    expect(s.valuation!.beta.own!.raw).toBeLessThan(-0.9);
    expect(s.assumptions.beta).toBe(0.6);
    expect(s.valuation!.beta.floored).toBe(true);
    expect(s.wacc.costOfEquity).toBeCloseTo(0.0458 + 0.6 * 0.0433, 12);
  });

  it('with month-end closes only, the beta comes from five years of monthly returns and the sections say so', () => {
    const r = analysisBuilders.dcf({ ...msft, daily: null, monthly: { ...msft.daily!, interval: '1mo' } }, null);
    if (!r.ok) throw new Error(r.error.message);
    const s = r.value.sections as DcfSections;
    expect(s.valuation!.beta.own!.basis).toBe('monthly_5y');
    expect(s.valuation!.beta.own!.observations).toBeGreaterThanOrEqual(36);
    expect(s.assumptions.beta_description).toContain('5 years of monthly');
  });

  it('no free cash flow (nor operating cash flow and capex) in any report: refused, said in words', () => {
    const f = msft.fundamentals!;
    const blank = new Set(['free_cash_flow', 'operating_cash_flow', 'capital_expenditure']);
    const cashFlow = f.annual.cash_flow.map((l) => (blank.has(l.key) ? { ...l, values: l.values.map((v) => ({ ...v, value: null })) } : l));
    const r = analysisBuilders.dcf({ ...msft, fundamentals: { ...f, annual: { ...f.annual, cash_flow: cashFlow } } }, null);
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.error.message).toBe("A DCF needs free cash flow, and MSFT's filings give neither it nor operating cash flow and capex.");
  });
});
