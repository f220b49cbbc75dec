import type { Fact } from '../../../../core/analysis/analysis-types.ts';
import { FactSheet } from '../../../../core/analysis/runs/facts.ts';
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
  // Quote keys of their own: a delayed quote is not the data day's close (`price`) the analyses value at.
  const sheet = new FactSheet();
  sheet.put('quote_price', q.price, at);
  if (q.change !== null) sheet.put('quote_change', q.change, at, { label: `Change ${over}` });
  if (q.change_percent !== null) sheet.put('quote_change_percent', q.change_percent, at, { label: `Change ${over} (percent)` });
  const facts: Fact[] = sheet.facts;
  return { tool: 'get_quote', symbol, facts: withOrigin(facts, symbol, hrefForKind('overview', symbol)), notes: [q.name] };
}
