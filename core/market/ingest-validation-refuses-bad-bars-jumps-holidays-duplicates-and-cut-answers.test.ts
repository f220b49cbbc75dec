import { describe, expect, it } from 'vitest';
import {
  checkBarShape,
  checkCurrency,
  checkJump,
  checkWholeMarketAnswer,
  type IngestDailyBar,
  validateDividends,
  validateMarketDay,
  validateSeries,
  validateSplits,
  validateTickers,
} from './ingest-validation.ts';

// 2026-07-06 is the Monday after the Independence Day weekend (July 3 is the observed holiday).
const bar = (symbol: string, date: string, o: number, h: number, l: number, c: number, volume: number | null = 1000): IngestDailyBar => ({
  symbol,
  date,
  open: o,
  high: h,
  low: l,
  close: c,
  volume,
  vwap: null,
  trades: null,
});

describe('a whole-market answer', () => {
  const results = (n: number) => Array.from({ length: n }, () => ({}));
  it('status OK with 5,000 rows is accepted; 4,999 rows is a cut answer', () => {
    expect(checkWholeMarketAnswer('grouped 2026-07-06', { status: 'OK', resultsCount: 5000, results: results(5000) })).toBeNull();
    expect(checkWholeMarketAnswer('grouped 2026-07-06', { status: 'OK', resultsCount: 4999, results: results(4999) })?.code).toBe('truncated_answer');
  });
  it('announcing 10 results but holding 9 is truncated; a status other than OK is refused; no results list is truncated', () => {
    expect(checkWholeMarketAnswer('g', { status: 'OK', resultsCount: 10, results: results(9) }, 1)?.reason).toBe(
      'The answer announces 10 results but holds 9.',
    );
    expect(checkWholeMarketAnswer('g', { status: 'ERROR', resultsCount: 0, results: [] }, 0)?.code).toBe('vendor_status');
    expect(checkWholeMarketAnswer('g', { status: 'OK', resultsCount: undefined, results: undefined }, 0)?.code).toBe('truncated_answer');
  });
});

describe('one bar on its own', () => {
  it('a sound bar passes: low 99 ≤ open 100, close 101 ≤ high 102', () => {
    expect(checkBarShape(bar('AAPL', '2026-07-06', 100, 102, 99, 101))).toBeNull();
  });
  it('close 103 above high 102, open 98 below low 99, low 103 above high 102 are outside the bar', () => {
    expect(checkBarShape(bar('AAPL', '2026-07-06', 100, 102, 99, 103))?.reason).toBe("The close 103 is outside the bar's own range 99–102.");
    expect(checkBarShape(bar('AAPL', '2026-07-06', 98, 102, 99, 101))?.code).toBe('bar_outside_range');
    expect(checkBarShape(bar('AAPL', '2026-07-06', 103, 102, 103, 103))?.code).toBe('bar_outside_range');
  });
  it('a zero or negative price, a negative volume are refused; a missing volume is allowed', () => {
    expect(checkBarShape(bar('AAPL', '2026-07-06', 0, 1, 0, 1))?.code).toBe('non_positive_price');
    expect(checkBarShape(bar('AAPL', '2026-07-06', 100, 102, 99, 101, -5))?.code).toBe('negative_volume');
    expect(checkBarShape(bar('AAPL', '2026-07-06', 100, 102, 99, 101, null))).toBeNull();
  });
  it('a bar on the July 3 holiday or on a Saturday is not a trading day', () => {
    expect(checkBarShape(bar('AAPL', '2026-07-03', 100, 102, 99, 101))?.code).toBe('not_trading_day');
    expect(checkBarShape(bar('AAPL', '2026-07-04', 100, 102, 99, 101))?.code).toBe('not_trading_day');
  });
});

describe('a jump against the previous close', () => {
  it('200 → 20,000 is exactly 100× and refused; 200 → 19,999 (99.995×) passes', () => {
    expect(checkJump('X', 200, 20_000, false)?.reason).toBe('The close 20000 is 100× the previous close 200 and no split is known in between.');
    expect(checkJump('X', 200, 19_999, false)).toBeNull();
  });
  it('200 → 2 is 1/100 and refused, unless a split falls in the window', () => {
    expect(checkJump('X', 200, 2, false)?.code).toBe('jump_without_split');
    expect(checkJump('X', 200, 2, true)).toBeNull();
  });
});

describe('one market day', () => {
  const previousCloses = new Map([
    ['AAPL', { date: '2026-07-02', close: 210 }],
    ['NVDA', { date: '2026-07-02', close: 150 }],
  ]);
  it('AAPL 210 → 212 is kept; NVDA 150 → 1.5 without a split is refused; with a 100-for-1 reverse on 07-06 it is kept', () => {
    const bars = [bar('AAPL', '2026-07-06', 211, 213, 209, 212), bar('NVDA', '2026-07-06', 1.5, 1.6, 1.4, 1.5)];
    const plain = validateMarketDay('2026-07-06', bars, { previousCloses, splits: [] });
    expect(plain.accepted.map((b) => b.symbol)).toEqual(['AAPL']);
    expect(plain.refused).toEqual([expect.objectContaining({ key: 'NVDA 2026-07-06', code: 'jump_without_split' })]);
    const split = validateMarketDay('2026-07-06', bars, { previousCloses, splits: [{ symbol: 'NVDA', date: '2026-07-06', ratio: 0.01 }] });
    expect(split.accepted.map((b) => b.symbol)).toEqual(['AAPL', 'NVDA']);
  });
  it('a ticker twice in one answer refuses both copies with one reason; a bar dated another day is refused', () => {
    const day = validateMarketDay(
      '2026-07-06',
      [bar('KO', '2026-07-06', 70, 71, 69, 70), bar('KO', '2026-07-06', 70, 72, 69, 71), bar('PG', '2026-07-07', 150, 151, 149, 150)],
      { previousCloses: new Map(), splits: [] },
    );
    expect(day.accepted).toEqual([]);
    expect(day.refused.map((r) => r.code)).toEqual(['duplicate_ticker', 'missing_field']);
  });
});

describe('one symbol series', () => {
  it('a 100× spike on one day is refused and the next day compares with the last accepted close (210 → 212)', () => {
    const series = validateSeries(
      'AAPL',
      [bar('AAPL', '2026-07-06', 211, 213, 209, 210), bar('AAPL', '2026-07-07', 21_000, 21_000, 21_000, 21_000), bar('AAPL', '2026-07-08', 211, 213, 209, 212)],
      { splits: [] },
    );
    expect(series.accepted.map((b) => b.close)).toEqual([210, 212]);
    expect(series.refused.map((r) => [r.key, r.code])).toEqual([['AAPL 2026-07-07', 'jump_without_split']]);
  });
});

describe('corporate actions and listings', () => {
  it('splits: a ratio of 0 or 1 is refused; two ratios for one day keep neither; the same split twice is kept once', () => {
    const out = validateSplits([
      { symbol: 'A', date: '2026-07-06', ratio: 0 },
      { symbol: 'B', date: '2026-07-06', ratio: 4 },
      { symbol: 'B', date: '2026-07-06', ratio: 2 },
      { symbol: 'C', date: '2026-07-06', ratio: 10 },
      { symbol: 'C', date: '2026-07-06', ratio: 10 },
    ]);
    expect(out.accepted).toEqual([{ symbol: 'C', date: '2026-07-06', ratio: 10 }]);
    expect(out.refused.map((r) => r.code)).toEqual(['bad_ratio', 'duplicate_ticker']);
  });
  it('dividends: CAD is an unknown currency; 0 dollars is refused; a pay date before the ex-date is refused', () => {
    const d = { symbol: 'KO', ex_date: '2026-09-15', pay_date: '2026-10-01', record_date: null, declared_date: null, amount: 0.53, frequency: 4, kind: 'CD' };
    const out = validateDividends([
      { ...d, currency: 'USD' },
      { ...d, symbol: 'SHOP', currency: 'CAD' },
      { ...d, symbol: 'Z', amount: 0, currency: 'USD' },
      { ...d, symbol: 'Y', pay_date: '2026-09-01', currency: 'USD' },
    ]);
    expect(out.accepted.map((x) => x.symbol)).toEqual(['KO']);
    expect(out.refused.map((r) => r.code)).toEqual(['unknown_currency', 'bad_amount', 'missing_field']);
    expect(checkCurrency('x', 'usd')).toBeNull();
  });
  it('tickers: a duplicate symbol refuses both rows; a listing without a name is refused', () => {
    const t = { symbol: 'AAPL', name: 'Apple Inc.', exchange: 'XNAS', type: 'CS', active: true, cik: '0000320193', delisted_on: null, currency: 'usd' };
    const out = validateTickers([t, { ...t, symbol: 'MSFT' }, { ...t, symbol: 'MSFT' }, { ...t, symbol: 'X', name: '' }]);
    expect(out.accepted.map((x) => x.symbol)).toEqual(['AAPL']);
    expect(out.refused.map((r) => [r.key, r.code])).toEqual([
      ['MSFT', 'duplicate_ticker'],
      ['X', 'missing_field'],
    ]);
  });
});
