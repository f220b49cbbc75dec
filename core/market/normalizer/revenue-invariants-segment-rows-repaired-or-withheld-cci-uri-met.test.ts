import { describe, expect, it } from 'vitest';
import { buildSource, readCell, runNormalizer } from '../../test-kit/normalizer-test-kit.ts';

const M = 1_000_000;

describe('revenue below operating income: a segment row, repaired from the companyfacts or withheld', () => {
  it('CCI 2024: revenue 192M next to operating income 2,118M — no source has the total, so revenue is withheld with why, and the segment’s cost and gross profit with it', () => {
    const { out, log } = runNormalizer({
      symbol: 'CCI',
      sources: [
        buildSource('sec', {
          '2015-12-31': { revenue: 3_664 * M, cost_of_revenue: 1_200 * M, gross_profit: 2_464 * M, operating_income: 946 * M, net_income: 525 * M },
          // Each segment year is within 5× of the next, so the older revenue-definition rule (under 20% of both
          // neighbours) lets them through: 192M ≥ 20% × 215M.
          '2023-12-31': { revenue: 421 * M, operating_income: 2_097 * M },
          // 107M + 85M = 192M: the cost and gross profit add up to the segment's revenue, so they are the segment's.
          '2024-12-31': { revenue: 192 * M, cost_of_revenue: 107 * M, gross_profit: 85 * M, operating_income: 2_118 * M, net_income: -3_903 * M },
          '2025-12-31': { revenue: 215 * M, operating_income: 2_075 * M },
        }),
      ],
    });
    expect(readCell(out.annual, '2015-12-31', 'revenue')).toBe(3_664 * M);
    expect(readCell(out.annual, '2024-12-31', 'revenue')).toBeNull();
    expect(out.quarantined.annual.get('2024-12-31')!.get('revenue')).toBe(
      "revenue 192M fails operating income within revenue (operating income 2118.0M > revenue 192.0M (11.03×)): a segment or another definition, not the company's total, and no source has the total",
    );
    expect(readCell(out.annual, '2024-12-31', 'cost_of_revenue')).toBeNull();
    expect(readCell(out.annual, '2024-12-31', 'gross_profit')).toBeNull();
    expect(readCell(out.annual, '2024-12-31', 'operating_income')).toBe(2_118 * M);
    expect(log.events.filter((e) => e.kind === 'revenue_invariant' && e.period === '2024-12-31').map((e) => [e.outcome, e.line])).toEqual([
      ['quarantined', 'revenue'],
      ['quarantined', 'gross_profit'],
      ['quarantined', 'cost_of_revenue'],
    ]);
    expect(['2023-12-31', '2025-12-31'].map((e) => readCell(out.annual, e, 'revenue'))).toEqual([null, null]);
  });

  it('CCI 2024 where another source has the total: its 6,569M replaces 192M (6,569M ≥ 2,118M operating income)', () => {
    const { out, log } = runNormalizer({
      symbol: 'CCI',
      sources: [
        buildSource('sec', { '2024-12-31': { revenue: 192 * M, operating_income: 2_118 * M } }),
        buildSource('fmp', { '2024-12-31': { revenue: 6_569 * M } }, {}, { vintage: 'as_first_filed', asOf: '2025-03-14' }),
      ],
    });
    expect(out.annual.get('2024-12-31')!.get('revenue')).toMatchObject({ value: 6_569 * M, source: 'fmp' });
    expect(log.events.find((e) => e.kind === 'revenue_invariant')).toMatchObject({ outcome: 'repaired', before: 192 * M, after: 6_569 * M });
  });

  it('URI 2019: revenue 2,063M under cost 5,681M and gross profit 3,670M; cost + gross profit = 9,351M, the identity 2018 satisfies (4,683M + 3,364M = 8,047M), is served', () => {
    const { out, log } = runNormalizer({
      symbol: 'URI',
      sources: [
        buildSource('sec', {
          '2018-12-31': { revenue: 8_047 * M, cost_of_revenue: 4_683 * M, gross_profit: 3_364 * M, operating_income: 1_951 * M },
          '2019-12-31': { revenue: 2_063 * M, cost_of_revenue: 5_681 * M, gross_profit: 3_670 * M, operating_income: 2_152 * M },
        }),
      ],
    });
    expect(readCell(out.annual, '2019-12-31', 'revenue')).toBe(9_351 * M);
    expect(readCell(out.annual, '2019-12-31', 'gross_profit')).toBe(3_670 * M);
    expect(log.events.find((e) => e.kind === 'revenue_invariant')!.reason).toContain('cost of revenue 5,681M + gross profit 3,670M = 9,351M');
  });

  it('a year where the identity fails (cost + gross profit ≠ revenue on a good year) vouches against it: nothing is derived, revenue is withheld', () => {
    const { out } = runNormalizer({
      sources: [
        buildSource('sec', {
          // 4,000M + 3,000M = 7,000M ≠ 8,047M: this company's cost and gross profit are not parts of one total.
          '2018-12-31': { revenue: 8_047 * M, cost_of_revenue: 4_000 * M, gross_profit: 3_000 * M, operating_income: 1_951 * M },
          '2019-12-31': { revenue: 2_063 * M, cost_of_revenue: 5_681 * M, gross_profit: 3_670 * M, operating_income: 2_152 * M },
        }),
      ],
    });
    expect(readCell(out.annual, '2019-12-31', 'revenue')).toBeNull();
  });

  it('SBAC 2017: revenue 104.5M with its own cost 86.8M (a segment’s, below it) — cost + gross profit 1,281M would be another segment’s sum, so revenue is withheld', () => {
    const { out } = runNormalizer({
      symbol: 'SBAC',
      sources: [
        buildSource('sec', {
          '2016-12-31': { revenue: 1_633.125 * M, cost_of_revenue: 420.897 * M, gross_profit: 1_212.228 * M, operating_income: 387.308 * M },
          '2017-12-31': { revenue: 104.501 * M, cost_of_revenue: 86.785 * M, gross_profit: 1_281.362 * M, operating_income: 458.501 * M },
          '2018-12-31': { revenue: 125.261 * M, cost_of_revenue: 96.499 * M, gross_profit: 1_396.9 * M, operating_income: 544.166 * M },
        }),
      ],
    });
    expect(readCell(out.annual, '2017-12-31', 'revenue')).toBeNull();
    // Gross profit above revenue: which of the two is off cannot be told, so neither is served.
    expect(readCell(out.annual, '2017-12-31', 'gross_profit')).toBeNull();
  });

  it('BA 2020: cost 63,843M on revenue 58,158M is a listed gross loss, served as reported', () => {
    const { out, log } = runNormalizer({
      symbol: 'BA',
      sources: [buildSource('sec', { '2020-12-31': { revenue: 58_158 * M, cost_of_revenue: 63_843 * M, gross_profit: -5_685 * M } })],
    });
    expect(readCell(out.annual, '2020-12-31', 'revenue')).toBe(58_158 * M);
    expect(log.events).toEqual([]);
  });
});

describe('a 5× jump with no named reason: the smaller side is a segment, every year on its level', () => {
  it('MET: 62,308M in 2017, then 1,256M … 2,074M from 2018 (0.02×) — 2018 to 2021 withheld, and the quarters that fit inside those years', () => {
    const { out } = runNormalizer({
      symbol: 'MET',
      sources: [
        buildSource(
          'sec',
          {
            '2016-12-31': { revenue: 60_787 * M },
            '2017-12-31': { revenue: 62_308 * M },
            '2018-12-31': { revenue: 1_256 * M },
            '2019-12-31': { revenue: 1_289 * M },
            '2020-12-31': { revenue: 1_354 * M },
            '2021-12-31': { revenue: 2_074 * M },
          },
          // 2021 Q3: 520M ≤ the year's 2,074M segment figure, so the same segment; a quarter after the last year is held to it too.
          { '2021-09-30': { revenue: 520 * M }, '2022-03-31': { revenue: 577 * M } },
        ),
      ],
    });
    expect(['2016-12-31', '2017-12-31', '2018-12-31', '2019-12-31', '2020-12-31', '2021-12-31'].map((e) => readCell(out.annual, e, 'revenue'))).toEqual([
      60_787 * M,
      62_308 * M,
      null,
      null,
      null,
      null,
    ]);
    expect(out.quarantined.annual.get('2020-12-31')!.get('revenue')).toContain(
      'revenue 62,308M (2017-12-31) → 1,256M (2018-12-31) is a 0.02× jump with no named reason',
    );
    expect(readCell(out.quarterly, '2021-09-30', 'revenue')).toBeNull();
    expect(readCell(out.quarterly, '2022-03-31', 'revenue')).toBeNull();
  });

  it('INVH: 45M in 2016 then 1,054M in 2017 (23×) — the earlier, smaller side goes, 2017 on is served', () => {
    const { out } = runNormalizer({
      symbol: 'INVH',
      sources: [
        buildSource('sec', {
          '2015-12-31': { revenue: 59.535 * M },
          '2016-12-31': { revenue: 44.596 * M },
          '2017-12-31': { revenue: 1_054.456 * M },
          '2018-12-31': { revenue: 1_722.962 * M },
        }),
      ],
    });
    expect(['2015-12-31', '2016-12-31', '2017-12-31', '2018-12-31'].map((e) => readCell(out.annual, e, 'revenue'))).toEqual([
      null,
      null,
      1_054.456 * M,
      1_722.962 * M,
    ]);
  });

  it('MRNA 2020–2021 (135M, 60M → 803M → 18,471M) are listed launches: served', () => {
    const { out } = runNormalizer({
      symbol: 'MRNA',
      sources: [
        buildSource('sec', {
          '2018-12-31': { revenue: 135 * M },
          '2019-12-31': { revenue: 60 * M },
          '2020-12-31': { revenue: 803 * M },
          '2021-12-31': { revenue: 18_471 * M },
        }),
      ],
    });
    expect(readCell(out.annual, '2019-12-31', 'revenue')).toBe(60 * M);
    expect(readCell(out.annual, '2021-12-31', 'revenue')).toBe(18_471 * M);
  });
});
