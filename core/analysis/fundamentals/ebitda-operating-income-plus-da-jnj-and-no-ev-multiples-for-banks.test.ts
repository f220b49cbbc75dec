import { describe, expect, it } from 'vitest';
import { openBundledAnalysisData } from '../../../server/adapters/market-data/bundled/analysis-inputs.ts';
import { type FinancialPeriod, valueOf as reportedValue } from '../financials.ts';
import { buildCompanyView } from '../runs/company.ts';
import { buildFundamental } from '../runs/fundamental.ts';
import { ebitdaOf } from './statement-lines.ts';

/*
 * Issue 29, item 6: EBITDA is operating income + depreciation and amortisation from the filings, once, for
 * every page; the vendor's EBITDA line (which folds in non-operating items) is never served. A bank has no
 * enterprise-value multiples.
 */
const data = openBundledAnalysisData();

describe('EBITDA defined once', () => {
  it('JNJ FY2025: 25,596 M operating income + 7,503 M D&A = 33,099 M (not the vendor’s 41,055 M); EV 643,185 + 47,933 − 19,709 − 393 = 671,016 M; EV/EBITDA 20.27×', async () => {
    const inputs = await data.load('JNJ');
    const view = buildCompanyView(inputs);
    if (!view.ok) throw new Error(view.error.message);
    const p = view.value.latest;
    expect(p.fiscalYear).toBe(2025);
    expect([reportedValue(p, 'operating_income'), reportedValue(p, 'depreciation_amortization')]).toEqual([25_596_000_000, 7_503_000_000]);
    expect(reportedValue(p, 'ebitda')).toBe(41_055_000_000);
    expect(ebitdaOf(p)).toBe(33_099_000_000);

    const page = buildFundamental(inputs, 'valuation');
    if (!page.ok) throw new Error(page.error.message);
    const fact = (key: string) => page.value.facts.find((f) => f.key === key)?.value;
    expect(fact('ebitda')).toBe(33_099_000_000);
    const marketCap = view.value.market.ok ? view.value.market.value.marketCapUsd : Number.NaN;
    const ev = marketCap + 47_933_000_000 - 19_709_000_000 - 393_000_000;
    expect(fact('ev_ebitda')).toBe(Math.round((ev / 33_099_000_000) * 100) / 100);
    expect(fact('ev_ebitda')).toBe(20.27);
  });

  it('missing D&A: no EBITDA and no EBITDA multiple, with the reason — never the vendor’s line', () => {
    const period = (da: number | null): FinancialPeriod => ({
      end: '2025-12-31',
      fiscalYear: 2025,
      values: { operating_income: 100, depreciation_amortization: da, ebitda: 140 },
      filed: {},
    });
    expect(ebitdaOf(period(20))).toBe(120);
    expect(ebitdaOf(period(null))).toBeNull();
  });

  it('JPM, a bank: EV/EBITDA and EV/sales are missing with the reason, not computed on deposits', async () => {
    const page = buildFundamental(await data.load('JPM'), 'valuation');
    if (!page.ok) throw new Error(page.error.message);
    expect(page.value.facts.some((f) => f.key === 'ev_ebitda' || f.key === 'ev_sales')).toBe(false);
    const missing = (page.value.sections as { missing: Array<{ key: string; reason: string }> }).missing;
    expect(missing.find((m) => m.key === 'ev_ebitda')?.reason).toMatch(/not meaningful for a bank/);
    expect(missing.find((m) => m.key === 'ev_sales')?.reason).toMatch(/not meaningful for a bank/);
  });
});
