import { expect, it } from 'vitest';
import { buildSource, readCell, runNormalizer } from '../../test-kit/normalizer-test-kit.ts';

const M = 1_000_000;

it('MSFT FY2016: restated equity next to first-filed assets and liabilities (193,468 − 121,471 − 83,090 = −11,093) → the one set that balances', () => {
  const { out, log } = runNormalizer({
    sources: [
      buildSource('sec', { '2016-06-30': { total_assets: 193_468 * M, total_liabilities: 121_471 * M, total_equity: 83_090 * M } }),
      // FMP as first filed: 193,468 − 121,471 − 71,997 = 0.
      buildSource(
        'fmp',
        { '2016-06-30': { total_assets: 193_468 * M, total_liabilities: 121_471 * M, total_equity: 71_997 * M } },
        {},
        { vintage: 'as_first_filed', asOf: '2016-07-28' },
      ),
    ],
  });
  expect(out.annual.get('2016-06-30')!.get('total_equity')).toMatchObject({ value: 71_997 * M, source: 'fmp' });
  expect(log.events.find((e) => e.kind === 'mixed_vintage')).toMatchObject({ outcome: 'repaired', line: 'total_equity', before: 83_090 * M });
});

it('never serves FMP’s first-filed liabilities next to SEC’s restated assets when no single source balances', () => {
  const { out } = runNormalizer({
    sources: [
      buildSource('sec', { '2017-12-31': { total_assets: 112_362 * M, total_equity: 355 * M } }),
      // BA FY2017 as first filed: assets 92,333 — its liabilities (91,978) belong with those, not with 112,362.
      buildSource(
        'fmp',
        { '2017-12-31': { total_assets: 92_333 * M, total_liabilities: 91_978 * M, total_equity: 3_000 * M } },
        {},
        { vintage: 'as_first_filed' },
      ),
    ],
  });
  // 112,362 − 91,978 − 355 = 20,029 (17.8% of assets): mixed; FMP's own set is off too (92,333 − 91,978 − 3,000 = −2,645, −2.9%).
  expect(readCell(out.annual, '2017-12-31', 'total_liabilities')).toBeNull();
  expect(out.quarantined.annual.get('2017-12-31')!.get('total_liabilities')).toContain('not served next to sec');
  expect(readCell(out.annual, '2017-12-31', 'total_assets')).toBe(112_362 * M);
});
