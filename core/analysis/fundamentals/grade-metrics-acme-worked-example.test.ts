import { describe, expect, it } from 'vitest';
import { ACME_MARKET, buildAcmeTools } from './fixtures/acme-tools.ts';
import { computeGradeMetrics } from './grade-metrics.ts';
import { computeMomentumReturns } from './momentum-returns.ts';

describe('grade metrics of Acme Tools FY2025 at $20 (market cap 2,000)', () => {
  // Closes on the 15th of each month, 2025-06-15 … 2026-06-15: each window's base is a close of its own day.
  const dates = Array.from({ length: 13 }, (_, i) => new Date(Date.UTC(2025, 5 + i, 15)).toISOString().slice(0, 10));
  const momentum = computeMomentumReturns({ dates, close: [16, 16, 16, 16, 16, 16, 16, 17, 17, 17, 18, 19, 20] });
  const m = computeGradeMetrics(buildAcmeTools(), ACME_MARKET, momentum);

  it('value: earnings yield 1.12/20 = 0.056, FCF yield 120/2000 = 0.06, EBITDA/EV 200/2250 = 0.0889, book/price 600/2000 = 0.3', () => {
    expect(m.earnings_yield).toBeCloseTo(0.056, 12);
    expect(m.fcf_yield).toBeCloseTo(0.06, 12);
    expect(m.ebitda_to_ev).toBeCloseTo(200 / 2250, 12);
    expect(m.book_to_price).toBeCloseTo(0.3, 12);
  });

  it('growth, profitability and health are the ratios of the worked example; F = 9 of 9 enters health', () => {
    expect(m.revenue_cagr_3y).toBeCloseTo(0.100642, 6);
    expect(m.revenue_growth_1y).toBeCloseTo(1 / 9, 12);
    expect(m.roic).toBeCloseTo(120 / 850, 12);
    expect(m.debt_to_equity).toBeCloseTo(350 / 600, 12);
    expect(m.piotroski_f).toBe(9);
  });

  it('momentum: 3m 20/17 − 1 = 0.17647, 6m 20/16 − 1 = 0.25, 12-1 month 19/16 − 1 = 0.1875', () => {
    expect(m.return_3m).toBeCloseTo(20 / 17 - 1, 12);
    expect(m.return_6m).toBeCloseTo(0.25, 12);
    expect(m.return_12m_ex_1m).toBeCloseTo(0.1875, 12);
  });

  it('what cannot be computed is null: negative equity drops D/E and ROE, an incomplete F-score is not used', () => {
    const weak = computeGradeMetrics(buildAcmeTools({ fy2025: { total_equity: -10, current_assets: null } }), ACME_MARKET, {});
    expect(weak.debt_to_equity).toBeNull();
    expect(weak.roe).toBeNull();
    expect(weak.piotroski_f).toBeNull();
    expect(weak.return_3m).toBeNull();
    expect(weak.book_to_price).toBeCloseTo(-10 / 2000, 12);
  });
});
