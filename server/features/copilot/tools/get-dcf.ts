import type { CopilotToolResult } from '../../../../core/copilot/copilot-types.ts';
import { buildDcfScenario, type DcfChoices } from '../../../../core/copilot/dcf-scenario.ts';
import { hrefForKind, isToolError, loadInputs, resolveSymbol, type ToolSession, toolError, withOrigin } from './tool-session.ts';

/** The DCF analysis's fair value, upside and assumptions, or the same model with the WACC or growth the question chose. */
export async function getDcf(session: ToolSession, input: { symbol: string } & DcfChoices): Promise<CopilotToolResult> {
  const symbol = await resolveSymbol(session, input.symbol);
  if (isToolError(symbol)) return toolError('get_dcf', null, symbol);
  const inputs = await loadInputs(session, symbol, 'dcf');
  if (isToolError(inputs)) return toolError('get_dcf', symbol, inputs);
  const { symbol: _s, ...choices } = input;
  const scenario = buildDcfScenario(inputs, choices);
  if (!scenario.ok) return toolError('get_dcf', symbol, { error: { code: 'UNPROCESSABLE', message: scenario.error.message } });
  return { tool: 'get_dcf', symbol, facts: withOrigin(scenario.value.facts, symbol, hrefForKind('dcf', symbol)) };
}
