import type { AppRouteHandler } from '../../http/route-handler.ts';
import { toAnalysisBody } from '../analyses/index.ts';
import { requireApiCaller } from '../api-keys/index.ts';
import { toScreenerResultBody } from '../screener/index.ts';
import { toSubscriptionBody } from '../tokens/index.ts';
import type {
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
import type { PublicApiService } from './public-api-service.ts';

/** /api/v1 over the app's services, for the owner of the request's API key (the middleware has checked key, plan, scope and rate). */
export function createPublicApiHandlers(service: PublicApiService) {
  const symbolOf = (c: { req: { param: (k: 'symbol') => string } }) => c.req.param('symbol');

  const getQuote: AppRouteHandler<typeof v1QuoteRoute> = async (c) => c.json(await service.getQuote(symbolOf(c)), 200);

  const getHistory: AppRouteHandler<typeof v1HistoryRoute> = async (c) => {
    const { range } = c.req.valid('query');
    return c.json({ ...(await service.getHistory(symbolOf(c), range)), range }, 200);
  };

  const getFundamentals: AppRouteHandler<typeof v1FundamentalsRoute> = async (c) => {
    const { as_of: asOf } = c.req.valid('query');
    return c.json(await service.getFundamentals(symbolOf(c), asOf), 200);
  };

  const getRatios: AppRouteHandler<typeof v1RatiosRoute> = async (c) => c.json(await service.getRatiosOrThrow(c.req.valid('param').symbol), 200);

  const queryScreener: AppRouteHandler<typeof v1ScreenerQueryRoute> = async (c) =>
    c.json(toScreenerResultBody(await service.queryScreener(c.req.valid('json'))), 200);

  const createAnalysis: AppRouteHandler<typeof v1CreateAnalysisRoute> = async (c) => {
    const caller = requireApiCaller(c);
    const outcome = await service.runAnalysis(caller.userId, c.req.valid('json'), c.req.valid('header')['idempotency-key']);
    return outcome.replayed ? c.json(toAnalysisBody(outcome.analysis), 200) : c.json(toAnalysisBody(outcome.analysis), 201);
  };

  const listAnalyses: AppRouteHandler<typeof v1ListAnalysesRoute> = async (c) =>
    c.json(await service.listAnalysesPage(requireApiCaller(c).userId, c.req.valid('query')), 200);

  const getAnalysis: AppRouteHandler<typeof v1GetAnalysisRoute> = async (c) =>
    c.json(toAnalysisBody(await service.getAnalysisOrThrow(requireApiCaller(c).userId, c.req.valid('param').id)), 200);

  const getBalance: AppRouteHandler<typeof v1BalanceRoute> = async (c) => c.json(toSubscriptionBody(await service.getAccount(requireApiCaller(c).userId)), 200);

  return { getQuote, getHistory, getFundamentals, getRatios, queryScreener, createAnalysis, listAnalyses, getAnalysis, getBalance };
}
