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

  it('HON: snapshot 316,940,000 = ×0.500 the cover count 633,880,020, but closes adjusted 2025-12-05 sit on the served basis (×1.000): no 1-for-2', () => {
    const hon = buildSource('sec', yearEnd('2025-12-31', 642.8 * M), { '2026-06-30': { net_income: 5_682 * M, eps_diluted: 17.83 } });
    const input = { sources: [hon], sharesLatest: 633_880_020, sharesLatestAsOf: '2026-06-30', marketShares: snap(316_940_000) };
    const check = { basisAsOf: '2025-12-05', date: '2025-11-28', ratio: 192.19 / 192.19, source: 'Yahoo daily closes' };
    const vetoed = run('HON', { ...input, priceBasisChecks: [check] });
    expect(vetoed.out.derivedSplits).toEqual([]);
    expect(readCell(vetoed.out.annual, '2025-12-31', 'shares_diluted')).toBe(642.8 * M);
    expect(basisFlags(vetoed.log)).toEqual([expect.stringContaining('not on the price basis')]);
    // The same counts without the price series would have read as a reverse split: the veto is what stops it.
    expect(run('HON', input).out.derivedSplits.map((s) => s.ratio)).toEqual([0.5]);
  });

  it('a 1-for-2 the prices do show (served ÷ earlier-adjusted = ×2.0 on 2025-11-28) is derived', () => {
    const hon = buildSource('sec', yearEnd('2025-12-31', 642.8 * M));
    const check = { basisAsOf: '2025-12-05', date: '2025-11-28', ratio: 2, source: 'Yahoo daily closes' };
    const { out } = run('X', {
      sources: [hon],
      sharesLatest: 633_880_020,
      sharesLatestAsOf: '2026-06-30',
      marketShares: snap(316_940_000),
      priceBasisChecks: [check],
    });
    expect(out.derivedSplits.map((s) => [s.date, s.ratio])).toEqual([['2026-07-01', 0.5]]);
    expect(readCell(out.annual, '2025-12-31', 'shares_diluted')).toBe(321.4 * M);
  });

  it('CHTR: a cover count dated 2016-06-30 (270,927,828) is older than the FY2025 count (137,743,676): ignored, the snapshot (134,777,493) agrees with the filing', () => {
    const chtr = buildSource('sec', yearEnd('2025-12-31', 137_743_676));
    const { out, log } = run('CHTR', { sources: [chtr], sharesLatest: 270_927_828, sharesLatestAsOf: '2016-06-30', marketShares: snap(134_777_493) });
    expect(out.derivedSplits).toEqual([]);
    expect(basisFlags(log)).toEqual([]);
    expect(134_777_493 / 137_743_676).toBeCloseTo(0.978, 3);
  });
});
