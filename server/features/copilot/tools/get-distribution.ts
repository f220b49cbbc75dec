import type { CopilotToolResult } from '../../../../core/copilot/copilot-types.ts';
import { describeSpreadFacts } from '../../../../core/copilot/spread-facts.ts';
import type { ToolSession } from './tool-session.ts';

/** A screener field's spread over the universe and a sector, from the screener's table in use. */
export async function getDistribution(session: ToolSession, input: { field: string; symbol?: string }): Promise<CopilotToolResult> {
  const table = session.deps.screenerTable ? await session.deps.screenerTable() : null;
  if (!table)
    return { tool: 'get_distribution', symbol: null, facts: [], error: { code: 'NOT_CONFIGURED', message: 'The screener is not available on this server.' } };
  return { tool: 'get_distribution', symbol: input.symbol?.toUpperCase() ?? null, ...describeSpreadFacts(table, input.field, input.symbol) };
}
