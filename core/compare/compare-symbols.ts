import { normalizeSymbol } from '../market/symbol.ts';

/** Symbols one comparison holds: one column each, so the table still reads on a phone. */
export const MAX_COMPARE_SYMBOLS = 5;

type SymbolListProblem =
  | { code: 'empty'; message: string }
  | { code: 'invalid'; symbol: string; message: string }
  | { code: 'too_many'; count: number; message: string };

export type ParsedSymbolList = { ok: true; symbols: string[] } | { ok: false; problem: SymbolListProblem };

/**
 * A comma-separated list as a URL carries it (`AAPL, msft,brk-b`): each entry trimmed and written the
 * canonical way, blanks dropped, repeats kept once in first-seen order. The limit counts distinct
 * symbols, so `AAPL,aapl` is one.
 */
export function parseSymbolList(raw: string | null | undefined): ParsedSymbolList {
  const entries = (raw ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter((s) => s.length > 0);
  if (entries.length === 0) return { ok: false, problem: { code: 'empty', message: 'Name at least one symbol to compare, e.g. symbols=AAPL,MSFT.' } };
  const symbols: string[] = [];
  for (const entry of entries) {
    const n = normalizeSymbol(entry);
    if (!n.ok) return { ok: false, problem: { code: 'invalid', symbol: entry, message: `“${entry}” is not a valid symbol. ${n.reason}` } };
    if (!symbols.includes(n.symbol)) symbols.push(n.symbol);
  }
  if (symbols.length > MAX_COMPARE_SYMBOLS) {
    return {
      ok: false,
      problem: {
        code: 'too_many',
        count: symbols.length,
        message: `Compare at most ${MAX_COMPARE_SYMBOLS} symbols at once; the list has ${symbols.length}.`,
      },
    };
  }
  return { ok: true, symbols };
}
