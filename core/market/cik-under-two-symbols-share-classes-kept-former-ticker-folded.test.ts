import { expect, it } from 'vitest';
import { resolveSharedCiks } from './listing-repairs.ts';

it('share classes that both trade are kept (GOOGL/GOOG); a former ticker missing from the listings folds into the listed one (EQR → VMRK)', () => {
  const decisions = resolveSharedCiks([
    { symbol: 'GOOGL', cik: '0001652044', listed: true },
    { symbol: 'GOOG', cik: '0001652044', listed: true },
    { symbol: 'EQR', cik: '0000906107', listed: false },
    { symbol: 'VMRK', cik: '0000906107', listed: true },
    { symbol: 'AAPL', cik: '0000320193', listed: true },
  ]);
  expect(decisions).toEqual([
    { cik: '0001652044', keep: ['GOOG', 'GOOGL'], renamed: [] },
    { cik: '0000906107', keep: ['VMRK'], renamed: [['EQR', 'VMRK']] },
  ]);
});

it('with no listed symbol there is nothing to decide from: all stay', () => {
  expect(
    resolveSharedCiks([
      { symbol: 'OLD1', cik: '1', listed: false },
      { symbol: 'OLD2', cik: '1', listed: false },
    ]),
  ).toEqual([{ cik: '1', keep: ['OLD1', 'OLD2'], renamed: [] }]);
});
