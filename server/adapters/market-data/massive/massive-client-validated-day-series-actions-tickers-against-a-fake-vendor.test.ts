import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildGroupedDay, type FakeMarketVendor, newYorkMidnightMs, snapshotLastBars, startFakeMarketVendor } from '../../../test/fake-market-vendor.ts';
import { UpstreamError } from '../http.ts';
import { createMassiveClient, createMassiveProvider } from './index.ts';

let vendor: FakeMarketVendor;
beforeAll(async () => {
  vendor = await startFakeMarketVendor();
});
afterAll(async () => {
  await vendor?.close();
});

const noWait = async () => {};
// The snapshot holds 125 symbols; a real market day ~10,000. Tests lower the cut-answer floor to 100.
const client = (over: Partial<Parameters<typeof createMassiveClient>[0]> = {}) =>
  createMassiveClient({ fetch, apiKey: vendor.apiKey, baseUrl: vendor.url, minGroupedResults: 100, retries: 1, sleep: noWait, ...over });
const snapshotCloses = () => new Map(Object.entries(snapshotLastBars()).map(([s, b]) => [s, { date: b.date, close: b.close }]));

describe('grouped daily bars for 2026-07-06, the first trading day after the snapshot', () => {
  beforeEach(() => {
    const results = buildGroupedDay('2026-07-06');
    vendor.massive.grouped.set('2026-07-06', { status: 'OK', resultsCount: results.length, results });
  });

  it('all 125 symbols are accepted against the snapshot closes; AAPL 308.63 moved by −1.2% to 304.93; the key went as a Bearer header', async () => {
    const day = await client().fetchGroupedDaily('2026-07-06', { previousCloses: snapshotCloses() });
    expect(day.refused).toEqual([]);
    expect(day.accepted).toHaveLength(125);
    // AAPL is symbol 0: (0 mod 7 − 3) × 0.4% = −1.2%; 308.63 × 0.988 = 304.93
    expect(day.accepted.find((b) => b.symbol === 'AAPL')).toMatchObject({ date: '2026-07-06', open: 308.63, close: 304.93 });
    const req = vendor.requests.at(-1)!;
    expect([req.path, req.query.adjusted, req.authorization]).toEqual([
      '/v2/aggs/grouped/locale/us/market/stocks/2026-07-06',
      'false',
      `Bearer ${vendor.apiKey}`,
    ]);
    expect(req.query.apiKey).toBeUndefined();
  });

  it('a bar with its close above its high and a 100× jump are refused with their codes; the other 123 are kept', async () => {
    vendor.spoilGroupedBar('2026-07-06', 'MSFT', 'outside_range');
    // KO closed the snapshot at K; a bar at exactly 100 × K is the smallest jump refused.
    vendor.spoilGroupedBar('2026-07-06', 'KO', 'jump100');
    const day = await client().fetchGroupedDaily('2026-07-06', { previousCloses: snapshotCloses() });
    expect(day.accepted).toHaveLength(123);
    expect(day.refused.map((r) => [r.key, r.code])).toEqual([
      ['MSFT 2026-07-06', 'bar_outside_range'],
      ['KO 2026-07-06', 'jump_without_split'],
    ]);
    // With KO's 100-for-1 split known on that day the same bar passes.
    const withSplit = await client().fetchGroupedDaily('2026-07-06', {
      previousCloses: snapshotCloses(),
      splits: [{ symbol: 'KO', date: '2026-07-06', ratio: 0.01 }],
    });
    expect(withSplit.accepted).toHaveLength(124);
  });

  it('a cut answer (40 of 125 rows) is refused whole; a day the vendor has no rows for is refused as cut; July 3 (holiday) is not even requested', async () => {
    const g = vendor.massive.grouped.get('2026-07-06')!;
    vendor.massive.grouped.set('2026-07-06', { status: 'OK', resultsCount: 40, results: g.results.slice(0, 40) });
    const cut = await client().fetchGroupedDaily('2026-07-06');
    expect(cut).toEqual({ accepted: [], refused: [expect.objectContaining({ key: 'grouped 2026-07-06', code: 'truncated_answer' })] });
    const empty = await client().fetchGroupedDaily('2026-07-07');
    expect(empty.accepted).toEqual([]);
    expect(empty.refused[0]!.reason).toBe('The answer holds 0 results where a whole market has at least 100.');
    const before = vendor.requests.length;
    const holiday = await client().fetchGroupedDaily('2026-07-03');
    expect(holiday).toEqual({ accepted: [], refused: [expect.objectContaining({ key: 'grouped 2026-07-03', code: 'not_trading_day' })] });
    expect(vendor.requests.length).toBe(before);
  });

  it('JSON cut mid-way on every attempt throws UpstreamError (nothing usable; retry later); a 500 then a good answer succeeds', async () => {
    vendor.failNext('/v2/aggs/grouped', 'truncated', 2);
    await expect(client().fetchGroupedDaily('2026-07-06')).rejects.toBeInstanceOf(UpstreamError);
    vendor.failNext('/v2/aggs/grouped', '500', 1);
    expect((await client().fetchGroupedDaily('2026-07-06')).accepted).toHaveLength(125);
  });

  it('a slow vendor times out after the per-attempt timeout and throws', async () => {
    vendor.failNext('/v2/aggs/grouped', 'slow', 2, 1000);
    await expect(client({ timeoutMs: 50 }).fetchGroupedDaily('2026-07-06')).rejects.toThrow(/timed out after 50 ms/);
  });

  it('a wrong key is refused by the vendor (401) and throws without retrying', async () => {
    const before = vendor.requests.length;
    await expect(client({ apiKey: 'wrong' }).fetchGroupedDaily('2026-07-06')).rejects.toThrow(/answered 401/);
    expect(vendor.requests.length - before).toBe(1);
  });
});

describe('per-ticker aggregates, paginated', () => {
  beforeAll(() => {
    const days = ['2026-07-06', '2026-07-07', '2026-07-08', '2026-07-09', '2026-07-10'];
    vendor.massive.aggregates.set(
      'AAPL',
      days.map((d, i) => ({ o: 309 + i, h: 312 + i, l: 307 + i, c: 310 + i, v: 50_000_000, t: newYorkMidnightMs(d) })),
    );
  });

  it('five bars over pages of two are followed through next_url: closes 310…314, three requests', async () => {
    vendor.massive.pageSize = 2;
    const before = vendor.requests.length;
    const out = await client().fetchAggregates('AAPL', '2026-07-03', '2026-07-10', { previousClose: { date: '2026-07-02', close: 308.63 } });
    vendor.massive.pageSize = 50;
    expect(out.accepted.map((b) => [b.date, b.close])).toEqual([
      ['2026-07-06', 310],
      ['2026-07-07', 311],
      ['2026-07-08', 312],
      ['2026-07-09', 313],
      ['2026-07-10', 314],
    ]);
    expect(vendor.requests.length - before).toBe(3);
    expect(vendor.requests.slice(before).every((r) => r.authorization === `Bearer ${vendor.apiKey}`)).toBe(true);
  });

  it('as a provider: the quote is 314 against 313 (+1.00, +0.32%) on 2026-07-10; the 1m history ends there', async () => {
    const provider = createMassiveProvider({ fetch, apiKey: vendor.apiKey, baseUrl: vendor.url, sleep: noWait, now: () => Date.parse('2026-07-11T15:00:00Z') });
    const q = await provider.getQuote!('AAPL');
    expect(q).toMatchObject({ price: 314, previous_close: 313, change: 1, change_percent: 0.32, as_of: '2026-07-10', source: 'massive-live' });
    const h = await provider.getHistory!('AAPL', '1m');
    expect(h?.bars.map((b) => b.close)).toEqual([310, 311, 312, 313, 314]);
    expect(await provider.getQuote!('NOPE')).toBeNull();
  });
});

describe('corporate actions and the ticker list', () => {
  it('splits since 2026-07-01: a 4-for-1 is ratio 4, a 1-for-10 reverse 0.1; a zero split_from is refused', async () => {
    vendor.massive.splits = [
      { ticker: 'OLD', execution_date: '2026-06-01', split_from: 1, split_to: 2 },
      { ticker: 'NVDA', execution_date: '2026-07-08', split_from: 1, split_to: 4 },
      { ticker: 'XYZ', execution_date: '2026-07-09', split_from: 10, split_to: 1 },
      { ticker: 'BAD', execution_date: '2026-07-09', split_from: 0, split_to: 1 },
    ];
    const out = await client().fetchSplits('2026-07-01');
    expect(out.accepted).toEqual([
      { symbol: 'NVDA', date: '2026-07-08', ratio: 4 },
      { symbol: 'XYZ', date: '2026-07-09', ratio: 0.1 },
    ]);
    expect(out.refused.map((r) => [r.key, r.code])).toEqual([['BAD 2026-07-09', 'bad_ratio']]);
  });

  it('dividends: KO 0.53 USD quarterly kept with its pay date; a CAD dividend is refused as unknown currency', async () => {
    vendor.massive.dividends = [
      {
        ticker: 'KO',
        cash_amount: 0.53,
        currency: 'USD',
        ex_dividend_date: '2026-09-15',
        pay_date: '2026-10-01',
        record_date: '2026-09-15',
        declaration_date: '2026-07-20',
        frequency: 4,
        dividend_type: 'CD',
      },
      { ticker: 'SHOP', cash_amount: 0.1, currency: 'CAD', ex_dividend_date: '2026-09-16', pay_date: '2026-10-02', frequency: 4, dividend_type: 'CD' },
    ];
    const out = await client().fetchDividends('2026-07-03');
    expect(out.accepted).toEqual([
      {
        symbol: 'KO',
        ex_date: '2026-09-15',
        pay_date: '2026-10-01',
        record_date: '2026-09-15',
        declared_date: '2026-07-20',
        amount: 0.53,
        frequency: 4,
        kind: 'CD',
      },
    ]);
    expect(out.refused.map((r) => r.code)).toEqual(['unknown_currency']);
  });

  it('tickers: 125 snapshot listings over three pages of 50; a duplicate ticker is refused; CIKs come back ten digits', async () => {
    vendor.massive.tickers[0] = { ...vendor.massive.tickers[0], cik: '320193' };
    const before = vendor.requests.length;
    const out = await client().fetchTickers();
    expect(vendor.requests.length - before).toBe(3);
    expect(out.accepted).toHaveLength(125);
    expect(out.accepted[0]).toMatchObject({ symbol: 'AAPL', cik: '0000320193', type: 'CS', active: true });
    vendor.massive.tickers.push({ ...vendor.massive.tickers[1] });
    const dup = await client().fetchTickers();
    expect(dup.accepted).toHaveLength(124);
    expect(dup.refused.map((r) => r.code)).toEqual(['duplicate_ticker']);
    vendor.massive.tickers.pop();
  });
});
