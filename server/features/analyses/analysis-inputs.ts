import type { AnalysisInputName, AnalysisInputs } from '../../../core/analysis/analysis-types.ts';
import { selectFundamentalsAsOf } from '../../../core/market/point-in-time.ts';
import { cutRecords } from '../../../core/analysis/fundamentals/dividend-history.ts';
import type { PriceHistory, Profile } from '../../../core/market/types.ts';
import { isAppError } from '../../lib/errors.ts';
import type { MarketService } from '../market/index.ts';

/** The benchmark for beta and correlation. */
export const BENCHMARK_SYMBOL = 'SPY';

/** A figure the snapshot does not have is an input left null (the builder says what is missing), not an error. */
async function orNull<T>(load: () => Promise<T>): Promise<T | null> {
  try {
    return await load();
  } catch (e) {
    if (isAppError(e) && e.code === 'NO_DATA') return null;
    throw e;
  }
}

/** The full price history of a symbol (daily bars, or month-ends for names without them), or null. */
export const loadPriceHistory = (market: MarketService, symbol: string): Promise<PriceHistory | null> => orNull(() => market.getHistory(symbol, 'max'));

/**
 * The data day of a symbol: the date of its last price bar. Everything an analysis uses is as known on
 * that day (point in time); without prices it is the snapshot's date.
 */
export function findDataDay(market: MarketService, history: PriceHistory | null): string {
  return history?.bars.at(-1)?.date ?? market.dataAsOf();
}

/**
 * Loads what `names` lists for one run (everything else stays null or empty) plus the price history,
 * fundamentals cut to what was filed by the data day. `history` is the symbol's price history, already loaded to find that day.
 */
export async function loadAnalysisInputs(
  market: MarketService,
  req: { symbol: string; profile: Profile; history: PriceHistory | null; names: readonly AnalysisInputName[] },
): Promise<AnalysisInputs> {
  const { symbol, profile, history, names } = req;
  const wants = (n: AnalysisInputName) => names.includes(n);
  const asOf = findDataDay(market, history);
  const [quote, benchmark, fundamentals, etf, dividends, sectorTable, capm] = await Promise.all([
    wants('quote') ? orNull(() => market.getQuote(symbol)) : null,
    wants('benchmark') ? loadPriceHistory(market, BENCHMARK_SYMBOL) : null,
    wants('fundamentals') ? orNull(() => market.getFundamentals(symbol)) : null,
    wants('etf') ? orNull(() => market.getEtf(symbol)) : null,
    wants('dividends') ? orNull(() => market.getDividends(symbol)) : null,
    wants('sectorTable') ? market.getSectorTable() : null,
    // The risk-free/ERP pair comes from the market service alone (the snapshot's, continued by the store), dated.
    wants('fundamentals') ? market.getCapmPair() : null,
  ]);
  return {
    symbol,
    asOf,
    profile,
    quote,
    // The history is loaded for the data day anyway: every builder gets it (prices feed market cap and P/E too).
    daily: history?.interval === '1d' ? history : null,
    monthly: history?.interval === '1mo' ? history : null,
    benchmark: benchmark?.interval === '1d' ? benchmark : null,
    fundamentals: fundamentals ? selectFundamentalsAsOf(fundamentals, asOf) : null,
    etf,
    // The request names no second ETF: the overlap picker compares on the page.
    compareEtf: null,
    dividends: dividends?.dividends.filter((d) => d.ex_date <= asOf) ?? [],
    dividendRecords: cutRecords(dividends?.records ?? null, asOf),
    sectorTable,
    capm,
  };
}
