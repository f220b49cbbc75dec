import { describe, expect, it } from 'vitest';
import { buildSource, readCell, runNormalizer } from '../../test-kit/normalizer-test-kit.ts';

const M = 1_000_000;

describe('restated wins over a first-filed set that balances (BA FY2017)', () => {
  it('keeps the restated assets 112,362M and equity 1,713M; FMP’s first-filed liabilities (for its 92,333M assets) are not served next to them', () => {
    const { out } = runNormalizer({
      sources: [
        buildSource('sec', { '2017-12-31': { total_assets: 112_362 * M, total_equity: 1_713 * M } }),
        // As first filed: 92,333 − 91,921 − 355 = 57 = the NCI, so FMP's own set balances.
        buildSource(
          'fmp',
          { '2017-12-31': { total_assets: 92_333 * M, total_liabilities: 91_921 * M, total_equity: 355 * M, noncontrolling_interest: 57 * M } },
          {},
          { vintage: 'as_first_filed' },
        ),
      ],
    });
    expect(readCell(out.annual, '2017-12-31', 'total_assets')).toBe(112_362 * M);
    expect(readCell(out.annual, '2017-12-31', 'total_equity')).toBe(1_713 * M);
    expect(readCell(out.annual, '2017-12-31', 'total_liabilities')).toBeNull();
    expect(out.quarantined.annual.get('2017-12-31')!.get('total_liabilities')).toContain('restated wins');
  });

  it('takes the first-filed set when its assets equal the restated ones (nothing was restated): liabilities 35,502M are served', () => {
    const { out } = runNormalizer({
      sources: [
        buildSource('sec', { '2016-12-31': { total_assets: 54_566 * M, total_equity: 18_883 * M } }),
        // 54,566 − 35,502 − 18,883 = 181 = the NCI.
        buildSource(
          'fmp',
          { '2016-12-31': { total_assets: 54_566 * M, total_liabilities: 35_502 * M, total_equity: 18_883 * M, noncontrolling_interest: 181 * M } },
          {},
          { vintage: 'as_first_filed' },
        ),
      ],
    });
    expect(readCell(out.annual, '2016-12-31', 'total_liabilities')).toBe(35_502 * M);
    expect(readCell(out.annual, '2016-12-31', 'total_assets')).toBe(54_566 * M);
  });
});

it('cash flow: the tagged source’s restated capex replaces the extract’s first-filed figure (AMZN 2016: 6,737M → 7,804M filed 2019-02-01)', () => {
  const { out, log } = runNormalizer({
    sources: [
      buildSource('sec', { '2015-12-31': { capital_expenditure: 4_589 * M }, '2016-12-31': { capital_expenditure: 6_737 * M } }),
      buildSource(
        'sec-xbrl',
        { '2016-12-31': { capital_expenditure: 7_804 * M } },
        {},
        { asOf: '2019-02-01', tags: { capital_expenditure: 'PaymentsToAcquireProductiveAssets' } },
      ),
    ],
  });
  expect(readCell(out.annual, '2016-12-31', 'capital_expenditure')).toBe(7_804 * M);
  expect(out.annual.get('2016-12-31')!.get('capital_expenditure')!.asOf).toBe('2019-02-01');
  // A year the tagged source lacks keeps the extract's value: capex has no company-wide definition to hold it to.
  expect(readCell(out.annual, '2015-12-31', 'capital_expenditure')).toBe(4_589 * M);
  expect(log.events.find((e) => e.kind === 'mixed_vintage')).toMatchObject({ outcome: 'repaired', before: 6_737 * M, after: 7_804 * M });
});
