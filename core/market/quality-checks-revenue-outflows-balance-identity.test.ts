import { describe, expect, it } from 'vitest';
import { buildFundamentals } from '../test-kit/fundamentals-test-kit.ts';
import { checkBalanceIdentity, checkFundamentals, checkOutflowSigns, checkRevenuePositive } from './quality-checks.ts';

describe('revenue > 0 where reported', () => {
  it('flags a quarterly revenue of −3,660M (definitions mixed across quarters) and a 0; null is "not reported" and passes', () => {
    const f = buildFundamentals(
      'AVB',
      { ends: ['2024-12-31'], lines: { revenue: [null] } },
      { ends: ['2024-09-30', '2024-12-31'], lines: { revenue: [-3.66e9, 0] } },
    );
    expect(checkRevenuePositive(f).map((v) => [v.period, v.basis, v.line])).toEqual([
      ['2024-09-30', 'quarterly', 'revenue'],
      ['2024-12-31', 'quarterly', 'revenue'],
    ]);
  });
});

describe('capex, dividends paid and buybacks are non-negative outflows', () => {
  it('flags the negative ones only; 0 (paid nothing) passes', () => {
    const f = buildFundamentals('X', {
      ends: ['2023-12-31', '2024-12-31'],
      lines: { capital_expenditure: [-1.2e9, 1.3e9], dividends_paid: [0, -5e8], share_repurchases: [2e9, null] },
    });
    expect(checkOutflowSigns(f).map((v) => `${v.line}@${v.period}`)).toEqual(['capital_expenditure@2023-12-31', 'dividends_paid@2024-12-31']);
  });
});

describe('assets ≈ liabilities + equity + NCI within 2% of assets', () => {
  it('passes when NCI closes the gap: 1,000 = 700 + 280 + 20; without the NCI line the 20 gap is exactly 2% and still passes', () => {
    const withNci = buildFundamentals('A', {
      ends: ['2024-12-31'],
      lines: { total_assets: [1000e6], total_liabilities: [700e6], total_equity: [280e6], noncontrolling_interest: [20e6] },
    });
    expect(checkBalanceIdentity(withNci)).toEqual([]);
    const absent = buildFundamentals('A', { ends: ['2024-12-31'], lines: { total_assets: [1000e6], total_liabilities: [700e6], total_equity: [280e6] } });
    expect(checkBalanceIdentity(absent)).toEqual([]); // |1,000 − 980| = 20 ≤ 0.02 × 1,000
  });

  it('flags restated and first-filed figures mixed: 400,000M − (300,000M + 111,000M) = −11,000M = −2.75%', () => {
    const f = buildFundamentals('M', { ends: ['2024-12-31'], lines: { total_assets: [400_000e6], total_liabilities: [300_000e6], total_equity: [111_000e6] } });
    const v = checkBalanceIdentity(f);
    expect(v).toHaveLength(1);
    expect(v[0]!.detail).toContain('-2.8% of assets');
  });

  it('skips a period missing liabilities', () => {
    const f = buildFundamentals('S', { ends: ['2024-12-31'], lines: { total_assets: [1000], total_liabilities: [null], total_equity: [1] } });
    expect(checkBalanceIdentity(f)).toEqual([]);
  });
});

it('checkFundamentals runs every fundamentals check', () => {
  const f = buildFundamentals('ALL', {
    ends: ['2023-12-31', '2024-12-31'],
    lines: {
      revenue: [-1, 10],
      capital_expenditure: [1, -1],
      eps_diluted: [1, 1],
      shares_diluted: [100, 1000],
      net_income: [100, 100],
      total_assets: [100, 100],
      total_liabilities: [50, 50],
      total_equity: [50, 10],
    },
  });
  expect(new Set(checkFundamentals(f, []).map((v) => v.check))).toEqual(
    new Set(['eps_consistency', 'share_jump', 'revenue_positive', 'outflow_sign', 'balance_identity']),
  );
});
