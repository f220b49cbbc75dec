import { describe, expect, it } from 'vitest';
import { restateForSplits } from './normalize.ts';
import { applyFactor, chooseMissingFactor, cumulativeSplitFactor, isTrueSplit, missingFactorCandidates } from './split-adjust.ts';

const nvdaSplits = [
  { date: '2021-07-20', ratio: 4 },
  { date: '2024-06-10', ratio: 10 },
];

describe('split adjustment', () => {
  it('AAPL FY2015 as filed (EPS 9.22, 5,793.1M shares) becomes EPS 2.305 on 23,172.3M shares after the 2020 4-for-1 split', () => {
    // Net income FY2015: 53,394M. Raw: 53,394 / 5,793.069 = 9.217 → the filed 9.22.
    // Restated: shares × 4 = 23,172.276M; EPS 9.22 / 4 = 2.305 (= 53,394 / 23,172.276 = 2.304).
    const fy2015 = new Map([
      ['net_income', { value: 53_394_000_000 }],
      ['shares_diluted', { value: 5_793_069_000 }],
      ['eps_diluted', { value: 9.22 }],
    ]);
    const periods = new Map([['2015-09-26', fy2015]]);
    const latestShares = 15_004_697_000; // FY2025, after the split
    const changed = restateForSplits(periods, [{ date: '2020-08-31', ratio: 4 }], () => latestShares);
    expect(changed).toBe(2);
    expect(fy2015.get('shares_diluted')!.value).toBe(23_172_276_000);
    expect(fy2015.get('eps_diluted')!.value).toBe(2.305);
  });

  it('a figure already restated by a later filing is left alone (FY2020 EPS 3.28 filed after the split)', () => {
    const fy2020 = new Map([
      ['net_income', { value: 57_411_000_000 }],
      ['shares_diluted', { value: 17_528_214_000 }],
      ['eps_diluted', { value: 3.28 }],
    ]);
    // The split (2020-08-31) is before the FY2020 end (2020-09-26): no candidate factor at all.
    expect(restateForSplits(new Map([['2020-09-26', fy2020]]), [{ date: '2020-08-31', ratio: 4 }], () => 15e9)).toBe(0);
    expect(fy2020.get('eps_diluted')!.value).toBe(3.28);
  });

  it('NVIDIA: a 2019 figure may miss both splits (× 40) or only the last one (× 10); each is checked on its own', () => {
    expect(missingFactorCandidates('2019-01-27', nvdaSplits)).toEqual([1, 10, 40]);
    expect(cumulativeSplitFactor('2019-01-27', nvdaSplits)).toBe(40);
    // FY2019 shares filed raw: 625M → × 40 = 25,000M (close to today's ~24,500M).
    expect(chooseMissingFactor(625_000_000, 24_514_000_000, [1, 10, 40], 'share_count')).toBe(40);
    // FY2022 shares re-filed after the 4-for-1 split only: 2,535M → × 10 = 25,350M.
    expect(chooseMissingFactor(2_535_000_000, 24_514_000_000, [1, 10], 'share_count')).toBe(10);
    // FY2022 EPS 3.85 vs net income 9,752M / 25,350M shares = 0.385 → divide by 10.
    const f = chooseMissingFactor(3.85, 9_752_000_000 / 25_350_000_000, [1, 10], 'per_share');
    expect(f).toBe(10);
    expect(applyFactor(3.85, f, 'per_share')).toBe(0.385);
  });

  it('spin-off price factors are not splits; n-for-1, 3-for-2 and reverse splits are', () => {
    expect(isTrueSplit(4)).toBe(true);
    expect(isTrueSplit(1.5)).toBe(true);
    expect(isTrueSplit(0.125)).toBe(true); // GE 1-for-8
    expect(isTrueSplit(1.998)).toBe(true); // GOOGL 2014 class C dividend, effectively 2-for-1
    for (const spinoff of [1.196, 1.324, 1.04, 1.281, 1.589, 1.081, 1.0053]) expect(isTrueSplit(spinoff)).toBe(false);
    expect(missingFactorCandidates('2023-01-01', [{ date: '2024-04-01', ratio: 1.196 }])).toEqual([1]);
  });

  it('without a usable reference a per-share figure is assumed raw only when asked to', () => {
    expect(chooseMissingFactor(9.22, null, [1, 4], 'per_share', true)).toBe(4);
    expect(chooseMissingFactor(9.22, null, [1, 4], 'per_share', false)).toBe(1);
    // A loss year: EPS −5.25 vs net income / shares −5.25: same sign, factor 1.
    expect(chooseMissingFactor(-5.25, -22_440e6 / 4_271e6, [1, 2], 'per_share', true)).toBe(1);
  });
});
