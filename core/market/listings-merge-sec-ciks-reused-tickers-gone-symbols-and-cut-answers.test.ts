import { describe, expect, it } from 'vitest';
import type { IngestTicker } from './ingest-validation.ts';
import { mergeListings } from './listings.ts';

const ticker = (symbol: string, over: Partial<IngestTicker> = {}): IngestTicker => ({
  symbol,
  name: `${symbol} Inc.`,
  exchange: 'XNAS',
  type: 'CS',
  active: true,
  cik: null,
  delisted_on: null,
  ...over,
});
const DAY = '2026-07-06';

describe('merging the vendor’s listings with the SEC ticker→CIK directory', () => {
  it('an active symbol takes the SEC’s CIK over the vendor’s, a delisted one keeps the vendor’s (its ticker now belongs to another filer)', () => {
    const out = mergeListings({
      day: DAY,
      active: [ticker('AAPL', { cik: '0000000001' }), ticker('SPY', { type: 'ETF', exchange: 'ARCX' }), ticker('QZTK')],
      delisted: [ticker('OLDC', { active: false, cik: '0000712515', delisted_on: '2024-03-01', exchange: 'XNYS' })],
      directory: [
        { ticker: 'AAPL', cik: '0000320193', name: 'Apple Inc.', exchange: 'Nasdaq' },
        { ticker: 'QZTK', cik: '0002012345', name: 'Quartzkite', exchange: 'Nasdaq' },
        { ticker: 'OLDC', cik: '0009999999', name: 'New holder of OLDC', exchange: 'NYSE' },
      ],
      previouslyActive: new Set(),
      minActive: 3,
    });
    expect(out.wholeAnswerRefused).toBeNull();
    expect(out.listings.map((l) => [l.symbol, l.cik, l.type, l.exchange, l.active, l.delisted_on, l.source])).toEqual([
      ['AAPL', '0000320193', 'stock', 'NASDAQ', true, null, 'massive-reference+sec-tickers'],
      ['OLDC', '0000712515', 'stock', 'NYSE', false, '2024-03-01', 'massive-reference'],
      ['QZTK', '0002012345', 'stock', 'NASDAQ', true, null, 'massive-reference+sec-tickers'],
      ['SPY', null, 'etf', 'NYSE Arca', true, null, 'massive-reference'],
    ]);
  });

  it('a ticker reused after delistings is its active listing; of three delistings of one ticker the newest is kept', () => {
    const out = mergeListings({
      day: DAY,
      active: [ticker('META')],
      delisted: [
        ticker('META', { active: false, delisted_on: '2010-01-04' }),
        ticker('FB', { active: false, delisted_on: '2012-05-01', name: 'Old FB' }),
        ticker('FB', { active: false, delisted_on: '2022-06-08', name: 'Meta Platforms (as FB)' }),
        ticker('FB', { active: false, delisted_on: '2015-01-02', name: 'Older FB' }),
      ],
      directory: null,
      previouslyActive: new Set(),
      minActive: 1,
    });
    expect(out.listings.map((l) => [l.symbol, l.active, l.delisted_on, l.name])).toEqual([
      ['FB', false, '2022-06-08', 'Meta Platforms (as FB)'],
      ['META', true, null, 'META Inc.'],
    ]);
  });

  it('a symbol stored as active and in neither list today is gone (delisted as of the day, not deleted); one the vendor dates is not', () => {
    const out = mergeListings({
      day: DAY,
      active: [
        ticker('AAPL'),
        ticker('MSFT'),
        ticker('KO'),
        ticker('PEP'),
        ticker('SPY'),
        ticker('QQQ'),
        ticker('IWM'),
        ticker('DIA'),
        ticker('XOM'),
        ticker('CVX'),
      ],
      delisted: [ticker('TWTR', { active: false, delisted_on: '2022-11-08' })],
      directory: null,
      previouslyActive: new Set(['AAPL', 'MSFT', 'KO', 'PEP', 'SPY', 'QQQ', 'IWM', 'DIA', 'XOM', 'CVX', 'TWTR', 'GONE']),
      minActive: 1,
    });
    // 10 active where 12 were: 16.7% fewer, over the 10% a day (12 × 0.9 = 10.8 > 10).
    expect(out.wholeAnswerRefused).toMatch(/10 active listings where 12 were listed before/);
    const ok = mergeListings({
      day: DAY,
      active: [
        ticker('AAPL'),
        ticker('MSFT'),
        ticker('KO'),
        ticker('PEP'),
        ticker('SPY'),
        ticker('QQQ'),
        ticker('IWM'),
        ticker('DIA'),
        ticker('XOM'),
        ticker('CVX'),
      ],
      delisted: [ticker('TWTR', { active: false, delisted_on: '2022-11-08' })],
      directory: null,
      // 11 before, 10 now: 9.1% fewer, inside the 10% a day.
      previouslyActive: new Set(['AAPL', 'MSFT', 'KO', 'PEP', 'SPY', 'QQQ', 'IWM', 'DIA', 'XOM', 'CVX', 'GONE']),
      minActive: 1,
    });
    expect(ok.wholeAnswerRefused).toBeNull();
    expect(ok.goneFromActive).toEqual(['GONE']);
    expect(ok.listings.find((l) => l.symbol === 'TWTR')).toMatchObject({ active: false, delisted_on: '2022-11-08' });
  });

  it('a cut answer is refused whole: below the floor, nothing is stored and nobody is delisted', () => {
    const out = mergeListings({
      day: DAY,
      active: [ticker('AAPL')],
      delisted: [],
      directory: null,
      previouslyActive: new Set(['AAPL', 'MSFT']),
      minActive: 5000,
    });
    expect(out).toEqual({
      wholeAnswerRefused: 'The answer holds 1 active listings where a US market has at least 5000.',
      listings: [],
      refused: [{ key: 'tickers', code: 'truncated_answer', reason: 'The answer holds 1 active listings where a US market has at least 5000.' }],
      goneFromActive: [],
    });
  });

  it('a ticker that is not a plausible symbol is refused with its reason; class shares are spelled with a dot', () => {
    const out = mergeListings({
      day: DAY,
      active: [ticker('BRK.B'), ticker('BAD TICKER'), ticker('AAPL')],
      delisted: [],
      directory: [{ ticker: 'BRK.B', cik: '0001067983', name: 'BERKSHIRE HATHAWAY INC', exchange: 'NYSE' }],
      previouslyActive: new Set(),
      minActive: 2,
    });
    expect(out.listings.map((l) => [l.symbol, l.cik])).toEqual([
      ['AAPL', null],
      ['BRK.B', '0001067983'],
    ]);
    expect(out.refused).toEqual([{ key: 'BAD TICKER', code: 'missing_field', reason: expect.stringContaining('is not a ticker') }]);
  });
});
