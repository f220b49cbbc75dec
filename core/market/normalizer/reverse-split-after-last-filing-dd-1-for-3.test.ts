import { describe, expect, it } from 'vitest';
import { buildSource, readCell, runNormalizer } from '../../test-kit/normalizer-test-kit.ts';

const M = 1_000_000;
// DD as ../shared/data has it (sec_companyfacts_derived/DD.json): FY2024–25 diluted 419.2M; Q1 2026 net
// income 161M at EPS 0.39 (412.8M shares, old basis), Q2 2026 143M at 1.05 (136.2M, new basis); cover
// count 135,042,975 (2026-07-31); snapshot 18,680,496,128 / 138.33 = 135,042,985; month-end close 2026-06 135.64.
const dd = buildSource(
  'sec',
  {
    '2024-12-31': { shares_diluted: 419.2 * M, net_income: 703 * M, eps_diluted: 1.68, revenue: 6_719 * M, total_assets: 36_636 * M },
    '2025-12-31': { shares_diluted: 419.2 * M, net_income: -779 * M, eps_diluted: -1.86, revenue: 6_849 * M, total_assets: 21_575 * M },
  },
  {
    '2026-03-31': { net_income: 161 * M, eps_diluted: 0.39, revenue: 1_681 * M },
    '2026-06-30': { net_income: 143 * M, eps_diluted: 1.05, revenue: 1_819 * M },
  },
);
const snapshot = { shares: Math.round(18_680_496_128 / 138.33), asOf: '2026-08-22', source: 'constituents snapshot' };
const { out } = runNormalizer({ symbol: 'DD', sources: [dd], sharesLatest: 135_042_975, sharesLatestAsOf: '2026-07-31', marketShares: snapshot });

describe('a reverse split after the last filing: DD 1-for-3', () => {
  it('derives 1-for-3: 135,042,975 / 419,200,000 = ×0.322 (|ln(0.322 × 3)| = 0.035), Q2 2026 net income / EPS = 143M / 1.05 = 136.2M agrees', () => {
    expect(135_042_975 / 419_200_000).toBeCloseTo(0.3221, 4);
    expect(out.derivedSplits).toHaveLength(1);
    expect(out.derivedSplits[0]!.ratio).toBeCloseTo(1 / 3, 10);
  });

  it('dates it the day after the last figure on the old basis: Q1 2026 (161M / 0.39 = 412.8M shares) → 2026-04-01', () => {
    expect(out.derivedSplits[0]!.date).toBe('2026-04-01');
  });

  it('restates: FY2025 419.2M / 3 = 139,733,333 shares, EPS −1.86 × 3 = −5.58, Q1 2026 0.39 × 3 = 1.17; Q2 2026 1.05 stays', () => {
    expect(readCell(out.annual, '2025-12-31', 'shares_diluted')).toBe(139_733_333);
    expect(readCell(out.annual, '2025-12-31', 'eps_diluted')).toBe(-5.58);
    expect(readCell(out.quarterly, '2026-03-31', 'eps_diluted')).toBe(1.17);
    expect(readCell(out.quarterly, '2026-06-30', 'eps_diluted')).toBe(1.05);
  });

  it('market cap 135.64 × 139,733,333 = $18.95 B, 1.5 % over the snapshot’s $18.68 B (was 135.64 × 419.2M = $56.86 B, 3.04×)', () => {
    const cap = 135.64 * readCell(out.annual, '2025-12-31', 'shares_diluted')!;
    expect(cap / 1e9).toBeCloseTo(18.95, 2);
    expect(cap / 18_680_496_128).toBeCloseTo(1.015, 3);
    expect((135.64 * 419.2 * M) / 18_680_496_128).toBeCloseTo(3.04, 2);
  });
});
