import { describe, expect, it } from 'vitest';
import type { CompanyFinancials, FinancialPeriod } from '../financials.ts';
import { extractDcfCompanyData } from './company-inputs.ts';
import { buildDcfGrid } from './grid.ts';
import { computeDcf, type DcfCompanyInputs } from './two-stage.ts';
import { runDcfValuation } from './valuation.ts';

const company: DcfCompanyInputs = { baseFcfUsd: 100, sharesDiluted: 10, totalDebtUsd: 0, cashUsd: 0, nciUsd: 0, priceUsd: 50 };
const parameters = { discountRate: 0.09, explicitGrowth: 0.05, terminalGrowth: 0.025, explicitYears: 5, fadeYears: 5 };
const period = (end: string, values: Record<string, number | null>): FinancialPeriod => ({ end, fiscalYear: Number(end.slice(0, 4)), values, filed: {} });

/** Every number anywhere in a value (JSON would hide NaN as null, so walk it). */
function collectNumbers(value: unknown): number[] {
  if (typeof value === 'number') return [value];
  if (value instanceof Float64Array) return [...value];
  if (value && typeof value === 'object') return Object.values(value).flatMap(collectNumbers);
  return [];
}

describe('DCF bad input: a typed result naming the input, never NaN or Infinity', () => {
  it.each([
    ['negative shares', { sharesDiluted: -5 }, 'invalid_value', 'shares_diluted'],
    ['zero shares', { sharesDiluted: 0 }, 'zero_denominator', 'shares_diluted'],
    ['missing shares', { sharesDiluted: null }, 'missing_input', 'shares_diluted'],
    ['missing FCF', { baseFcfUsd: null }, 'missing_input', 'free_cash_flow'],
    ['negative FCF', { baseFcfUsd: -100 }, 'not_applicable', 'free_cash_flow'],
    ['NaN debt', { totalDebtUsd: Number.NaN }, 'invalid_value', 'total_debt'],
    ['zero price', { priceUsd: 0 }, 'invalid_value', 'price'],
  ] as const)('%s', (_, patch, code, input) => {
    expect(computeDcf({ ...company, ...patch }, parameters)).toMatchObject({ ok: false, error: { code, input } });
    // The grid refuses the company once rather than filling 100 cells with the same reason.
    expect(buildDcfGrid({ ...company, ...patch }, parameters, { discountRates: [0.09], terminalGrowths: [0.02] })).toMatchObject({
      ok: false,
      error: { code },
    });
  });

  it.each([
    ['r ≤ g', { discountRate: 0.02, terminalGrowth: 0.03 }, 'terminal_growth'],
    ['infinite rate', { discountRate: Number.POSITIVE_INFINITY }, 'discount_rate'],
    ['zero rate', { discountRate: 0, terminalGrowth: -0.05 }, 'discount_rate'],
    ['growth −100 %', { explicitGrowth: -1 }, 'explicit_growth'],
    ['terminal growth −100 %', { terminalGrowth: -1 }, 'terminal_growth'],
    ['no explicit years', { explicitYears: 0 }, 'explicit_years'],
    ['fractional fade', { fadeYears: 2.5 }, 'fade_years'],
  ] as const)('parameter: %s', (_, patch, input) => {
    const r = computeDcf(company, { ...parameters, ...patch });
    expect(r.ok ? null : r.error.input).toBe(input);
  });

  it('finite inputs whose projection overflows (FCF 1e300 growing 1e10-fold a year) are refused, not served as Infinity', () => {
    expect(computeDcf({ ...company, baseFcfUsd: 1e300 }, { ...parameters, explicitGrowth: 1e10 })).toMatchObject({
      ok: false,
      error: { code: 'invalid_parameter' },
    });
  });

  it('a grid axis that is empty or not numbers is refused', () => {
    expect(buildDcfGrid(company, parameters, { discountRates: [], terminalGrowths: [0.02] })).toMatchObject({ ok: false, error: { input: 'discount_rates' } });
    expect(buildDcfGrid(company, parameters, { discountRates: [0.09], terminalGrowths: [Number.NaN] })).toMatchObject({
      ok: false,
      error: { input: 'terminal_growths' },
    });
  });
});

describe('statement figures for the DCF', () => {
  const financials: CompanyFinancials = {
    symbol: 'TEST',
    quarterly: [],
    annual: [
      period('2024-12-31', { total_debt: 700 }),
      period('2025-12-31', {
        operating_cash_flow: 150,
        capital_expenditure: 40,
        free_cash_flow: null,
        shares_diluted: 10,
        long_term_debt: 500,
        cash: 80,
        interest_expense: 30,
        income_tax: 25,
        income_before_tax: 100,
      }),
    ],
  };

  it('FCF not reported → operating cash flow 150 − capex 40 = 110; debt falls back to long-term debt; missing lines taken as 0 and listed', () => {
    const r = extractDcfCompanyData(financials);
    if (!r.ok) throw new Error(r.error.message);
    expect(r.value).toMatchObject({ periodEnd: '2025-12-31', fiscalYear: 2025, baseFcfUsd: 110, fcfBasis: 'operating_cash_flow_minus_capex' });
    expect(r.value).toMatchObject({ totalDebtUsd: 500, priorTotalDebtUsd: 700, cashUsd: 80, nciUsd: 0, interestExpenseUsd: 30 });
    expect(r.value.assumedZero).toEqual(['short-term investments', 'non-controlling interest']);
  });

  it('no annual statements, or neither FCF nor its parts: typed', () => {
    expect(extractDcfCompanyData({ ...financials, annual: [] })).toMatchObject({ ok: false, error: { code: 'missing_input', input: 'annual_statements' } });
    const noCash = { ...financials, annual: [period('2025-12-31', { shares_diluted: 10 })] };
    expect(extractDcfCompanyData(noCash)).toMatchObject({ ok: true, value: { baseFcfUsd: null, fcfBasis: 'missing' } });
    expect(runDcfValuation(noCash, { priceUsd: 20, explicitGrowth: 0.05 })).toMatchObject({
      ok: false,
      error: { code: 'missing_input', input: 'free_cash_flow' },
    });
  });

  it('the whole pipeline on these figures: WACC, valuation, reverse DCF and a 10 × 10 grid, all finite', () => {
    const r = runDcfValuation(financials, { priceUsd: 20, explicitGrowth: 0.05 });
    if (!r.ok) throw new Error(r.error.message);
    // CAPM defaults: 4.58 % + 1 × 4.33 % = 8.91 %; debt 30 / 600 = 5 %; tax 25 %; E = 200, D = 500.
    // WACC = 200/700 × 8.91 % + 500/700 × 5 % × 0.75 = 2.5457 % + 2.6786 % = 5.2243 %.
    expect(r.value.wacc.wacc).toBeCloseTo((200 / 700) * 0.0891 + (500 / 700) * 0.05 * 0.75, 12);
    expect(r.value.valuation.parameters.discountRate).toBe(r.value.wacc.wacc);
    expect(r.value.grid.rows).toHaveLength(10);
    expect(r.value.grid.rows.every((row) => row.length === 10)).toBe(true);
    expect(collectNumbers(r.value).filter((n) => !Number.isFinite(n))).toEqual([]);
    for (const cell of r.value.grid.rows.flat()) expect(cell.perShareUsd === null).toBe(cell.reason !== null);
  });
});
