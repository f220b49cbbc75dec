import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { createBundledProvider } from '../../../server/adapters/market-data/bundled/index.ts';
import { findAppRoot } from '../../../server/lib/app-root.ts';
import { type CompanyFinancials, toCompanyFinancials } from '../financials.ts';
import { extractDcfCompanyData } from './company-inputs.ts';
import { runDcfValuation } from './valuation.ts';

let aapl: CompanyFinancials;
let jpm: CompanyFinancials;
beforeAll(async () => {
  const p = createBundledProvider(join(findAppRoot(), 'data'));
  await p.store.preload();
  aapl = toCompanyFinancials((await p.getFundamentals!('AAPL'))!);
  jpm = toCompanyFinancials((await p.getFundamentals!('JPM'))!);
});

describe('DCF on the bundled statements', () => {
  it('AAPL FY2025 (ended 2025-09-27): FCF 111,482M operating cash flow − 12,715M capex = 98,767M, as reported', () => {
    const r = extractDcfCompanyData(aapl);
    if (!r.ok) throw new Error(r.error.message);
    const last = aapl.annual.at(-1)!.values;
    expect(last.operating_cash_flow! - last.capital_expenditure!).toBe(98_767_000_000);
    expect(r.value).toMatchObject({ periodEnd: '2025-09-27', baseFcfUsd: 98_767_000_000, fcfBasis: 'reported' });
    // Apple stopped reporting interest expense separately, and reports no NCI.
    expect(r.value.interestExpenseUsd).toBeNull();
    expect(r.value.assumedZero).toEqual(['non-controlling interest']);
  });

  it('AAPL WACC at a $300 price: cost of debt falls back to 4.58 % + 1.5 = 6.08 %, tax 20,719 / 132,729 = 15.61 %', () => {
    const r = runDcfValuation(aapl, { priceUsd: 300, explicitGrowth: 0.06 });
    if (!r.ok) throw new Error(r.error.message);
    const w = r.value.wacc;
    expect(w.costOfDebt).toMatchObject({ basis: 'fallback_spread', rate: expect.closeTo(0.0608, 12) });
    expect(w.tax).toMatchObject({ basis: 'effective', rate: expect.closeTo(20_719 / 132_729, 12) });
    // E = 300 × 15,004,697,000 diluted shares = 4,501.4bn; D = 112,377M.
    const e = 300 * 15_004_697_000;
    const d = 112_377_000_000;
    const expected = (e / (e + d)) * (0.0458 + 0.0433) + (d / (e + d)) * 0.0608 * (1 - 20_719 / 132_729);
    expect(w.wacc).toBeCloseTo(expected, 12);
    expect(w.wacc).toBeCloseTo(0.0882, 4);
    // The reverse DCF at that price gives back the price.
    expect(r.value.reverse).toMatchObject({ status: 'solved', perShareUsd: expect.closeTo(300, 2) });
  });

  it('JPM, a bank: no free cash flow and no capex to derive it from (its operating cash flow is −147.8bn): missing_input on free_cash_flow', () => {
    expect(runDcfValuation(jpm, { priceUsd: 300, explicitGrowth: 0.05 })).toMatchObject({
      ok: false,
      error: { code: 'missing_input', input: 'free_cash_flow' },
    });
  });
});
