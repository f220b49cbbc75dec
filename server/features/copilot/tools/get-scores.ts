import type { CopilotToolResult } from '../../../../core/copilot/copilot-types.ts';
import { collectCompanyFactSet, isToolError, resolveSymbol, type ToolSession, toolError, toolResult } from './tool-session.ts';

/** Piotroski F, Altman Z and zone, the five sector grades, Beneish M, dividend safety and Sloan accruals, each linked to the tab that shows it. */
export async function getScores(session: ToolSession, input: { symbol: string }): Promise<CopilotToolResult> {
  const symbol = await resolveSymbol(session, input.symbol);
  if (isToolError(symbol)) return toolError('get_scores', null, symbol);
  return toolResult('get_scores', symbol, await collectCompanyFactSet(session, symbol, 'scores'));
}
