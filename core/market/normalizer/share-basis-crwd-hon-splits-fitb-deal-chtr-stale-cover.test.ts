import { describe, expect, it } from 'vitest';
import { buildSource, readCell, runNormalizer } from '../../test-kit/normalizer-test-kit.ts';
import type { CompanyInput } from './index.ts';

const M = 1_000_000;
// Figures from ../shared/data: sec_companyfacts_derived/<T>.json (filed diluted counts, cover counts,
// quarterly net income and EPS) and constituents/sp500_constituents_financials.csv (market cap ÷ price).
const snap = (shares: number) => ({ shares, asOf: '2026-08-22', source: 'constituents snapshot' });
const yearEnd = (end: string, shares: number, extra: Record<string, number> = {}) => ({ [end]: { shares_diluted: shares, ...extra } });
const run = (symbol: string, input: Partial<CompanyInput> & Pick<CompanyInput, 'sources'>) => runNormalizer({ symbol, ...input });
const basisFlags = (log: ReturnType<typeof runNormalizer>['log']) => log.events.filter((e) => e.kind === 'share_basis').map((e) => e.reason);

describe('the latest share count against the price basis: a split only where the counts say so exactly', () => {
  it('CRWD: snapshot 1,018,259,241 = ×4.000 the cover count 254,564,820 (2026-05-28): 4-for-1 dated 2026-05-29; FY2026 250,576,000 × 4', () => {
    const crwd = buildSource('sec', yearEnd('2026-01-31', 250_576_000, { eps_diluted: -0.65 }), {
      '2026-04-30': { net_income: 27.774 * M, eps_diluted: 0.11 },
    });
    const { out } = run('CRWD', { sources: [crwd], sharesLatest: 254_564_820, sharesLatestAsOf: '2026-05-28', marketShares: snap(1_018_259_241) });
    expect(1_018_259_241 / 254_564_820).toBeCloseTo(4.0, 3);
    expect(out.derivedSplits.map((s) => [s.date, s.ratio])).toEqual([['2026-05-29', 4]]);
    expect(readCell(out.annual, '2026-01-31', 'shares_diluted')).toBe(1_002_304_000);
    expect(readCell(out.quarterly, '2026-04-30', 'eps_diluted')).toBe(0.0275);
  });

  it('FITB: cover 906,892,564 / filed 672,502,856 = ×1.349 — a merger (Comerica), not a split ratio of 2 or more: flagged, left as filed', () => {
    const fitb = buildSource('sec', yearEnd('2025-12-31', 672_502_856), { '2026-06-30': { net_income: 801 * M, eps_diluted: 0.84 } });
    const { out, log } = run('FITB', { sources: [fitb], sharesLatest: 906_892_564, sharesLatestAsOf: '2026-07-31', marketShares: snap(906_892_506) });
    expect(out.derivedSplits).toEqual([]);
    expect(readCell(out.annual, '2025-12-31', 'shares_diluted')).toBe(672_502_856);
    expect(basisFlags(log)).toEqual([expect.stringContaining('×1.349')]);
  });

  it('HON 1-for-2: snapshot 316,940,000 = ×0.500 the cover count 633,880,020 (2026-06-30); the Q2 2026 10-Q (318.6M) already on the new basis: one split, not two', () => {
    const hon = buildSource('sec', yearEnd('2025-12-31', 642.8 * M), {
      '2026-03-31': { net_income: 821 * M, eps_diluted: 1.29 },
      '2026-06-30': { shares_diluted: 318.6 * M, net_income: 5_682 * M, eps_diluted: 17.83 },
    });
    const { out, log } = run('HON', { sources: [hon], sharesLatest: 633_880_020, sharesLatestAsOf: '2026-06-30', marketShares: snap(316_940_000) });
    expect(out.derivedSplits.map((s) => [s.date, s.ratio])).toEqual([['2026-07-01', 0.5]]);
    // FY2025 642.8M / 2 = 321.4M; Q1 2026 EPS 1.29 × 2 = 2.58 (821M / 321.4M = 2.55); Q2 2026 stays (5,682M / 318.6M = 17.83).
    expect(readCell(out.annual, '2025-12-31', 'shares_diluted')).toBe(321.4 * M);
    expect(readCell(out.quarterly, '2026-03-31', 'eps_diluted')).toBe(2.58);
    expect(readCell(out.quarterly, '2026-06-30', 'shares_diluted')).toBe(318.6 * M);
    expect(readCell(out.quarterly, '2026-06-30', 'eps_diluted')).toBe(17.83);
    expect(basisFlags(log)).toEqual([]);
  });

  it('CHTR: a cover count dated 2016-06-30 (270,927,828) is older than the FY2025 count (137,743,676): ignored, the snapshot (134,777,493) agrees with the filing', () => {
    const chtr = buildSource('sec', yearEnd('2025-12-31', 137_743_676));
    const { out, log } = run('CHTR', { sources: [chtr], sharesLatest: 270_927_828, sharesLatestAsOf: '2016-06-30', marketShares: snap(134_777_493) });
    expect(out.derivedSplits).toEqual([]);
    expect(basisFlags(log)).toEqual([]);
    expect(134_777_493 / 137_743_676).toBeCloseTo(0.978, 3);
  });
});
