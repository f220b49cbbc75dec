import type { Context } from 'hono';
import type { DataFreshness } from '../../../core/market/freshness.ts';
import { selectFundamentalsAsOf } from '../../../core/market/point-in-time.ts';
import { isHistoryRange } from '../../../core/market/ranges.ts';
import { requireUser } from '../../http/openapi.ts';
import type { AppRouteHandler } from '../../http/route-handler.ts';
import { AppError } from '../../lib/errors.ts';
import type { MarketService } from './market-service.ts';
import type { dividendsRoute, etfRoute, freshnessRoute, fundamentalsRoute, historyRoute, profileRoute, quoteRoute, searchRoute } from './market.routes.ts';

/** `readQualityReport`: data/QUALITY.md, served as markdown at QUALITY_REPORT_PATH. */
export function createMarketHandlers(market: MarketService, readQualityReport: () => string, readFreshness: () => DataFreshness) {
  const symbolOf = (c: { req: { param: (k: 'symbol') => string } }) => market.resolveSymbol(c.req.param('symbol'));

  const search: AppRouteHandler<typeof searchRoute> = async (c) => {
    requireUser(c);
    const { q, limit } = c.req.valid('query');
    return c.json({ query: q, results: await market.search(q, limit), data_as_of: market.dataAsOf() }, 200);
  };

  const getQuote: AppRouteHandler<typeof quoteRoute> = async (c) => {
    requireUser(c);
    return c.json(await market.getQuote(await symbolOf(c)), 200);
  };

  const getHistory: AppRouteHandler<typeof historyRoute> = async (c) => {
    requireUser(c);
    const range = c.req.valid('query').range ?? '1y';
    if (!isHistoryRange(range)) throw new AppError('INVALID_RANGE', 'range must be one of 1m, 3m, 6m, ytd, 1y, 3y, 5y, max.', { field: 'range' });
    return c.json({ ...(await market.getHistory(await symbolOf(c), range)), range }, 200);
  };

  const getFundamentals: AppRouteHandler<typeof fundamentalsRoute> = async (c) => {
    requireUser(c);
    const { as_of: asOf } = c.req.valid('query');
    const f = await market.getFundamentals(await symbolOf(c));
    return c.json(asOf ? { ...selectFundamentalsAsOf(f, asOf), as_of: asOf } : f, 200);
  };

  const getProfile: AppRouteHandler<typeof profileRoute> = async (c) => {
    requireUser(c);
    const symbol = await symbolOf(c);
    const [profile, coverage] = await Promise.all([market.getProfile(symbol), market.coverage(symbol)]);
    return c.json({ ...profile, coverage, data_as_of: market.dataAsOf() }, 200);
  };

  const getEtf: AppRouteHandler<typeof etfRoute> = async (c) => {
    requireUser(c);
    return c.json(await market.getEtf(await symbolOf(c)), 200);
  };

  const getDividends: AppRouteHandler<typeof dividendsRoute> = async (c) => {
    requireUser(c);
    return c.json(await market.getDividends(await symbolOf(c)), 200);
  };

  // Public like /api/health: the banner shows on signed-out pages too. Cached a minute: it moves once a day.
  const getFreshness: AppRouteHandler<typeof freshnessRoute> = (c) => {
    c.header('Cache-Control', 'public, max-age=60');
    return c.json(readFreshness(), 200);
  };

  const getQualityReport = (c: Context) => {
    const report = readQualityReport();
    c.header('Content-Type', 'text/markdown; charset=utf-8');
    c.header('Cache-Control', 'public, max-age=0, must-revalidate');
    return c.body(report);
  };

  return { search, getQuote, getHistory, getFundamentals, getProfile, getEtf, getDividends, getFreshness, getQualityReport };
}
