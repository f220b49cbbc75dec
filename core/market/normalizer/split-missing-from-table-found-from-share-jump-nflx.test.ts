import { describe, expect, it } from 'vitest';
import { nearestSplitRatio } from './splits.ts';
import { buildSource, readCell, runNormalizer } from '../../test-kit/normalizer-test-kit.ts';

const M = 1_000_000;
// NFLX as the SEC files have it: FY2023 on was re-filed after the 10-for-1 split, FY2021–22 and the
// 2024 10-Q quarters were not. The split table has no NFLX entry.
const nflx = buildSource(
  'sec',
  {
    '2021-12-31': { net_income: 5_116.2 * M, eps_diluted: 11.24, shares_diluted: 455.372 * M, total_assets: 44_585 * M, revenue: 29_698 * M },
    '2022-12-31': { net_income: 4_491.9 * M, eps_diluted: 9.95, shares_diluted: 451.29 * M, total_assets: 48_595 * M, revenue: 31_616 * M },
    '2023-12-31': { net_income: 5_408 * M, eps_diluted: 1.2, shares_diluted: 4_494.966 * M, total_assets: 48_732 * M, revenue: 33_723 * M },
    '2024-12-31': { net_income: 8_711.6 * M, eps_diluted: 1.98, shares_diluted: 4_392.608 * M, total_assets: 53_630 * M, revenue: 39_001 * M },
  },
  {
    '2024-09-30': { net_income: 2_363.5 * M, eps_diluted: 5.4, shares_diluted: 437.9 * M },
    '2025-03-31': { net_income: 2_890.4 * M, eps_diluted: 0.66, shares_diluted: 4_369.6 * M },
  },
);
// Split-adjusted month-end closes (the raw 294.90 at 2022-12 is 29.49 on today's basis).
const closes: Record<string, number> = { '2021-12': 60.24, '2022-12': 29.49, '2023-12': 48.69, '2024-12': 89.13 };
const priceAt = (date: string) => closes[date.slice(0, 7)] ?? null;

describe('split missing from the table, found from the share jump (NFLX 10-for-1)', () => {
  const { out, log } = runNormalizer({ symbol: 'NFLX', sources: [nflx], priceAt });

  it('derives a 10-for-1 split: shares 451.29M → 4,494.97M = ×9.96 ≈ 10; assets ×1.003; P/E 2.96 → 40.6', () => {
    // P/E 2022 = 29.49 / 9.95 = 2.96; 2023 = 48.69 / 1.20 = 40.6; step 13.7: |ln(13.7/10)| = 0.31 fits a
    // split far better than no split (|ln 13.7| = 2.62), so the prices do not contradict it.
    expect(out.derivedSplits).toHaveLength(1);
    expect(out.derivedSplits[0]).toMatchObject({ ratio: 10, source: 'derived' });
  });

  it('dates it the day after the last figure on the old basis: the 2024-09-30 quarter (437.9M shares)', () => {
    expect(out.derivedSplits[0]!.date).toBe('2024-10-01');
  });

  it('dates it after the filing that still showed the old basis when that is known: Q3 2024 (437.9M) filed 2024-10-18 → 2024-10-19', () => {
    // A filing after a split restates its comparatives, so the split came after 2024-10-18, not merely after 2024-09-30.
    const filed = {
      ...nflx,
      quarterly: new Map(
        [...nflx.quarterly].map(([end, m]) => [end, new Map([...m].map(([k, c]) => [k, { ...c, asOf: end === '2024-09-30' ? '2024-10-18' : null }]))]),
      ),
    };
    expect(runNormalizer({ symbol: 'NFLX', sources: [filed], priceAt }).out.derivedSplits[0]!.date).toBe('2024-10-19');
  });

  it('restates the old-basis figures: FY2022 EPS 9.95 / 10 = 0.995, shares 451.29M × 10; Q3 2024 EPS 5.40 / 10', () => {
    expect(readCell(out.annual, '2022-12-31', 'eps_diluted')).toBe(0.995);
    expect(readCell(out.annual, '2022-12-31', 'shares_diluted')).toBe(4_512.9 * M);
    expect(readCell(out.annual, '2021-12-31', 'eps_diluted')).toBe(1.124);
    expect(readCell(out.quarterly, '2024-09-30', 'eps_diluted')).toBe(0.54);
    expect(readCell(out.quarterly, '2024-09-30', 'shares_diluted')).toBe(4_379 * M);
    // Already on the new basis: untouched.
    expect(readCell(out.annual, '2023-12-31', 'eps_diluted')).toBe(1.2);
    expect(readCell(out.quarterly, '2025-03-31', 'eps_diluted')).toBe(0.66);
    expect(log.events.filter((e) => e.kind === 'split_restated').length).toBe(6);
  });
});

describe('a share jump that is a deal, not a split', () => {
  it('KDP 2018: shares ×6.0 but total assets ×3.1 — flagged, nothing restated', () => {
    const { out, log } = runNormalizer({
      symbol: 'KDP',
      sources: [
        buildSource('sec', {
          '2017-12-31': { net_income: 1_076 * M, eps_diluted: 5.89, shares_diluted: 182.8 * M, total_assets: 15_600 * M, revenue: 6_690 * M },
          '2018-12-31': { net_income: 586 * M, eps_diluted: 0.53, shares_diluted: 1_097.6 * M, total_assets: 48_900 * M, revenue: 7_440 * M },
        }),
      ],
      priceAt: () => 20,
    });
    expect(out.derivedSplits).toEqual([]);
    expect(readCell(out.annual, '2017-12-31', 'eps_diluted')).toBe(5.89);
    expect(log.events.find((e) => e.kind === 'share_jump')!.reason).toContain('total_assets changed ×3.13');
  });

  it('without price evidence (a loss year) a 2-for-1 jump is flagged, not restated', () => {
    const { out, log } = runNormalizer({
      sources: [
        buildSource('sec', {
          '2015-12-31': { net_income: -212 * M, eps_diluted: -1.24, shares_diluted: 170.5 * M, total_assets: 1_200 * M },
          '2016-12-31': { net_income: -171 * M, eps_diluted: -0.5, shares_diluted: 341.6 * M, total_assets: 1_210 * M },
        }),
      ],
      priceAt: () => 20,
    });
    expect(out.derivedSplits).toEqual([]);
    expect(log.events.find((e) => e.kind === 'share_jump')!.outcome).toBe('flagged');
  });
});

describe('which jumps read as a split ratio', () => {
  it('ORLY’s 15-for-1 after a year of buybacks: 58.7M → 837M = ×14.26 reads as 15 (|ln(14.26/15)| = 0.05 < ln 1.15), not 14', () => {
    expect(nearestSplitRatio(837 / 58.7)).toBe(15);
  });
  it('a 1-for-5 reverse split: ×0.2; and ×2.47 (APO’s merger) is no split ratio (2.47/2 = 1.235 > 1.15, 3/2.47 = 1.21)', () => {
    expect(nearestSplitRatio(0.2)).toBe(0.2);
    expect(nearestSplitRatio(2.47)).toBeNull();
  });
});
