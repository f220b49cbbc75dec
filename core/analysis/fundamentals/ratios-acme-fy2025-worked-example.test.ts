import { describe, expect, it } from 'vitest';
import type { EngineResult } from '../result.ts';
import { ACME_MARKET, buildAcmeTools } from './fixtures/acme-tools.ts';
import { computeRoic } from './profitability-ratios.ts';
import { computeRatios, RATIO_KEYS } from './ratios.ts';

const value = (r: EngineResult<number>) => {
  if (!r.ok) throw new Error(r.error.message);
  return r.value;
};
const set = computeRatios(buildAcmeTools(), ACME_MARKET);
if (!set.ok) throw new Error(set.error.message);
const r = set.value.ratios;

describe('Acme Tools FY2025 ratios at $20 × 100M shares (market cap 2,000)', () => {
  it('describes FY2025, with the P/E on the latest annual EPS (no quarters in the fixture)', () => {
    expect(set.value).toMatchObject({ fiscalYear: 2025, periodEnd: '2025-12-31', epsTtm: { ok: true, value: { value: 1.12, basis: 'latest_annual' } } });
    for (const key of RATIO_KEYS) expect(r[key].ok, key).toBe(true);
  });

  it('margins (fractions): gross (1000 − 600) / 1000 = 0.40 from the fallback, operating 150/1000, net 112/1000, FCF (180 − 60)/1000', () => {
    expect(value(r.gross_margin)).toBeCloseTo(0.4, 12);
    expect(value(r.operating_margin)).toBeCloseTo(0.15, 12);
    expect(value(r.net_margin)).toBeCloseTo(0.112, 12);
    expect(value(r.fcf_margin)).toBeCloseTo(0.12, 12);
  });

  it('returns: ROE 112/600 = 0.18667, ROA 112/1200 = 0.09333', () => {
    expect(value(r.roe)).toBeCloseTo(112 / 600, 12);
    expect(value(r.roa)).toBeCloseTo(112 / 1200, 12);
  });

  it('ROIC: tax 28/140 = 20 % effective; NOPAT 150 × 0.8 = 120; invested capital 350 + 600 − (80 + 20) = 850; 120/850 = 0.14118', () => {
    const roic = computeRoic(buildAcmeTools().annual.at(-1)!);
    expect(roic.ok && roic.value).toMatchObject({ nopat: 120, investedCapital: 850, taxRate: { source: 'effective' } });
    expect(value(r.roic)).toBeCloseTo(120 / 850, 12);
    expect(120 / 850).toBeCloseTo(0.141176, 6);
  });

  it('ROIC falls back to the 21 % statutory rate when pre-tax income is a loss: NOPAT 150 × 0.79 = 118.5', () => {
    const roic = computeRoic(buildAcmeTools({ fy2025: { income_before_tax: -5, income_tax: 3 } }).annual.at(-1)!);
    expect(roic.ok && roic.value.taxRate).toEqual({ rate: 0.21, source: 'statutory_fallback' });
    expect(roic.ok && roic.value.nopat).toBeCloseTo(118.5, 12);
  });

  it('growth: revenue 3y (1000/750)^(1/3) − 1 = 0.10064, 5y (1000/600)^(1/5) − 1 = 0.10757, 1y 1000/900 − 1 = 0.11111', () => {
    expect(value(r.revenue_cagr_3y)).toBeCloseTo(0.100642, 6);
    expect(value(r.revenue_cagr_5y)).toBeCloseTo(0.107566, 6);
    expect(value(r.revenue_growth_1y)).toBeCloseTo(0.111111, 6);
  });

  it('EPS CAGR 3y (1.12/0.62)^(1/3) − 1 = 0.21789, 5y (1.12/0.50)^(1/5) − 1 = 0.17503; FCF 3y FY2022 95 − 40 = 55 → 120: (120/55)^(1/3) − 1 = 0.29700', () => {
    expect(value(r.eps_cagr_3y)).toBeCloseTo(0.217892, 6);
    expect(value(r.eps_cagr_5y)).toBeCloseTo(0.175032, 6);
    expect(value(r.fcf_cagr_3y)).toBeCloseTo(0.296999, 6);
    // FY2020 FCF 80 − 40 = 40 → 120: 3^(1/5) − 1 = 0.24573.
    expect(value(r.fcf_cagr_5y)).toBeCloseTo(0.24573, 5);
  });

  it('valuation: P/E 20/1.12 = 17.857; P/S 2000/1000 = 2; P/B 2000/600 = 3.333', () => {
    expect(value(r.pe_ttm)).toBeCloseTo(17.857143, 6);
    expect(value(r.price_sales)).toBeCloseTo(2, 12);
    expect(value(r.price_book)).toBeCloseTo(10 / 3, 12);
  });

  it('EV 2000 + 350 − (80 + 20) = 2250; EBITDA 150 + 50 = 200 (fallback): EV/EBITDA 11.25, EV/sales 2.25', () => {
    expect(value(r.ev_ebitda)).toBeCloseTo(11.25, 12);
    expect(value(r.ev_sales)).toBeCloseTo(2.25, 12);
  });

  it('yields and payouts (fractions): FCF yield 120/2000 = 0.06, dividend yield 0.40/20 = 0.02, payout 40/112 = 0.35714, FCF payout 40/120 = 0.33333', () => {
    expect(value(r.fcf_yield)).toBeCloseTo(0.06, 12);
    expect(value(r.dividend_yield)).toBeCloseTo(0.02, 12);
    expect(value(r.earnings_payout)).toBeCloseTo(40 / 112, 12);
    expect(value(r.fcf_payout)).toBeCloseTo(1 / 3, 12);
  });

  it('health: current 400/200 = 2, quick (80 + 20 + 100)/200 = 1, D/E 350/600, net debt/EBITDA (350 − 100)/200 = 1.25, cover 150/10 = 15', () => {
    expect(value(r.current_ratio)).toBeCloseTo(2, 12);
    expect(value(r.quick_ratio)).toBeCloseTo(1, 12);
    expect(value(r.debt_to_equity)).toBeCloseTo(350 / 600, 12);
    expect(value(r.net_debt_to_ebitda)).toBeCloseTo(1.25, 12);
    expect(value(r.interest_cover)).toBeCloseTo(15, 12);
  });

  it('asset turnover 1000/1200 = 0.8333; share count 100/102 − 1 = −0.0196 (net buybacks)', () => {
    expect(value(r.asset_turnover)).toBeCloseTo(1000 / 1200, 12);
    expect(value(r.share_count_change)).toBeCloseTo(-0.019608, 6);
  });
});
