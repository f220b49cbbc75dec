import { describe, expect, it } from 'vitest';
import { buildSource, readCell, runNormalizer } from '../../test-kit/normalizer-test-kit.ts';

const M = 1_000_000;

describe('a fourth quarter holding its fiscal year is repaired as FY − Q1 − Q2 − Q3, or withheld', () => {
  it('NI FY2025: Q4 revenue 6,522.8M is the year; 6,522.8 − 2,149.5 − 1,246.5 − 1,240.2 = 1,886.6M; the quarters now sum to the year', () => {
    const { out, log } = runNormalizer({
      symbol: 'NI',
      sources: [
        buildSource(
          'sec',
          { '2025-12-31': { revenue: 6_522.8 * M, net_income: 1_100 * M } },
          {
            '2025-03-31': { revenue: 2_149.5 * M, net_income: 474.8 * M },
            '2025-06-30': { revenue: 1_246.5 * M, net_income: 102.2 * M },
            '2025-09-30': { revenue: 1_240.2 * M, net_income: 94.7 * M },
            '2025-12-31': { revenue: 6_522.8 * M, net_income: 257.8 * M },
          },
        ),
      ],
    });
    expect(readCell(out.quarterly, '2025-12-31', 'revenue')).toBeCloseTo(1_886.6 * M, -3);
    const quarters = ['2025-03-31', '2025-06-30', '2025-09-30', '2025-12-31'].map((e) => readCell(out.quarterly, e, 'revenue')!);
    expect(quarters.reduce((s, v) => s + v, 0)).toBeCloseTo(6_522.8 * M, -3);
    // Net income's Q4 (257.8M) is a quarter: left as it is.
    expect(readCell(out.quarterly, '2025-12-31', 'net_income')).toBe(257.8 * M);
    expect(log.events.find((e) => e.kind === 'fourth_quarter_is_the_year')).toMatchObject({ outcome: 'repaired', line: 'revenue', before: 6_522.8 * M });
  });

  it('LHX FY2025 (ended 2026-01-02, a 53-week calendar): revenue 21,865M in Q4 → 21,865 − 5,132 − 5,426 − 5,659 = 5,648M', () => {
    const { out } = runNormalizer({
      symbol: 'LHX',
      sources: [
        buildSource(
          'sec',
          { '2025-01-03': { revenue: 21_325 * M }, '2026-01-02': { revenue: 21_865 * M } },
          {
            '2024-09-27': { revenue: 5_292 * M },
            '2025-01-03': { revenue: 5_523 * M },
            '2025-03-28': { revenue: 5_132 * M },
            '2025-06-27': { revenue: 5_426 * M },
            '2025-10-03': { revenue: 5_659 * M },
            '2026-01-02': { revenue: 21_865 * M },
          },
        ),
      ],
    });
    expect(readCell(out.quarterly, '2026-01-02', 'revenue')).toBe(5_648 * M);
    // The previous year's Q4 (5,523M against its year's 21,325M) is a quarter: untouched.
    expect(readCell(out.quarterly, '2025-01-03', 'revenue')).toBe(5_523 * M);
  });

  it('with only two earlier quarters reported, the fourth is withheld with the reason, not guessed', () => {
    const { out } = runNormalizer({
      sources: [
        buildSource(
          'sec',
          { '2025-12-31': { revenue: 8_000 * M } },
          { '2025-06-30': { revenue: 2_000 * M }, '2025-09-30': { revenue: 2_100 * M }, '2025-12-31': { revenue: 8_000 * M } },
        ),
      ],
    });
    expect(readCell(out.quarterly, '2025-12-31', 'revenue')).toBeNull();
    expect(out.quarantined.quarterly.get('2025-12-31')!.get('revenue')).toContain('only 2 of the three earlier quarters reported');
  });

  it('a year whose other quarters add up to nothing may truly be its fourth quarter: 0.1 + 0.1 + 0.1 of 100M is under 5 %, kept', () => {
    const { out } = runNormalizer({
      sources: [
        buildSource(
          'sec',
          { '2025-12-31': { revenue: 100 * M } },
          {
            '2025-03-31': { revenue: 0.1 * M },
            '2025-06-30': { revenue: 0.1 * M },
            '2025-09-30': { revenue: 0.1 * M },
            '2025-12-31': { revenue: 100 * M },
          },
        ),
      ],
    });
    expect(readCell(out.quarterly, '2025-12-31', 'revenue')).toBe(100 * M);
  });
});

describe('without the year’s own revenue, a fourth quarter of 2.5× or more each other quarter is withheld', () => {
  it('LHX FY2025 (no annual revenue): Q4 21,865M is 3.9× the largest other quarter (5,659M) → withheld, so no trailing sum includes it', () => {
    const { out } = runNormalizer({
      symbol: 'LHX',
      sources: [
        buildSource(
          'sec',
          { '2026-01-02': { operating_income: 2_110 * M } },
          {
            '2025-03-28': { revenue: 5_132 * M },
            '2025-06-27': { revenue: 5_426 * M },
            '2025-10-03': { revenue: 5_659 * M },
            '2026-01-02': { revenue: 21_865 * M },
            '2026-04-03': { revenue: 5_744 * M },
          },
        ),
      ],
    });
    expect(readCell(out.quarterly, '2026-01-02', 'revenue')).toBeNull();
    expect(out.quarantined.quarterly.get('2026-01-02')!.get('revenue')).toContain('3.9× each of its year');
    expect(readCell(out.quarterly, '2026-04-03', 'revenue')).toBe(5_744 * M);
  });

  it('a strong fourth quarter that is a quarter stays: 9,000M beside 4,000–5,000M is 1.8×', () => {
    const { out } = runNormalizer({
      sources: [
        buildSource(
          'sec',
          { '2025-12-31': { operating_income: 900 * M } },
          {
            '2025-03-31': { revenue: 4_000 * M },
            '2025-06-30': { revenue: 4_500 * M },
            '2025-09-30': { revenue: 5_000 * M },
            '2025-12-31': { revenue: 9_000 * M },
          },
        ),
      ],
    });
    expect(readCell(out.quarterly, '2025-12-31', 'revenue')).toBe(9_000 * M);
  });
});
