import { beforeAll, expect, it } from 'vitest';
import { openBundledAnalysisData } from '../../server/adapters/market-data/bundled/analysis-inputs.ts';
import { computeScreenerRow } from './row-values.ts';
import type { ScreenerRow } from './screener-types.ts';
import { buildScreenerTable } from './table.ts';

// SPY's expense ratio and assets come from etfs/etf_overview_2022-08-30.csv (the ETF page says "Overview as of
// 2022-08-30"); its price and 1-year change are of the data day (2026-07-02). 2022-08-30 < 2026-07-02 − 365 days.
const data = openBundledAnalysisData();
let spy: ScreenerRow;
let aapl: ScreenerRow;
beforeAll(async () => {
  spy = computeScreenerRow(await data.load('SPY'));
  aapl = computeScreenerRow(await data.load('AAPL'));
});

it('SPY: the expense ratio and AUM carry their 2022-08-30 date; current values carry none', () => {
  expect(spy.values.expense_ratio).toBeTypeOf('number');
  expect(spy.asOf?.expense_ratio).toBe('2022-08-30');
  expect(spy.asOf?.aum).toBe('2022-08-30');
  expect(spy.asOf?.return_1y).toBeUndefined();
});

it('AAPL: every value is of the last year, so the row carries no dates', () => {
  expect(aapl.asOf).toBeUndefined();
});

it('the table keeps the dates per column and row (what the API row’s as_of serves)', () => {
  const table = buildScreenerTable([aapl, spy], { dataAsOf: '2026-07-02' });
  const expense = table.columns.get('expense_ratio')!;
  expect([...expense.asOf]).toEqual([[1, '2022-08-30']]);
  expect(table.columns.get('return_1y')!.asOf.size).toBe(0);
});
