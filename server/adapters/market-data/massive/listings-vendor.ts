import type { IngestRefusal, IngestTicker, Validated } from '../../../../core/market/ingest-validation.ts';
import type { SecEdgarClient } from '../sec-edgar/client.ts';
import type { ListingsVendor, VendorDay } from '../types.ts';
import type { MassiveClient } from './index.ts';

/** A refusal of an answer as a whole names the request (`tickers`, `company_tickers_exchange`, the symbol), not an item. */
const asVendorDay = <T>(v: Validated<T>, wholeKey: string): VendorDay<T> => {
  const whole = v.refused.find((r) => r.key === wholeKey)?.reason ?? null;
  return { accepted: whole ? [] : v.accepted, refused: v.refused, wholeAnswerRefused: whole };
};

/** Several answers that make one list: any of them refused whole refuses the list. */
const joinAnswers = (answers: Validated<IngestTicker>[]): VendorDay<IngestTicker> => {
  const refused: IngestRefusal[] = answers.flatMap((a) => a.refused);
  const whole = refused.find((r) => r.key === 'tickers')?.reason ?? null;
  return { accepted: whole ? [] : answers.flatMap((a) => a.accepted), refused, wholeAnswerRefused: whole };
};

/**
 * Massive's reference tickers (common stocks and ETFs, active and delisted: four paged lists) with the SEC's
 * ticker→CIK directory when EDGAR is configured, and Massive's per-ticker aggregates and splits for a backfill.
 */
export function createMassiveListingsVendor(client: MassiveClient, sec: SecEdgarClient | null): ListingsVendor {
  return {
    id: 'massive',
    async fetchListings() {
      // One after another: the four lists are a few dozen pages, and a vendor's rate limit counts each.
      const activeStocks = await client.fetchTickers({ active: true, type: 'CS' });
      const activeEtfs = await client.fetchTickers({ active: true, type: 'ETF' });
      const delistedStocks = await client.fetchTickers({ active: false, type: 'CS' });
      const delistedEtfs = await client.fetchTickers({ active: false, type: 'ETF' });
      return { active: joinAnswers([activeStocks, activeEtfs]), delisted: joinAnswers([delistedStocks, delistedEtfs]) };
    },
    ...(sec ? { fetchTickerDirectory: async () => asVendorDay(await sec.fetchTickerDirectory(), 'company_tickers_exchange') } : {}),
    async fetchPriceHistory(symbol, from, to) {
      // The symbol's splits first: a bar after a split is checked against the close before it on the new basis.
      const splits = await client.fetchSplits(from, symbol);
      const bars = await client.fetchAggregates(symbol, from, to, { adjusted: false, splits: splits.accepted });
      return {
        bars: asVendorDay(bars, symbol),
        splits: { accepted: splits.accepted.filter((s) => s.symbol === symbol && s.date <= to), refused: splits.refused, wholeAnswerRefused: null },
      };
    },
  };
}
