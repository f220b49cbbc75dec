import { selectFundamentalsAsOf } from '../../../core/market/point-in-time.ts';
import { readCell } from '../../../core/screener/table.ts';
import type { AppRouteHandler } from '../../http/route-handler.ts';
import { AppError } from '../../lib/errors.ts';
import { type AnalysesService, listAnalysesPage, toAnalysisBody } from '../analyses/index.ts';
import { requireApiCaller } from '../api-keys/index.ts';
import type { MarketService } from '../market/index.ts';
import { type ScreenerService, toScreenerResultBody } from '../screener/index.ts';
import { type LedgerService, toSubscriptionBody } from '../tokens/index.ts';
import type {
  SymbolRatiosResponse,
  v1BalanceRoute,
  v1CreateAnalysisRoute,
  v1FundamentalsRoute,
  v1GetAnalysisRoute,
  v1HistoryRoute,
  v1ListAnalysesRoute,
  v1QuoteRoute,
  v1RatiosRoute,
  v1ScreenerQueryRoute,
} from './public-api.routes.ts';

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

/** /api/v1 over the app's services, for the owner of the request's API key (the middleware has checked key, plan, scope and rate). */
export function createPublicApiHandlers(deps: PublicApiDeps) {
  const { market, analyses, screener, ledger } = deps;
  const symbolOf = (c: { req: { param: (k: 'symbol') => string } }) => market.resolveSymbol(c.req.param('symbol'));

  const getQuote: AppRouteHandler<typeof v1QuoteRoute> = async (c) => c.json(await market.getQuote(await symbolOf(c)), 200);

  const getHistory: AppRouteHandler<typeof v1HistoryRoute> = async (c) => {
    const { range } = c.req.valid('query');
    return c.json({ ...(await market.getHistory(await symbolOf(c), range)), range }, 200);
  };

  const getFundamentals: AppRouteHandler<typeof v1FundamentalsRoute> = async (c) => {
    const { as_of: asOf } = c.req.valid('query');
    const f = await market.getFundamentals(await symbolOf(c));
    return c.json(asOf ? { ...selectFundamentalsAsOf(f, asOf), as_of: asOf } : f, 200);
  };

  const getRatios: AppRouteHandler<typeof v1RatiosRoute> = async (c) => c.json(await getRatiosOrThrow(deps, c.req.valid('param').symbol), 200);

  const queryScreener: AppRouteHandler<typeof v1ScreenerQueryRoute> = async (c) =>
    c.json(toScreenerResultBody(await screener.queryScreener(c.req.valid('json'))), 200);

  const createAnalysis: AppRouteHandler<typeof v1CreateAnalysisRoute> = async (c) => {
    const caller = requireApiCaller(c);
    const outcome = await analyses.runAnalysis(caller.userId, c.req.valid('json'), c.req.valid('header')['idempotency-key']);
    return outcome.replayed ? c.json(toAnalysisBody(outcome.analysis), 200) : c.json(toAnalysisBody(outcome.analysis), 201);
  };

  const listAnalyses: AppRouteHandler<typeof v1ListAnalysesRoute> = async (c) =>
    c.json(await listAnalysesPage(analyses, requireApiCaller(c).userId, c.req.valid('query')), 200);

  const getAnalysis: AppRouteHandler<typeof v1GetAnalysisRoute> = async (c) =>
    c.json(toAnalysisBody(await analyses.getAnalysisOrThrow(requireApiCaller(c).userId, c.req.valid('param').id)), 200);

  const getBalance: AppRouteHandler<typeof v1BalanceRoute> = async (c) => c.json(toSubscriptionBody(await ledger.getAccount(requireApiCaller(c).userId)), 200);

  return { getQuote, getHistory, getFundamentals, getRatios, queryScreener, createAnalysis, listAnalyses, getAnalysis, getBalance };
}
