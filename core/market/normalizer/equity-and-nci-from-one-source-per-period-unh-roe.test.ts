import { expect, it } from 'vitest';
import { buildSource, readCell, runNormalizer } from '../../test-kit/normalizer-test-kit.ts';

const M = 1_000_000;

// UNH FY2025, raw rows: sec_companyfacts_derived/UNH.json (balances: assets 309,581M, liabilities 207,883M,
// equity 100,090M; annual netIncome 12,056M) and fmp_statements_annual_curated.csv (filed 2026-03-02:
// bs_totalStockholdersEquity 94,110M, bs_totalEquity 101,698M, bs_minorityInterest 7,588M, is_netIncome 12,056M).
it('UNH 2025: parent equity is FMP’s own 94,110M, not sec’s 100,090M − FMP’s NCI 7,588M = 92,502M; ROE 12,056 / 94,110 = 12.81 %, not 13.03 %', () => {
  const { out, log } = runNormalizer({
    symbol: 'UNH',
    sources: [
      buildSource('sec', { '2025-12-31': { total_assets: 309_581 * M, total_liabilities: 207_883 * M, total_equity: 100_090 * M, net_income: 12_056 * M } }),
      buildSource(
        'fmp',
        {
          '2025-12-31': {
            total_assets: 309_581 * M,
            total_liabilities: 207_883 * M,
            total_equity: 94_110 * M,
            equity_including_nci: 101_698 * M,
            noncontrolling_interest: 7_588 * M,
            net_income: 12_056 * M,
          },
        },
        {},
        { vintage: 'as_first_filed', asOf: '2026-03-02' },
      ),
    ],
  });
  const equity = out.annual.get('2025-12-31')!.get('total_equity')!;
  expect([equity.value, equity.source]).toEqual([94_110 * M, 'fmp']);
  // 101,698M − 94,110M = 7,588M: the NCI from the same statement; 309,581 − 207,883 − 94,110 − 7,588 = 0
  expect(readCell(out.annual, '2025-12-31', 'noncontrolling_interest')).toBe(7_588 * M);
  const roe = readCell(out.annual, '2025-12-31', 'net_income')! / equity.value;
  expect(roe).toBeCloseTo(0.1281, 4);
  expect(log.events.find((e) => e.kind === 'equity_nci')!.reason).toContain(
    "fmp's own parent equity is served (101698000000 total − 7588000000 NCI = 94110000000)",
  );
});

it('one source with both equity figures and its NCI: subtracted as before (BRK.B 2016: 285,428M − 3,358M = 282,070M)', () => {
  const { out } = runNormalizer({
    symbol: 'BRK.B',
    sources: [
      buildSource('fmp', {
        '2016-12-31': { total_assets: 620_854 * M, total_liabilities: 335_426 * M, total_equity: 285_428 * M, noncontrolling_interest: 3_358 * M },
      }),
    ],
  });
  expect(readCell(out.annual, '2016-12-31', 'total_equity')).toBe(282_070 * M);
});
