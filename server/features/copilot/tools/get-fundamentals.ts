import type { CopilotToolResult } from '../../../../core/copilot/copilot-types.ts';
import { collectCompanyFactSet, collectFacts, isToolError, resolveSymbol, type ToolSession, toolError, toolResult } from './tool-session.ts';

/**
 * Statement figures as of the data day (revenue, net income, free cash flow, cash, debt, equity…) and
 * the price and market cap, each linked to the fundamental tab or balance sheet that shows it. For an
 * ETF: its costs, size and concentration from the ETF analysis.
 */
export async function getFundamentals(session: ToolSession, input: { symbol: string }): Promise<CopilotToolResult> {
  const symbol = await resolveSymbol(session, input.symbol);
  if (isToolError(symbol)) return toolError('get_fundamentals', null, symbol);
  const profile = await session.deps.market.getProfile(symbol);
  if (profile.type === 'etf') return toolResult('get_fundamentals', symbol, await collectFacts(session, symbol, [['etf', null]], () => true), [profile.name]);
  return toolResult('get_fundamentals', symbol, await collectCompanyFactSet(session, symbol, 'statements'), [profile.name]);
}
