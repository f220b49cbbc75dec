import { describe, expect, it } from 'vitest';
import { buildFundamentals } from '../test-kit/fundamentals-test-kit.ts';
import { checkShareJumps } from './quality-checks.ts';

const annualShares = (ends: string[], shares: Array<number | null>) => buildFundamentals('NFLX', { ends, lines: { shares_diluted: shares } });

describe('diluted shares never jump above 1.8× or below 0.55× year on year', () => {
  it('NFLX-like: 446M (FY2024) → 4,330M (FY2025) = 9.71× across the listed 10:1 split: the split was not restated', () => {
    const v = checkShareJumps(annualShares(['2024-12-31', '2025-12-31'], [446e6, 4330e6]), [{ date: '2025-11-17', ratio: 10 }]);
    expect(v).toHaveLength(1);
    expect(v[0]).toMatchObject({ check: 'share_jump', period: '2025-12-31', line: 'shares_diluted', basis: 'annual' });
    expect(v[0]!.detail).toContain('9.71×');
    expect(v[0]!.detail).toContain('split 10:1 on 2025-11-17 not restated');
  });

  it('a jump with no split in the list says so (an unlisted split or a corporate event)', () => {
    // 100M → 50M = 0.50× < 0.55×
    const v = checkShareJumps(annualShares(['2023-12-31', '2024-12-31'], [100e6, 50e6]), []);
    expect(v[0]!.detail).toContain('0.50×; no listed split');
  });

  it('bounds are inclusive: 1.8× and 0.55× pass, 1.81× and 0.54× fail', () => {
    const ends = ['2021-12-31', '2022-12-31', '2023-12-31', '2024-12-31', '2025-12-31'];
    // 100 → 180 (1.8×) → 99 (0.55×) → 179.19 (1.81×) → 96.76 (0.54×)
    const v = checkShareJumps(annualShares(ends, [100e6, 180e6, 99e6, 179.19e6, 96.7626e6]), []);
    expect(v.map((x) => x.period)).toEqual(['2024-12-31', '2025-12-31']);
  });

  it('restated series pass: the same split with both years on the post-split basis (4,400M → 4,330M = 0.98×)', () => {
    expect(checkShareJumps(annualShares(['2024-12-31', '2025-12-31'], [4400e6, 4330e6]), [{ date: '2025-11-17', ratio: 10 }])).toEqual([]);
  });

  it('quarters compare with the same quarter a year earlier, not the previous quarter', () => {
    const f = buildFundamentals('Q', undefined, {
      ends: ['2024-03-31', '2024-06-30', '2025-03-31', '2025-06-30'],
      lines: { shares_diluted: [100e6, 250e6, 110e6, 260e6] },
    });
    // Q1→Q2 2024 would be 2.5×, but year on year: 110/100 = 1.10×, 260/250 = 1.04×
    expect(checkShareJumps(f, [])).toEqual([]);
  });
});
