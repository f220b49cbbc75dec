import type { AnalysisKind } from '../../../../core/analysis/analysis-types.ts';
import type { CopilotFact, CopilotToolResult } from '../../../../core/copilot/copilot-types.ts';
import { catchUserError, hrefForKind, isToolError, type ToolSession, toolError } from './tool-session.ts';

const DEFAULT_LIMIT = 5;

/**
 * The caller's own past analyses, newest first: for each, the facts its headline rests on (as stored,
 * at its data day) and a note naming it. The user id is the session's, bound by the server: nothing
 * in the question or the model's input can name another user.
 */
export async function listMyAnalyses(session: ToolSession, input: { symbol?: string; kind?: AnalysisKind; limit?: number }): Promise<CopilotToolResult> {
  const page = await catchUserError(() =>
    session.deps.listAnalyses(session.userId, { limit: input.limit ?? DEFAULT_LIMIT, symbol: input.symbol, kind: input.kind }),
  );
  if (isToolError(page)) return toolError('list_my_analyses', null, page);
  const facts: CopilotFact[] = [];
  const notes: string[] = [];
  for (const a of page.analyses) {
    const href = hrefForKind(a.kind, a.symbol, a.subtype);
    const headline = a.body.note.headline;
    notes.push(`${a.kind}${a.subtype ? ` (${a.subtype})` : ''} analysis of ${a.symbol}, data day ${a.asOf}, id ${a.id}: ${headline.text}`);
    for (const f of a.body.facts) if (headline.fact_keys.includes(f.key)) facts.push({ ...f, symbol: a.symbol, href });
  }
  const symbol = input.symbol ? (page.analyses[0]?.symbol ?? input.symbol.toUpperCase()) : null;
  const count = { key: 'analyses_count', label: 'Analyses found in your history', value: page.analyses.length, unit: 'count' as const };
  facts.unshift({ ...count, period: 'your history', source: 'computed', as_of: page.analyses[0]?.asOf ?? '', symbol, href: '/dashboard' });
  return { tool: 'list_my_analyses', symbol, facts, notes };
}
