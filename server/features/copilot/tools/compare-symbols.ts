import type { AnalysisKind } from '../../../../core/analysis/analysis-types.ts';
import type { CompanyFactSet } from '../../../../core/copilot/company-facts.ts';
import type { CopilotFact, CopilotToolResult } from '../../../../core/copilot/copilot-types.ts';
import { buildKind, collectCompanyFactSet, isToolError, resolveSymbol, type ToolSession, toolError } from './tool-session.ts';

type Source = (session: ToolSession, symbol: string) => Promise<{ facts: CopilotFact[] }>;

const fromKind =
  (kind: AnalysisKind): Source =>
  async (session, symbol) => {
    const built = await buildKind(session, symbol, kind);
    return { facts: isToolError(built) ? [] : built.facts };
  };
const fromSet =
  (set: CompanyFactSet): Source =>
  (session, symbol) =>
    collectCompanyFactSet(session, symbol, set);

/** Where a key may come from, cheapest first: the first source that has it gives its value and page. */
const SOURCES: Source[] = [
  fromSet('ratios'),
  fromSet('scores'),
  fromSet('statements'),
  fromKind('technical'),
  fromKind('dcf'),
  fromKind('overview'),
  fromKind('etf'),
];

/** Finds each key for one symbol, trying sources only until every key is found. */
async function findKeys(session: ToolSession, symbol: string, keys: readonly string[]): Promise<CopilotFact[]> {
  const found = new Map<string, CopilotFact>();
  for (const source of SOURCES) {
    if (found.size === keys.length) break;
    for (const f of (await source(session, symbol)).facts) if (keys.includes(f.key) && !found.has(f.key)) found.set(f.key, f);
  }
  return keys.flatMap((k) => found.get(k) ?? []);
}

/** The same keys (e.g. `pe_ttm`, `dividend_yield_ttm`, `rsi_14`) for two or more symbols, each as its analysis page shows it. */
export async function compareSymbols(session: ToolSession, input: { symbols: string[]; keys: string[] }): Promise<CopilotToolResult> {
  const symbols: string[] = [];
  for (const raw of input.symbols) {
    const s = await resolveSymbol(session, raw);
    if (isToolError(s)) return toolError('compare_symbols', null, s);
    if (!symbols.includes(s)) symbols.push(s);
  }
  const keys = [...new Set(input.keys)];
  const facts = (await Promise.all(symbols.map((s) => findKeys(session, s, keys)))).flat();
  const missing = symbols.flatMap((s) => keys.filter((k) => !facts.some((f) => f.symbol === s && f.key === k)).map((k) => `${s} has no ${k}`));
  if (facts.length === 0) {
    return toolError('compare_symbols', null, { error: { code: 'NO_DATA', message: `None of ${keys.join(', ')} is available for ${symbols.join(', ')}.` } });
  }
  return { tool: 'compare_symbols', symbol: null, facts, ...(missing.length > 0 ? { notes: missing } : {}) };
}
