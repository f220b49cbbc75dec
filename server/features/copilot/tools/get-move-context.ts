import type { CopilotPeriod, CopilotToolResult } from '../../../../core/copilot/copilot-types.ts';
import { collectMoveContext, SECTOR_FUNDS } from '../../../../core/copilot/move-context.ts';
import { catchUserError, hrefForKind, isToolError, loadInputs, resolveSymbol, type ToolSession, toolError } from './tool-session.ts';

/** Around a move: the sector fund's change over the same period, and the dividends and filings in the window. */
export async function getMoveContext(session: ToolSession, input: { symbol: string; period: CopilotPeriod }): Promise<CopilotToolResult> {
  const symbol = await resolveSymbol(session, input.symbol);
  if (isToolError(symbol)) return toolError('get_move_context', null, symbol);
  const inputs = await loadInputs(session, symbol, 'fundamental');
  if (isToolError(inputs)) return toolError('get_move_context', symbol, inputs);
  const sector = inputs.profile.sector;
  const fund = sector ? SECTOR_FUNDS[sector] : undefined;
  // A sector fund without prices leaves the sector out, not the answer.
  const loaded = fund && fund !== symbol ? await catchUserError(() => session.deps.loadPriceHistory(session.deps.market, fund)) : null;
  const sectorHistory = loaded && !isToolError(loaded) ? loaded : null;
  const facts = collectMoveContext(inputs, input.period, sectorHistory).map((f) =>
    f.key === 'price_change_percent'
      ? { ...f, symbol: fund!, href: hrefForKind('technical', fund!) }
      : { ...f, symbol, href: f.key === 'filing_date' ? hrefForKind('fundamental', symbol) : hrefForKind('fundamental', symbol, 'dividends') },
  );
  return { tool: 'get_move_context', symbol, facts, notes: sector && fund ? [`sector: ${sector} (${fund})`] : [] };
}
