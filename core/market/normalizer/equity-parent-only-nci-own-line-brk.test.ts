import { expect, it } from 'vitest';
import { buildSource, readCell, runNormalizer } from '../../test-kit/normalizer-test-kit.ts';

const M = 1_000_000;

it('BRK.B 2016: equity 285,428M = assets − liabilities, so it includes the 3,358M NCI; parent equity 282,070M, NCI its own line', () => {
  const { out, log } = runNormalizer({
    sources: [
      // 620,854 − 335,426 = 285,428: the SEC file's equity is the total including NCI.
      buildSource('sec', { '2016-12-31': { total_assets: 620_854 * M, total_liabilities: 335_426 * M, total_equity: 285_428 * M } }),
      buildSource('fmp', { '2016-12-31': { noncontrolling_interest: 3_358 * M } }, {}, { vintage: 'as_first_filed' }),
    ],
  });
  // 285,428 − 3,358 = 282,070.
  expect(readCell(out.annual, '2016-12-31', 'total_equity')).toBe(282_070 * M);
  expect(readCell(out.annual, '2016-12-31', 'noncontrolling_interest')).toBe(3_358 * M);
  expect(log.events.find((e) => e.kind === 'equity_nci')).toMatchObject({ before: 285_428 * M, after: 282_070 * M });
});

it('derives the NCI line from a vendor that gives both equities (total 512,000 − parent 500,000 = 12,000) and leaves parent equity alone', () => {
  const { out, log } = runNormalizer({
    sources: [
      buildSource(
        'fmp',
        { '2020-12-31': { total_assets: 1_000_000, total_liabilities: 488_000, total_equity: 500_000, equity_including_nci: 512_000 } },
        {},
        { vintage: 'as_first_filed' },
      ),
    ],
  });
  expect(readCell(out.annual, '2020-12-31', 'noncontrolling_interest')).toBe(12_000);
  // 1,000,000 − 488,000 − 500,000 = 12,000 = the NCI: equity is already the parent's.
  expect(readCell(out.annual, '2020-12-31', 'total_equity')).toBe(500_000);
  expect(readCell(out.annual, '2020-12-31', 'equity_including_nci')).toBeNull();
  expect(log.events.filter((e) => e.kind === 'equity_nci')).toEqual([]);
});
