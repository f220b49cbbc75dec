import type { ApiKeyScope } from '../../../core/public-api/limits.ts';
import { selectFundamentalsAsOf } from '../../../core/market/point-in-time.ts';
import { readCell } from '../../../core/screener/table.ts';
import { AppError } from '../../lib/errors.ts';
import { type AnalysesService, listAnalysesPage } from '../analyses/index.ts';
import type { MarketService } from '../market/index.ts';
import type { ScreenerService } from '../screener/index.ts';
import type { LedgerService } from '../tokens/index.ts';
import type { SymbolRatiosResponse } from './public-api.routes.ts';

export const PUBLIC_API_PREFIX = '/api/v1';

/** Running an analysis is the one paid call: it needs the `analyses` scope and counts in that (smaller) window; everything else is `read`. */
export const scopeOfV1Request = (method: string, path: string): ApiKeyScope =>
  method === 'POST' && path === `${PUBLIC_API_PREFIX}/analyses` ? 'analyses' : 'read';

export interface PublicApiDeps {
  market: MarketService;
  analyses: AnalysesService;
  screener: ScreenerService;
  ledger: LedgerService;
}

/** Every screener field of one symbol: its ratios and scores, in the screener's ids and units. */
async function getRatiosOrThrow(deps: PublicApiDeps, rawSymbol: string): Promise<SymbolRatiosResponse> {
  const symbol = await deps.market.resolveSymbol(rawSymbol);
  const { table } = await deps.screener.getSnapshot();
  const row = table.symbols.indexOf(symbol);
  if (row < 0) throw new AppError('NO_DATA', `No ratios for ${symbol}: they cover the screener's universe (S&P 500 companies and the covered ETFs).`);
  const values = Object.fromEntries([...table.columns.values()].map((col) => [col.field.id, readCell(col, row)]));
  return { symbol, name: table.names[row]!, values, data_as_of: table.dataAsOf };
}

/** /api/v1 over the app's services: the same reads, runs and balance the app serves, for the owner of the request's key. */
export function createPublicApiService(deps: PublicApiDeps) {
  const { market, analyses, screener, ledger } = deps;
  return {
    getQuote: async (rawSymbol: string) => market.getQuote(await market.resolveSymbol(rawSymbol)),
    getHistory: async (rawSymbol: string, range: Parameters<MarketService['getHistory']>[1]) => market.getHistory(await market.resolveSymbol(rawSymbol), range),
    /** As filed by `asOf` when given (point in time), else every filing. */
    getFundamentals: async (rawSymbol: string, asOf: string | undefined) => {
      const f = await market.getFundamentals(await market.resolveSymbol(rawSymbol));
      return asOf ? { ...selectFundamentalsAsOf(f, asOf), as_of: asOf } : f;
    },
    getRatiosOrThrow: (rawSymbol: string) => getRatiosOrThrow(deps, rawSymbol),
    queryScreener: (body: Parameters<ScreenerService['queryScreener']>[0]) => screener.queryScreener(body),
    runAnalysis: (userId: string, body: Parameters<AnalysesService['runAnalysis']>[1], idempotencyKey?: string) =>
      analyses.runAnalysis(userId, body, idempotencyKey),
    listAnalysesPage: (userId: string, query: Parameters<typeof listAnalysesPage>[2]) => listAnalysesPage(analyses, userId, query),
    getAnalysisOrThrow: (userId: string, id: string) => analyses.getAnalysisOrThrow(userId, id),
    getAccount: (userId: string) => ledger.getAccount(userId),
  };
}
export type PublicApiService = ReturnType<typeof createPublicApiService>;
