import { collectLineTrend, type TrendLine, type TrendYears } from '../../../../core/copilot/company-facts.ts';
import type { CopilotToolResult } from '../../../../core/copilot/copilot-types.ts';
import { hrefForKind, isToolError, loadInputs, resolveSymbol, toolError } from './tool-session.ts';

/**
 * A statement line by fiscal year and its CAGR over the span, from the same inputs a fundamental run loads and
 * the same line and ratio functions its tabs use: the figures of the tab's table by year.
 */
export async function getTrend(
  session: Parameters<typeof loadInputs>[0],
  input: { symbol: string; line: TrendLine; years: TrendYears },
): Promise<CopilotToolResult> {
  const symbol = await resolveSymbol(session, input.symbol);
  if (isToolError(symbol)) return toolError('get_trend', null, symbol);
  const inputs = await loadInputs(session, symbol, 'fundamental');
  if (isToolError(inputs)) return toolError('get_trend', symbol, inputs);
  const placed = collectLineTrend(inputs, input.line, input.years);
  if (!placed.ok) return toolError('get_trend', symbol, { error: { code: 'UNPROCESSABLE', message: placed.error.message } });
  return { tool: 'get_trend', symbol, facts: placed.value.map(({ fact, page }) => ({ ...fact, symbol, href: hrefForKind(page.kind, symbol, page.subtype) })) };
}
