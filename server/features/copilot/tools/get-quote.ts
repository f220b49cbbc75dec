import type { Fact } from '../../../../core/analysis/analysis-types.ts';
import { roundForUnit } from '../../../../core/analysis/runs/facts.ts';
import type { CopilotToolResult } from '../../../../core/copilot/copilot-types.ts';
import { catchUserError, hrefForKind, isToolError, resolveSymbol, type ToolSession, toolError, withOrigin } from './tool-session.ts';

/** The latest (delayed) price and its change over the last bar: the quote in the top bar and on /overview. */
export async function getQuote(session: ToolSession, input: { symbol: string }): Promise<CopilotToolResult> {
  const symbol = await resolveSymbol(session, input.symbol);
  if (isToolError(symbol)) return toolError('get_quote', null, symbol);
  const q = await catchUserError(() => session.deps.market.getQuote(symbol));
  if (isToolError(q)) return toolError('get_quote', symbol, q);
  const over = q.change_period === '1d' ? 'on the day' : 'over the month';
  const at = { period: q.as_of, source: q.source, as_of: q.as_of };
  const facts: Fact[] = [{ key: 'price', label: 'Price (delayed)', value: roundForUnit(q.price, 'usd_per_share'), unit: 'usd_per_share', ...at }];
  if (q.change !== null) facts.push({ key: 'change', label: `Change ${over}`, value: roundForUnit(q.change, 'usd_per_share'), unit: 'usd_per_share', ...at });
  if (q.change_percent !== null) {
    facts.push({ key: 'change_percent', label: `Change ${over} (percent)`, value: roundForUnit(q.change_percent, 'percent'), unit: 'percent', ...at });
  }
  return { tool: 'get_quote', symbol, facts: withOrigin(facts, symbol, hrefForKind('overview', symbol)), notes: [q.name] };
}
