import { describe, expect, it } from 'vitest';
import { buildSource, readCell, runNormalizer } from '../../test-kit/normalizer-test-kit.ts';

const M = 1_000_000;
// BKNG as ../shared/data has it: fundamentals/sec_companyfacts_derived/BKNG.json (FY2024–25 diluted
// shares, EPS, revenue, assets; Q2 2025 and Q1–Q2 2026 EPS already on the new basis, Q3 2025 not; cover-page count 751,380,500
// as of 2026-07-27); constituents/sp500_constituents_financials.csv (price 209.62, market cap
// 157,504,372,736); prices/daily/BKNG.csv (close 184.56 on 2026-07-02, split-adjusted). No split record.
const bkng = buildSource(
  'sec',
  {
    '2024-12-31': { shares_diluted: 34_064_000, eps_diluted: 172.69, revenue: 23_739 * M, total_assets: 27_708 * M },
    '2025-12-31': { shares_diluted: 32_639_000, eps_diluted: 165.57, revenue: 26_917 * M, total_assets: 29_264 * M },
  },
  {
    '2025-06-30': { eps_diluted: 1.1, revenue: 6_798 * M },
    '2025-09-30': { eps_diluted: 84.41, revenue: 9_008 * M },
    '2026-03-31': { eps_diluted: 1.36, revenue: 5_532 * M },
    '2026-06-30': { eps_diluted: 2.53, revenue: 7_352 * M },
  },
);
const snapshot = { shares: Math.round(157_504_372_736 / 209.62), asOf: '2026-08-22', source: 'constituents snapshot' };
const run = () => runNormalizer({ symbol: 'BKNG', sources: [bkng], sharesLatest: 751_380_500, sharesLatestAsOf: '2026-07-27', marketShares: snapshot });

describe('a split after the last filing: BKNG 25-for-1, prices adjusted, FY2025 share count not', () => {
  it('derives a 25-for-1 split: 751,380,500 outstanding / 32,639,000 filed = ×23.02, within 10 % of 25 (|ln(25/23.02)| = 0.08)', () => {
    const { out, log } = run();
    expect(751_380_500 / 32_639_000).toBeCloseTo(23.02, 2);
    expect(out.derivedSplits).toHaveLength(1);
    expect(out.derivedSplits[0]).toMatchObject({ ratio: 25, source: 'derived', date: '2026-01-01' });
    expect(log.events.filter((e) => e.kind === 'split_derived').map((e) => e.reason)).toEqual([
      expect.stringContaining('25-for-1 split after the last filing'),
    ]);
  });

  it('the snapshot agrees with the cover count (157,504,372,736 / 209.62 = 751,380,463, ×1.000): no second split', () => {
    expect(snapshot.shares).toBe(751_380_463);
    expect(run().out.derivedSplits.map((s) => s.ratio)).toEqual([25]);
  });

  it('restates shares and EPS before the split; the 2026 quarters, filed after it, stay: FY2025 32,639,000 × 25, 165.57 / 25', () => {
    const { out } = run();
    expect(readCell(out.annual, '2025-12-31', 'shares_diluted')).toBe(815_975_000);
    expect(readCell(out.annual, '2024-12-31', 'shares_diluted')).toBe(851_600_000);
    expect(readCell(out.annual, '2025-12-31', 'eps_diluted')).toBe(6.6228);
    expect(readCell(out.quarterly, '2026-06-30', 'eps_diluted')).toBe(2.53);
  });

  it('quarters without net income are checked against a quarter of FY2025 EPS (6.6228 / 4 = 1.66): Q3 2025 84.41 / 25 = 3.3764, Q2 2025 1.1 stays', () => {
    // 84.41 is 51× a quarter of the year, 84.41 / 25 = 3.38 is 2.0×: 25 wins by far. 1.1 is 0.66×, 1.1 / 25 is 0.027×: it is already restated.
    const { out } = run();
    expect(readCell(out.quarterly, '2025-09-30', 'eps_diluted')).toBe(3.3764);
    expect(readCell(out.quarterly, '2025-06-30', 'eps_diluted')).toBe(1.1);
  });

  it('market cap 184.56 × 815,975,000 = $150.6 B (was 184.56 × 32,639,000 = $6.02 B), 4.4 % under the snapshot’s $157.5 B; P/E 27.9 (was 1.11)', () => {
    const shares = readCell(run().out.annual, '2025-12-31', 'shares_diluted')!;
    const cap = 184.56 * shares;
    expect(cap).toBeCloseTo(150_596_346_000, -3);
    expect(184.56 * 32_639_000).toBeCloseTo(6_023_854_000, -3);
    expect(Math.abs(Math.log(cap / 157_504_372_736))).toBeLessThan(Math.log(1.25));
    expect(184.56 / readCell(run().out.annual, '2025-12-31', 'eps_diluted')!).toBeCloseTo(27.87, 2);
    expect(184.56 / 165.57).toBeCloseTo(1.11, 2);
  });

  it('without the cover count and the snapshot nothing says the basis moved: nothing derived, figures as filed', () => {
    const { out } = runNormalizer({ symbol: 'BKNG', sources: [bkng] });
    expect(out.derivedSplits).toEqual([]);
    expect(readCell(out.annual, '2025-12-31', 'shares_diluted')).toBe(32_639_000);
  });
});
