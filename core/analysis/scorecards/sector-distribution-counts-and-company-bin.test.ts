import { describe, expect, it } from 'vitest';
import { buildSectorDistribution, findBin } from './sector-distribution.ts';

describe('sector distribution: counts per bin and where the company falls', () => {
  it('F-scores 0, 3, 5, 5, 7, 9, 9 with the company at 5: one bin per score, the company in bin 5, percentile (2 + 2/2) / 7', () => {
    const d = buildSectorDistribution('piotroski', 'Industrials', [0, 3, 5, 5, 7, 9, 9], 5);
    expect(d.bins.map((b) => b.count)).toEqual([1, 0, 0, 1, 0, 2, 0, 1, 0, 2]);
    expect(d.bins[0]).toEqual({ from: null, to: 1, count: 1 });
    expect(d.bins[9]).toEqual({ from: 9, to: null, count: 2 });
    expect(d.peers).toBe(7);
    expect(d.companyBin).toBe(5);
    expect(d.percentile).toBeCloseTo((100 * 3) / 7, 12);
  });

  it('Altman Z with open ends: −0.5 in (−∞, 0), 10.2 and 25 in [10, ∞), an edge value 3 in [3, 4)', () => {
    const d = buildSectorDistribution('altman_z', 'Industrials', [-0.5, 1.2, 2.99, 3, 10.2, 25], 2.99);
    const counts = d.bins.map((b) => b.count);
    expect(counts[0]).toBe(1);
    expect(counts[2]).toBe(1);
    expect(counts[3]).toBe(1);
    expect(counts[4]).toBe(1);
    expect(counts.at(-1)).toBe(2);
    expect(counts.reduce((a, b) => a + b, 0)).toBe(6);
    expect(d.companyBin).toBe(3);
    expect(findBin([0, 1, 2], 2)).toBe(3);
  });

  it('a company without a score has no bin or percentile; the peers are still counted', () => {
    const d = buildSectorDistribution('beneish', 'Energy', [-2.6, -2.4, -1.2], null);
    expect(d).toMatchObject({ companyBin: null, percentile: null, peers: 3 });
    // −2.6 in [−3, −2.5), −2.4 in [−2.5, −2), −1.2 in [−1.5, −1).
    expect(d.bins.map((b) => b.count)).toEqual([0, 0, 0, 1, 1, 0, 1, 0]);
  });
});
