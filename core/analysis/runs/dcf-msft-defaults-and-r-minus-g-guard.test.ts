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
  it('grows from the five-year free cash flow CAGR of the years filed by the data day, within the 15 % cap', () => {
    // MSFT's FY2026 (ends 2026-06-30) is not filed by 2026-07-02: the base year is FY2025, the start FY2020.
    // CAGR = (FCF_FY2025 / FCF_FY2020)^(1/5) − 1.
    const { annual } = msft.fundamentals!;
    const fcf = annual.cash_flow.find((l) => l.key === 'free_cash_flow')!.values;
    const year = (fy: number) => fcf[annual.periods.findIndex((p) => p.fiscal_year === fy)]!.value!;
    const cagr = (year(2025) / year(2020)) ** (1 / 5) - 1;
    expect(body.sections.assumptions.growth_history).toMatchObject({ line: 'free_cash_flow', years: 5 });
    expect(body.sections.assumptions.growth_history!.cagr).toBeCloseTo(cagr, 10);
    expect(body.sections.assumptions.explicit_growth).toBeCloseTo(Math.min(0.15, cagr), 10);
    expect(num('explicit_growth')).toBe(Math.round(Math.min(0.15, cagr) * 10000) / 100);
  });

  it('takes beta from a year of returns against SPY, Blume-adjusted toward 1', () => {
    // adjusted = 0.67 × raw + 0.33: a raw 0.5 becomes 0.665.
    expect(adjustBeta(0.5)).toBeCloseTo(0.665, 12);
    expect(body.sections.assumptions.beta_basis).toBe('spy_1y_adjusted');
    expect(body.sections.assumptions.beta).toBeCloseTo(adjustBeta(body.sections.assumptions.raw_beta!), 12);
  });

  it('upside is fair value over price − 1, and the grid centre is the fair value', () => {
    // upside_percent = 100 × (fair / price − 1), from the unrounded figures.
    const { fair_value_per_share: fair, price } = body.sections;
    expect(num('upside_percent')).toBe(Math.round((fair / price - 1) * 10000) / 100);
    expect(num('fair_value_per_share')).toBe(Math.round(fair * 100) / 100);
    const grid = body.sections.grid!;
    const i = grid.discountRates.findIndex((r) => Math.abs(r - body.sections.wacc.wacc) < 1e-9);
    const j = grid.terminalGrowths.findIndex((g) => Math.abs(g - 0.025) < 1e-9);
    expect(grid.rows[i]![j]!.perShareUsd).toBeCloseTo(fair, 6);
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
  it('a discount rate within 1.5 points of terminal growth is refused with the reason', () => {
    // A benchmark moving exactly against KO (close 10 000 / KO's close) gives a regression beta of −1;
    // adjusted −0.34, so the cost of equity is 4.58 % − 0.34 × 4.33 % ≈ 3.1 %, and WACC − 2.5 % < 1.5 points.
    const bars = ko.daily!.bars.map((b) => ({ ...b, open: 1e4 / b.open, high: 1e4 / b.low, low: 1e4 / b.high, close: 1e4 / b.close }));
    const r = analysisBuilders.dcf({ ...ko, benchmark: { ...ko.daily!, symbol: 'SPY', bars } }, null);
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.error.code).toBe('invalid_parameter');
    expect(r.error.message).toContain('1.5 percentage points');
  });

  it('without daily prices the beta is the market’s 1.0 and the sections say so', () => {
    const r = analysisBuilders.dcf({ ...msft, daily: null, monthly: { ...msft.daily!, interval: '1mo' } }, null);
    if (!r.ok) throw new Error(r.error.message);
    const s = r.value.sections as DcfSections;
    expect(s.assumptions.beta_basis).toBe('default');
    expect(s.assumptions.beta).toBe(1);
  });

  it('no free cash flow (nor operating cash flow and capex) in the latest report: refused, said in words', () => {
    const f = msft.fundamentals!;
    const blank = new Set(['free_cash_flow', 'operating_cash_flow', 'capital_expenditure']);
    const cashFlow = f.annual.cash_flow.map((l) => (blank.has(l.key) ? { ...l, values: l.values.map((v) => ({ ...v, value: null })) } : l));
    const r = analysisBuilders.dcf({ ...msft, fundamentals: { ...f, annual: { ...f.annual, cash_flow: cashFlow } } }, null);
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.error.message).toBe(
      `A DCF needs free cash flow, and MSFT's latest annual report filed by ${msft.asOf} gives neither it nor operating cash flow and capex.`,
    );
  });
});
