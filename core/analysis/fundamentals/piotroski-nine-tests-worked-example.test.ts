import { describe, expect, it } from 'vitest';
import { buildAcmeTools, makeCompany, makePeriod } from './fixtures/acme-tools.ts';
import { computePiotroski } from './piotroski.ts';

const scoreOf = (f: Parameters<typeof computePiotroski>[0]) => {
  const r = computePiotroski(f);
  if (!r.ok) throw new Error(r.error.message);
  return r.value;
};
const test = (s: ReturnType<typeof scoreOf>, id: string) => s.tests.find((t) => t.id === id)!;

describe('Piotroski F for Acme Tools FY2025 (ROA and turnover scaled by assets at the start of the year)', () => {
  const s = scoreOf(buildAcmeTools());

  it('1 ROA = 112 / 1000 (FY2024 year-end assets) = 0.112 > 0', () => {
    expect(test(s, 'roa_positive')).toMatchObject({ passed: true, current: 0.112, prior: 0 });
  });

  it('2 CFO / assets = 180 / 1000 = 0.18 > 0', () => {
    expect(test(s, 'cfo_positive')).toMatchObject({ passed: true, current: 0.18 });
  });

  it('3 ROA rose: 0.112 vs FY2024 90 / 950 = 0.09474', () => {
    const t = test(s, 'roa_improved');
    expect(t.passed).toBe(true);
    expect(t.prior).toBeCloseTo(0.094737, 6);
  });

  it('4 accruals: CFO / assets 0.18 > ROA 0.112', () => {
    expect(test(s, 'cfo_exceeds_net_income')).toMatchObject({ passed: true, current: 0.18, prior: 0.112 });
  });

  it('5 leverage fell: long-term debt / assets 300/1200 = 0.25 vs 300/1000 = 0.30', () => {
    expect(test(s, 'leverage_fell')).toMatchObject({ passed: true, current: 0.25, prior: 0.3 });
  });

  it('6 current ratio rose: 400/200 = 2.0 vs 330/200 = 1.65', () => {
    expect(test(s, 'current_ratio_rose')).toMatchObject({ passed: true, current: 2, prior: 1.65 });
  });

  it('7 no new shares: 100M ≤ 102M diluted', () => {
    expect(test(s, 'no_new_shares')).toMatchObject({ passed: true, current: 100, prior: 102 });
  });

  it('8 gross margin rose: (1000 − 600)/1000 = 0.40 vs (900 − 558)/900 = 0.38', () => {
    const t = test(s, 'gross_margin_rose');
    expect(t.passed).toBe(true);
    expect(t.current).toBeCloseTo(0.4, 12);
    expect(t.prior).toBeCloseTo(0.38, 12);
  });

  it('9 asset turnover rose: 1000/1000 = 1.0 vs 900/950 = 0.94737', () => {
    const t = test(s, 'asset_turnover_rose');
    expect(t.passed).toBe(true);
    expect(t.prior).toBeCloseTo(0.947368, 6);
  });

  it('all nine pass: F = 9 of 9 evaluated', () => {
    expect(s).toMatchObject({ score: 9, evaluated: 9, fiscalYear: 2025 });
  });

  it('current liabilities up to 250 (current ratio 1.6 < 1.65) and 105M shares (> 102M): two fail, F = 7', () => {
    const worse = scoreOf(buildAcmeTools({ fy2025: { current_liabilities: 250, shares_diluted: 105 } }));
    expect(test(worse, 'current_ratio_rose')).toMatchObject({ passed: false, current: 1.6 });
    expect(test(worse, 'no_new_shares').passed).toBe(false);
    expect(worse.score).toBe(7);
  });

  it('a bank without current assets or gross profit: those tests are null with what they lacked in words and fiscal years, F counts passes only', () => {
    const bank = scoreOf(buildAcmeTools({ fy2025: { current_assets: null, cost_of_revenue: null }, fy2024: { current_assets: null, cost_of_revenue: null } }));
    expect(test(bank, 'current_ratio_rose')).toMatchObject({ passed: null, missing: ['current assets FY2025', 'current assets FY2024'] });
    expect(test(bank, 'gross_margin_rose')).toMatchObject({ passed: null, missing: ['gross profit FY2025', 'gross profit FY2024'] });
    expect(bank).toMatchObject({ score: 7, evaluated: 7 });
  });

  it('one fiscal year only: missing_input on prior_year', () => {
    expect(computePiotroski(makeCompany([makePeriod('2025-12-31', 2025, { net_income: 1 })]))).toMatchObject({
      ok: false,
      error: { code: 'missing_input', input: 'prior_year' },
    });
  });
});
