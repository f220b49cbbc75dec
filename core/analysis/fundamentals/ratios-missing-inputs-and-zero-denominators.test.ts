import { describe, expect, it } from 'vitest';
import { ACME_MARKET, buildAcmeTools } from './fixtures/acme-tools.ts';
import { computeRatios } from './ratios.ts';

const ratiosOf = (fy2025: Record<string, number | null>, market = ACME_MARKET) => {
  const s = computeRatios(buildAcmeTools({ fy2025 }), market);
  if (!s.ok) throw new Error(s.error.message);
  return s.value.ratios;
};

describe('ratios refuse what they cannot compute, saying which input', () => {
  it('no revenue reported: every margin is missing_input on revenue (never NaN)', () => {
    const r = ratiosOf({ revenue: null });
    for (const k of ['gross_margin', 'operating_margin', 'net_margin', 'fcf_margin'] as const) {
      expect(r[k]).toEqual({ ok: false, error: expect.objectContaining({ code: 'missing_input', input: 'revenue' }) });
    }
  });

  it('zero revenue: zero_denominator on revenue; zero equity: ROE and P/B say total_equity', () => {
    expect(ratiosOf({ revenue: 0 }).net_margin).toMatchObject({ ok: false, error: { code: 'zero_denominator', input: 'revenue' } });
    const r = ratiosOf({ total_equity: 0 });
    expect(r.roe).toMatchObject({ ok: false, error: { code: 'zero_denominator', input: 'total_equity' } });
    expect(r.price_book).toMatchObject({ ok: false, error: { code: 'zero_denominator', input: 'total_equity' } });
  });

  it('negative equity is not a negative ROE to serve: zero_denominator', () => {
    expect(ratiosOf({ total_equity: -50 }).roe).toMatchObject({ ok: false, error: { code: 'zero_denominator', input: 'total_equity' } });
  });

  it('a loss: P/E has no meaning (zero_denominator on EPS) and the payout is refused', () => {
    const r = ratiosOf({ eps_diluted: -0.3, net_income: -30 });
    expect(r.pe_ttm).toMatchObject({ ok: false, error: { code: 'zero_denominator', input: 'eps_diluted' } });
    expect(r.earnings_payout).toMatchObject({ ok: false, error: { code: 'zero_denominator', input: 'net_income' } });
  });

  it('growth from a loss: EPS CAGR is invalid_value on the start year; no FY2022 at all is missing_input', () => {
    const f = buildAcmeTools();
    f.annual[2] = { ...f.annual[2]!, values: { ...f.annual[2]!.values, eps_diluted: -0.1 } };
    const s = computeRatios(f, ACME_MARKET);
    expect(s.ok && s.value.ratios.eps_cagr_3y).toMatchObject({ ok: false, error: { code: 'invalid_value', input: 'eps_diluted (start)' } });
    const gap = buildAcmeTools();
    gap.annual.splice(2, 1);
    const g = computeRatios(gap, ACME_MARKET);
    expect(g.ok && g.value.ratios.revenue_cagr_3y).toMatchObject({ ok: false, error: { code: 'missing_input', input: 'revenue (start)' } });
  });

  it('no EBITDA and no D&A to derive it: EV/EBITDA is missing_input on ebitda; no interest expense: missing_input', () => {
    const r = ratiosOf({ depreciation_amortization: null, interest_expense: null });
    expect(r.ev_ebitda).toMatchObject({ ok: false, error: { code: 'missing_input', input: 'ebitda' } });
    expect(r.interest_cover).toMatchObject({ ok: false, error: { code: 'missing_input', input: 'interest_expense' } });
  });

  it('a negative balance that cannot be (cash, debt, dividends paid) is invalid_value, not folded into EV or a payout', () => {
    const r = ratiosOf({ cash: -80, total_debt: -350, dividends_paid: -40 });
    expect(r.ev_ebitda).toMatchObject({ ok: false, error: { code: 'invalid_value', input: 'total_debt' } });
    expect(r.quick_ratio).toMatchObject({ ok: false, error: { code: 'invalid_value', input: 'cash' } });
    expect(r.earnings_payout).toMatchObject({ ok: false, error: { code: 'invalid_value', input: 'dividends_paid' } });
    expect(r.fcf_payout).toMatchObject({ ok: false, error: { code: 'invalid_value', input: 'dividends_paid' } });
  });

  it('bad market inputs are invalid_parameter; a company without annual statements is missing_input', () => {
    expect(computeRatios(buildAcmeTools(), { priceUsd: 0, marketCapUsd: 2000 })).toMatchObject({
      ok: false,
      error: { code: 'invalid_parameter', input: 'price' },
    });
    expect(computeRatios(buildAcmeTools(), { priceUsd: 20, marketCapUsd: Number.NaN })).toMatchObject({
      ok: false,
      error: { code: 'invalid_parameter', input: 'market_cap' },
    });
    expect(computeRatios({ symbol: 'X', annual: [], quarterly: [] }, ACME_MARKET)).toMatchObject({ ok: false, error: { code: 'missing_input' } });
  });

  it('total liabilities not reported: derived as assets − equity − NCI (1200 − 600 − 0) for Altman, debt falls back to long-term debt', async () => {
    const { totalDebtOf, totalLiabilitiesOf } = await import('./statement-lines.ts');
    const p = buildAcmeTools({ fy2025: { total_liabilities: null, total_debt: null, noncontrolling_interest: 50 } }).annual.at(-1)!;
    expect(totalLiabilitiesOf(p)).toBe(1200 - 600 - 50);
    expect(totalDebtOf(p)).toBe(300);
  });
});
