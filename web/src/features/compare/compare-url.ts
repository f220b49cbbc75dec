import { MAX_COMPARE_SYMBOLS, type ParsedSymbolList, parseSymbolList } from '../../../../core/compare/compare-symbols.ts';

export { MAX_COMPARE_SYMBOLS };

/** The symbols a /compare URL holds (`?symbols=AAPL,MSFT`), checked as the server checks them. */
export const readCompareSymbols = (params: URLSearchParams): ParsedSymbolList => parseSymbolList(params.get('symbols'));

/** `/compare?symbols=AAPL,MSFT`: canonical symbols need no escaping, so the commas stay readable. */
export const buildComparePath = (symbols: readonly string[]) =>
  symbols.length === 0 ? '/compare' : `/compare?symbols=${symbols.map((s) => encodeURIComponent(s).replaceAll('%24', '$')).join(',')}`;

/** The list with `symbol` added at the end (once, and only below the limit) or removed. */
export function toggleCompareSymbol(symbols: readonly string[], symbol: string, on: boolean): string[] {
  if (!on) return symbols.filter((s) => s !== symbol);
  if (symbols.includes(symbol) || symbols.length >= MAX_COMPARE_SYMBOLS) return [...symbols];
  return [...symbols, symbol];
}

/** The valid symbols of a list the server would refuse (a malformed entry, too many), first five kept: what "keep these" offers. */
export function readUsableCompareSymbols(params: URLSearchParams): string[] {
  const out: string[] = [];
  for (const entry of (params.get('symbols') ?? '').split(',')) {
    const one = parseSymbolList(entry);
    if (one.ok && !out.includes(one.symbols[0]!)) out.push(one.symbols[0]!);
    if (out.length === MAX_COMPARE_SYMBOLS) break;
  }
  return out;
}
