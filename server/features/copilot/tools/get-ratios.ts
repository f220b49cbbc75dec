import type { CopilotToolResult } from '../../../../core/copilot/copilot-types.ts';
import { collectCompanyFactSet, isToolError, resolveSymbol, type ToolSession, toolError, toolResult } from './tool-session.ts';

/** Margins, returns, growth, valuation multiples, liquidity and leverage: every ratio the fundamental tabs show, linked to the first tab that shows it. */
export async function getRatios(session: ToolSession, input: { symbol: string }): Promise<CopilotToolResult> {
  const symbol = await resolveSymbol(session, input.symbol);
  if (isToolError(symbol)) return toolError('get_ratios', null, symbol);
  return toolResult('get_ratios', symbol, await collectCompanyFactSet(session, symbol, 'ratios'));
}
