import type { AnalysisInputs } from '../../../core/analysis/analysis-types.ts';
import { selectFundamentalsAsOf } from '../../../core/market/point-in-time.ts';
import type { PriceHistory } from '../../../core/market/types.ts';
import { computeScreenerRow } from '../../../core/screener/row-values.ts';
import type { LoadedUniverse } from '../../../core/screener/screener-types.ts';
import { createUniverseRead, type MarketService, mapYielding, orNull, type UniverseEntry, type UniverseRead } from '../market/index.ts';

/** The benchmark for beta, as the technical analysis uses it. */
const BENCHMARK_SYMBOL = 'SPY';

interface SharedInputs {
  benchmark: PriceHistory | null;
  sectorTable: AnalysisInputs['sectorTable'];
  fallbackDay: string;
}

/** What an analysis of this symbol would read today: point in time at its last price bar. */
function toScreenerInputs(entry: UniverseEntry, shared: SharedInputs): AnalysisInputs {
  const { history, fundamentals } = entry;
  const asOf = history?.bars.at(-1)?.date ?? shared.fallbackDay;
  return {
    symbol: entry.listing.symbol,
    asOf,
    profile: entry.profile,
    quote: null,
    daily: history?.interval === '1d' ? history : null,
    monthly: history?.interval === '1mo' ? history : null,
    benchmark: shared.benchmark,
    fundamentals: fundamentals ? selectFundamentalsAsOf(fundamentals, asOf) : null,
    etf: entry.etf,
    compareEtf: null,
    dividends: entry.dividends.filter((d) => d.ex_date <= asOf),
    sectorTable: shared.sectorTable,
  };
}

export type { LoadedUniverse };

/**
 * Every covered stock and ETF as a screener row, by symbol, from the shared universe read
 * (`maxAgeMs`: live data older than this is read again).
 */
export async function loadScreenerRows(
  market: MarketService,
  universe: UniverseRead = createUniverseRead(market),
  maxAgeMs: number | null = null,
): Promise<LoadedUniverse> {
  const [entries, benchmark, sectorTable] = await Promise.all([
    universe.read({ maxAgeMs }),
    orNull(() => market.getHistory(BENCHMARK_SYMBOL, 'max')),
    market.getSectorTable(),
  ]);
  const shared: SharedInputs = { benchmark: benchmark?.interval === '1d' ? benchmark : null, sectorTable, fallbackDay: market.dataAsOf() };
  const kept = await mapYielding(entries, (entry) => {
    const inputs = toScreenerInputs(entry, shared);
    return { row: computeScreenerRow(inputs), type: entry.profile.type, asOf: inputs.asOf };
  });
  const dataAsOf = kept.reduce((d, r) => (r.asOf > d ? r.asOf : d), '') || market.dataAsOf();
  return {
    rows: kept.map((r) => r.row),
    dataAsOf,
    stocks: kept.filter((r) => r.type === 'stock').length,
    etfs: kept.filter((r) => r.type === 'etf').length,
  };
}
