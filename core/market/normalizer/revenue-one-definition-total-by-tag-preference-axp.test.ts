import { describe, expect, it } from 'vitest';
import { buildSource, readCell, runNormalizer } from '../../test-kit/normalizer-test-kit.ts';

const M = 1_000_000;

describe('revenue: the tagged source fixes one definition, the total, for every period (AXP)', () => {
  // The SEC-derived extract (untagged) serves AXP's discount revenue, one component; the raw SEC facts
  // tag the total as RevenuesNetOfInterestExpense.
  const untagged = buildSource('sec', {
    '2014-12-31': { revenue: 22_000 * M, net_income: 5_885 * M },
    '2016-12-31': { revenue: 24_235 * M, net_income: 5_408 * M },
    '2017-12-31': { revenue: 24_780 * M, net_income: 2_736 * M },
  });
  const tagged = buildSource(
    'sec-xbrl',
    { '2016-12-31': { revenue: 35_438 * M }, '2017-12-31': { revenue: 36_878 * M } },
    {},
    { asOf: '2020-02-13', tags: { revenue: 'RevenuesNetOfInterestExpense' } },
  );
  const { out, log } = runNormalizer({ symbol: 'AXP', sources: [untagged, tagged], revenueNetOfInterest: true });

  it('serves the tagged total where the tagged source has the year: 24,235M → 35,438M, 24,780M → 36,878M', () => {
    expect(readCell(out.annual, '2016-12-31', 'revenue')).toBe(35_438 * M);
    expect(readCell(out.annual, '2017-12-31', 'revenue')).toBe(36_878 * M);
    expect(out.annual.get('2016-12-31')!.get('revenue')!.note).toContain('RevenuesNetOfInterestExpense');
  });

  it('quarantines a year only the untagged source has, since it differs from the total in the nearest shared year (2016: 24,235M vs 35,438M)', () => {
    expect(readCell(out.annual, '2014-12-31', 'revenue')).toBeNull();
    expect(out.quarantined.annual.get('2014-12-31')!.get('revenue')).toContain('another definition');
    expect(
      log.events
        .filter((e) => e.kind === 'revenue_definition')
        .map((e) => e.outcome)
        .sort(),
    ).toEqual(['quarantined', 'repaired', 'repaired']);
  });
});

it('keeps a year only the untagged source has when it equals the tagged total in the nearest shared year (MA 2013 next to 2014: 9,441M = 9,441M)', () => {
  const { out } = runNormalizer({
    sources: [
      buildSource('sec', { '2013-12-31': { revenue: 8_346 * M }, '2014-12-31': { revenue: 9_441 * M } }),
      buildSource('sec-xbrl', { '2014-12-31': { revenue: 9_441 * M } }, {}, { asOf: '2017-02-15', tags: { revenue: 'SalesRevenueNet' } }),
    ],
  });
  expect(readCell(out.annual, '2013-12-31', 'revenue')).toBe(8_346 * M);
  expect(out.annual.get('2014-12-31')!.get('revenue')!.source).toBe('sec');
});

it('quarters too (COP): Q1 takes the tagged total 14,000M over contract revenue 12,000M; Q2, untagged only and on the contract basis, is quarantined', () => {
  const { out } = runNormalizer({
    sources: [
      buildSource('sec', { '2022-12-31': { revenue: 61_049 * M } }, { '2023-03-31': { revenue: 12_000 * M }, '2023-06-30': { revenue: 11_500 * M } }),
      buildSource(
        'sec-xbrl',
        { '2022-12-31': { revenue: 78_494 * M } },
        { '2023-03-31': { revenue: 14_000 * M } },
        { asOf: '2023-05-04', tags: { revenue: 'Revenues' } },
      ),
    ],
  });
  expect(readCell(out.quarterly, '2023-03-31', 'revenue')).toBe(14_000 * M);
  // Nearest quarter both report: 2023-03-31, 12,000M vs 14,000M (14% apart, beyond 1%).
  expect(readCell(out.quarterly, '2023-06-30', 'revenue')).toBeNull();
  expect(readCell(out.annual, '2022-12-31', 'revenue')).toBe(78_494 * M);
});
