import type { CopilotPeriod, CopilotToolResult } from '../../../../core/copilot/copilot-types.ts';
import { computePriceStats } from '../../../../core/copilot/price-stats.ts';
import { hrefForKind, isToolError, resolveSymbol, type ToolSession, toolError, withOrigin } from './tool-session.ts';

/** Change, start and end closes, high and low over a period, from the same split-adjusted history the charts use. */
export async function getPriceStats(session: ToolSession, input: { symbol: string; period: CopilotPeriod }): Promise<CopilotToolResult> {
  const symbol = await resolveSymbol(session, input.symbol);
  if (isToolError(symbol)) return toolError('get_price_stats', null, symbol);
  const history = await session.deps.loadPriceHistory(session.deps.market, symbol);
  if (!history) return toolError('get_price_stats', symbol, { error: { code: 'NO_DATA', message: `No price history for ${symbol}.` } });
  const stats = computePriceStats(history, input.period);
  if (!stats.ok) return toolError('get_price_stats', symbol, { error: { code: 'UNPROCESSABLE', message: stats.error.message } });
  // Daily bars are charted on the technical page; month-end-only names on the overview.
  const href = hrefForKind(history.interval === '1d' ? 'technical' : 'overview', symbol);
  return { tool: 'get_price_stats', symbol, facts: withOrigin(stats.value, symbol, href) };
}
