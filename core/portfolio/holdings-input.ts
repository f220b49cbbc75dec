import { normalizeSymbol } from '../market/symbol.ts';
import { readCsv } from '../text/csv.ts';
import { type CsvDelimiter, toPlainNumberText } from '../text/csv-number.ts';

/** At most this many distinct holdings in one portfolio (after duplicates are merged). */
export const MAX_HOLDINGS = 200;
/** A pasted CSV may have at most this many lines (blank lines and the header included). */
export const MAX_CSV_LINES = 1000;
/** Fractional shares are real (brokers sell them); more than 6 decimals is a typo, not a position. */
const MAX_SHARE_DECIMALS = 6;
const MAX_SHARES = 1e9;
const MAX_COST_PER_SHARE = 1e7;
/** The CSV format the page shows and the parser accepts; the header line is optional. */
export const HOLDINGS_CSV_HEADER = 'symbol,shares,cost_per_share';

/** One position as entered: `line` is the CSV line (1-based) or the row number in the form. */
export interface HoldingInput {
  line: number;
  symbol: string;
  shares: number;
  /** What one share cost, in dollars; null when not given (no yield on cost). */
  costPerShare: number | null;
}

/** A position after duplicates are merged: the lines it came from, shares summed, cost averaged by shares. */
export interface Holding {
  symbol: string;
  shares: number;
  costPerShare: number | null;
  lines: number[];
}

export interface HoldingProblem {
  line: number;
  /** `symbol`, `shares`, `cost_per_share` or `csv` (the line's shape). */
  field: 'symbol' | 'shares' | 'cost_per_share' | 'csv';
  message: string;
}

type HoldingsParse = { ok: true; holdings: HoldingInput[] } | { ok: false; problems: HoldingProblem[] };

const decimalsOf = (raw: string) => (raw.includes('.') ? raw.length - raw.indexOf('.') - 1 : 0);
const NUMBER = /^\d+(?:\.\d+)?$/;

/** What to write instead when a number uses the other locale's decimal mark (see `toPlainNumberText`). */
const wrongMarkHint = (delimiter: CsvDelimiter) =>
  delimiter === ','
    ? 'in a comma-separated CSV the decimal mark is a point (10.5) and a comma only groups thousands (1,000)'
    : 'in a semicolon-separated CSV the decimal mark is a comma (10,5) and a point only groups thousands (1.000)';

function checkShares(raw: string, line: number, delimiter: CsvDelimiter): number | HoldingProblem {
  const text = toPlainNumberText(raw.replace(/_/g, ''), delimiter);
  if (text === null) return { line, field: 'shares', message: `Line ${line}: shares "${raw.trim()}" are ambiguous: ${wrongMarkHint(delimiter)}.` };
  if (text.startsWith('-'))
    return { line, field: 'shares', message: `Line ${line}: shares must be positive (got ${text}); short positions are not supported.` };
  if (!NUMBER.test(text)) return { line, field: 'shares', message: `Line ${line}: shares must be a number such as 10 or 2.5 (got "${raw.trim()}").` };
  const shares = Number(text);
  if (shares <= 0) return { line, field: 'shares', message: `Line ${line}: shares must be greater than 0.` };
  if (decimalsOf(text) > MAX_SHARE_DECIMALS)
    return { line, field: 'shares', message: `Line ${line}: shares have at most ${MAX_SHARE_DECIMALS} decimals (got ${text}).` };
  if (shares > MAX_SHARES) return { line, field: 'shares', message: `Line ${line}: at most ${MAX_SHARES.toLocaleString('en-US')} shares per holding.` };
  return shares;
}

function checkCost(raw: string | undefined, line: number, delimiter: CsvDelimiter): number | null | HoldingProblem {
  const text = toPlainNumberText(raw?.trim().replace(/^\$/, '') ?? '', delimiter);
  if (text === null)
    return { line, field: 'cost_per_share', message: `Line ${line}: cost per share "${raw!.trim()}" is ambiguous: ${wrongMarkHint(delimiter)}.` };
  if (text === '') return null;
  if (text.startsWith('-')) return { line, field: 'cost_per_share', message: `Line ${line}: cost per share must be positive (got ${text}).` };
  if (!NUMBER.test(text))
    return { line, field: 'cost_per_share', message: `Line ${line}: cost per share must be a dollar amount such as 41.50 (got "${raw!.trim()}").` };
  const cost = Number(text);
  if (cost <= 0) return { line, field: 'cost_per_share', message: `Line ${line}: cost per share must be greater than 0.` };
  if (cost > MAX_COST_PER_SHARE)
    return { line, field: 'cost_per_share', message: `Line ${line}: cost per share is at most $${MAX_COST_PER_SHARE.toLocaleString('en-US')}.` };
  return cost;
}

/**
 * One holding from its three raw fields, or what is wrong with it (the symbol is only checked for shape here).
 * `delimiter` says how numbers are written: `;` (a European spreadsheet's CSV) means a decimal comma.
 */
export function checkHoldingFields(
  line: number,
  symbol: string,
  shares: string,
  cost: string | undefined,
  delimiter: CsvDelimiter = ',',
): HoldingInput | HoldingProblem[] {
  const problems: HoldingProblem[] = [];
  const n = normalizeSymbol(symbol);
  if (!n.ok) problems.push({ line, field: 'symbol', message: `Line ${line}: "${symbol.trim()}" is not a symbol. ${n.reason}` });
  const s = checkShares(shares, line, delimiter);
  if (typeof s !== 'number') problems.push(s);
  const c = checkCost(cost, line, delimiter);
  if (c !== null && typeof c !== 'number') problems.push(c);
  if (problems.length > 0) return problems;
  return { line, symbol: (n as { symbol: string }).symbol, shares: s as number, costPerShare: c as number | null };
}

const isHeader = (cells: string[]) => cells[0]?.trim().toLowerCase() === 'symbol';
const HEADER_NAMES = HOLDINGS_CSV_HEADER.split(',');

/**
 * Parses `symbol,shares[,cost_per_share]` records as a spreadsheet exports or a person types them: quoted
 * cells (`"AAPL","10"`, `"1,000"`), CRLF or LF line ends, a byte-order mark, and semicolon-separated
 * exports of European spreadsheets, whose numbers use a decimal comma (`KO;10,5;41,50`, see
 * `toPlainNumberText`). The first line may be the header `symbol,shares,cost_per_share` (or `symbol,shares`,
 * with either delimiter); blank lines (and rows of empty cells) are skipped; a record with another number of
 * columns, or fields that are not a symbol, a positive share count and an optional positive cost, is named
 * by its line number. Every problem is reported, not just the first.
 */
export function parseHoldingsCsv(text: string): HoldingsParse {
  const { delimiter, records, problem } = readCsv(text, 'detect');
  while (records.length > 0 && records.at(-1)!.cells.every((c) => c.trim() === '')) records.pop();
  const lineCount = records.length === 0 ? 0 : records.at(-1)!.line;
  if (lineCount > MAX_CSV_LINES)
    return {
      ok: false,
      problems: [{ line: MAX_CSV_LINES + 1, field: 'csv', message: `The CSV has ${lineCount} lines; at most ${MAX_CSV_LINES} are read.` }],
    };
  const holdings: HoldingInput[] = [];
  const problems: HoldingProblem[] = [];
  for (const { line, cells } of records) {
    if (cells.every((c) => c.trim() === '')) continue;
    const shown = cells.join(delimiter).trim();
    if (line === 1 && isHeader(cells)) {
      const names = cells.map((c) => c.trim().toLowerCase());
      const known = names.length >= 2 && names.length <= 3 && names.every((c, k) => c === HEADER_NAMES[k]);
      if (!known) problems.push({ line, field: 'csv', message: `Line 1: the header must be "${HOLDINGS_CSV_HEADER}" or "symbol,shares" (got "${shown}").` });
      continue;
    }
    if (cells.length < 2 || cells.length > 3) {
      problems.push({
        line,
        field: 'csv',
        message: `Line ${line}: expected 2 or 3 columns (symbol${delimiter}shares[${delimiter}cost_per_share]) but found ${cells.length} in "${shown.slice(0, 60)}".`,
      });
      continue;
    }
    const checked = checkHoldingFields(line, cells[0]!, cells[1]!, cells[2], delimiter);
    if (Array.isArray(checked)) problems.push(...checked);
    else holdings.push(checked);
  }
  if (problem) problems.push({ line: problem.line, field: 'csv', message: problem.message });
  if (problems.length > 0) return { ok: false, problems };
  if (holdings.length === 0)
    return { ok: false, problems: [{ line: 1, field: 'csv', message: 'The CSV has no holdings: one line per holding, symbol,shares[,cost_per_share].' }] };
  return { ok: true, holdings };
}

/**
 * Merges lines of the same symbol into one holding (several purchase lots are one position): shares are
 * summed and the cost per share is the share-weighted average when every lot has a cost, else unknown.
 * Order is the order of first appearance.
 */
export function mergeHoldings(inputs: readonly HoldingInput[]): Holding[] {
  const bySymbol = new Map<string, { shares: number; cost: number; costKnown: boolean; lines: number[] }>();
  for (const h of inputs) {
    const m = bySymbol.get(h.symbol) ?? { shares: 0, cost: 0, costKnown: true, lines: [] };
    m.shares += h.shares;
    if (h.costPerShare === null) m.costKnown = false;
    else m.cost += h.costPerShare * h.shares;
    m.lines.push(h.line);
    bySymbol.set(h.symbol, m);
  }
  return [...bySymbol.entries()].map(([symbol, m]) => ({
    symbol,
    shares: m.shares,
    costPerShare: m.costKnown ? m.cost / m.shares : null,
    lines: m.lines,
  }));
}
