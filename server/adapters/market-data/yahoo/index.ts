import { type HistoryRange, lowerBound, rangeStartDate } from '../../../../core/market/ranges.ts';
import { toYahooSymbol } from '../../../../core/market/symbol.ts';
import type { Dividend, PriceBar, PriceHistory, Quote, Split } from '../../../../core/market/types.ts';
import { fetchJson, type FetchJsonOptions, UpstreamError } from '../http.ts';
import type { FetchLike, MarketDataProvider } from '../types.ts';

/** The parts of Yahoo's v8 chart answer we read (query1.finance.yahoo.com/v8/finance/chart/{symbol}). */
interface YahooChartResponse {
  chart: {
    result: Array<{
      meta: {
        symbol: string;
        currency?: string;
        regularMarketPrice?: number;
        regularMarketTime?: number;
        chartPreviousClose?: number;
        previousClose?: number;
        gmtoffset?: number;
        longName?: string;
        shortName?: string;
      };
      timestamp?: number[];
      indicators: {
        quote: Array<{
          open?: Array<number | null>;
          high?: Array<number | null>;
          low?: Array<number | null>;
          close?: Array<number | null>;
          volume?: Array<number | null>;
        }>;
      };
      events?: {
        dividends?: Record<string, { amount: number; date: number }>;
        splits?: Record<string, { date: number; numerator: number; denominator: number; splitRatio?: string }>;
      };
    }> | null;
    error: { code: string; description: string } | null;
  };
}

interface YahooOptions extends Omit<FetchJsonOptions, 'fetch' | 'headers'> {
  fetch: FetchLike;
  baseUrl?: string;
}

const SOURCE = 'yahoo-live';
const yahooRange: Record<HistoryRange, [range: string, interval: string]> = {
  '1m': ['1mo', '1d'],
  '3m': ['3mo', '1d'],
  '6m': ['6mo', '1d'],
  ytd: ['ytd', '1d'],
  '1y': ['1y', '1d'],
  '3y': ['5y', '1d'],
  '5y': ['5y', '1d'],
  max: ['max', '1mo'],
};

const round4 = (v: number) => Math.round(v * 10_000) / 10_000;
const isoDate = (ts: number, gmtoffset = 0) => new Date((ts + gmtoffset) * 1000).toISOString().slice(0, 10);

/** Quotes, daily history, dividends and splits from Yahoo's public chart endpoint (no key; delayed). */
export function createYahooProvider(options: YahooOptions): MarketDataProvider {
  const base = options.baseUrl ?? 'https://query1.finance.yahoo.com';
  const chart = async (symbol: string, params: string) => {
    const url = `${base}/v8/finance/chart/${encodeURIComponent(toYahooSymbol(symbol))}?${params}`;
    const body = await fetchJson<YahooChartResponse>(url, { ...options, headers: { 'user-agent': 'Mozilla/5.0 (compatible; Stockpilot)' } });
    if (body === null) return null;
    if (!body.chart || !('result' in body.chart)) throw new UpstreamError('Yahoo chart answer has an unexpected shape', 200, false);
    const result = body.chart.result?.[0];
    if (!result) return null;
    return result;
  };

  const toBars = (r: NonNullable<Awaited<ReturnType<typeof chart>>>): PriceBar[] => {
    const q = r.indicators.quote[0] ?? {};
    const bars: PriceBar[] = [];
    (r.timestamp ?? []).forEach((ts, i) => {
      const close = q.close?.[i];
      if (close === null || close === undefined) return; // Yahoo sends nulls for halted or not-yet-closed bars
      bars.push({
        date: isoDate(ts, r.meta.gmtoffset),
        open: round4(q.open?.[i] ?? close),
        high: round4(q.high?.[i] ?? close),
        low: round4(q.low?.[i] ?? close),
        close: round4(close),
        volume: q.volume?.[i] ?? null,
      });
    });
    return bars;
  };

  return {
    id: 'yahoo',
    async getQuote(symbol): Promise<Quote | null> {
      const r = await chart(symbol, 'range=5d&interval=1d');
      if (!r) return null;
      const bars = toBars(r);
      const price = r.meta.regularMarketPrice ?? bars.at(-1)?.close;
      if (price === undefined) return null;
      const prev = bars.length >= 2 ? bars[bars.length - 2]!.close : (r.meta.previousClose ?? r.meta.chartPreviousClose ?? null);
      return {
        symbol,
        name: r.meta.longName ?? r.meta.shortName ?? symbol,
        currency: r.meta.currency ?? 'USD',
        price,
        previous_close: prev,
        change: prev === null ? null : Math.round((price - prev) * 100) / 100,
        change_percent: prev ? Math.round(((price - prev) / prev) * 10_000) / 100 : null,
        change_period: '1d',
        delayed: true,
        source: SOURCE,
        as_of: r.meta.regularMarketTime ? new Date(r.meta.regularMarketTime * 1000).toISOString() : (bars.at(-1)?.date ?? ''),
      };
    },
    async getHistory(symbol, range): Promise<PriceHistory | null> {
      const [yr, interval] = yahooRange[range];
      const r = await chart(symbol, `range=${yr}&interval=${interval}`);
      if (!r) return null;
      let bars = toBars(r);
      if (bars.length === 0) return null;
      const start = rangeStartDate(range, bars.at(-1)!.date);
      if (start && range === '3y')
        bars = bars.slice(
          lowerBound(
            bars.map((b) => b.date),
            start,
          ),
        );
      return { symbol, interval: interval === '1mo' ? '1mo' : '1d', adjustment: 'split', bars, source: SOURCE, as_of: bars.at(-1)!.date };
    },
    async getDividends(symbol): Promise<Dividend[] | null> {
      const r = await chart(symbol, 'range=max&interval=1mo&events=div%2Csplit');
      if (!r) return null;
      return Object.values(r.events?.dividends ?? {})
        .map((d) => ({ ex_date: isoDate(d.date), amount: round4(d.amount), pay_date: null, source: SOURCE }))
        .sort((a, b) => (a.ex_date < b.ex_date ? -1 : 1));
    },
    async getSplits(symbol): Promise<Split[] | null> {
      const r = await chart(symbol, 'range=max&interval=1mo&events=div%2Csplit');
      if (!r) return null;
      return Object.values(r.events?.splits ?? {})
        .filter((s) => s.denominator > 0)
        .map((s) => ({ date: isoDate(s.date), ratio: round4(s.numerator / s.denominator), source: SOURCE }))
        .sort((a, b) => (a.date < b.date ? -1 : 1));
    },
  };
}
