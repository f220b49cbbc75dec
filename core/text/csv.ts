/*
 * Every CSV this project reads goes through this file, and this file reads it with Papa Parse (papaparse,
 * pinned in package.json): a maintained RFC 4180 parser with no Node built-ins, so the same code runs in the
 * server, the scripts and the browser (~7 KB gzip, only in the chunks that import it). Writing stays here
 * too (`toCsvCell`, `joinCsvRows`): it is two lines and guards formulas, which a library would not do for
 * us. The decision and the semicolon/decimal-comma rule are in docs/smart-yield-and-scorecards.md ("CSV").
 * core/ stays pure: Papa Parse does no I/O here (a string in, arrays out); this is the one file of core/
 * allowed to import it (scripts/check-boundaries.ts).
 */
import Papa from 'papaparse';
import type { CsvDelimiter } from './csv-number.ts';

/**
 * One CSV cell, RFC 4180 quoted. Text a spreadsheet would run as a formula (=, +, -, @, tab, CR first) is
 * prefixed with a quote mark; numbers are written as they are, so a negative figure stays a number.
 */
export function toCsvCell(v: string | number | null, text: boolean): string {
  if (v === null) return '';
  let s = String(v);
  if (text && /^[=+\-@\t\r]/.test(s)) s = `'${s}`;
  return /[",\r\n]/.test(s) || s !== s.trim() ? `"${s.replaceAll('"', '""')}"` : s;
}

/** Rows of cells (already `toCsvCell`ed) as a CSV document: CRLF line ends, one after the last row. */
export const joinCsvRows = (rows: string[][]): string => `${rows.map((r) => r.join(',')).join('\r\n')}\r\n`;

export type { CsvDelimiter } from './csv-number.ts';

/** One record and the line of the text it starts on (1-based; a quoted line break makes a record span lines). */
interface CsvRecord {
  line: number;
  cells: string[];
}

interface CsvRead {
  delimiter: CsvDelimiter;
  /** Every record, blank ones included (a blank line is one empty cell), so line numbers stay the text's own. */
  records: CsvRecord[];
  /** A quote left open or a stray quote after a quoted cell: where, and what. The records read before it are kept. */
  problem: { line: number; message: string } | null;
}

const LINE_BREAK = /\r\n|\r|\n/g;
const countLineBreaks = (s: string) => s.match(LINE_BREAK)?.length ?? 0;

/**
 * The delimiter a spreadsheet used: `;` when the first non-blank line has a semicolon outside quotes, else
 * `,`. Papa Parse's own guess is not used: it scores `KO;10,5;41,50` as three comma-separated fields just as
 * well as three semicolon-separated ones and picks the comma.
 */
export function detectCsvDelimiter(text: string): CsvDelimiter {
  const unquoted = text.replace(/"(?:[^"]|"")*"/g, '""');
  const first = unquoted.split(LINE_BREAK).find((l) => l.trim() !== '') ?? '';
  return first.includes(';') ? ';' : ',';
}

/**
 * Reads CSV as spreadsheets write it: quoted cells (with the delimiter, doubled quotes or line breaks
 * inside), CRLF, LF or CR line ends (mixed too: they are made LF first, also inside quoted cells), a
 * byte-order mark, and `,` or `;` as the delimiter (`'detect'`: see `detectCsvDelimiter`). A trailing
 * line break adds no record.
 */
export function readCsv(text: string, delimiter: CsvDelimiter | 'detect' = ','): CsvRead {
  const plain = text.replace(/^\uFEFF/, '').replace(/\r\n?/g, '\n');
  const sep = delimiter === 'detect' ? detectCsvDelimiter(plain) : delimiter;
  const parsed = Papa.parse<string[]>(plain, { delimiter: sep, newline: '\n', quoteChar: '"', escapeChar: '"', skipEmptyLines: false });
  const rows = parsed.data;
  if (plain.endsWith('\n') && rows.length > 0 && rows.at(-1)!.length === 1 && rows.at(-1)![0] === '') rows.pop();
  const records: CsvRecord[] = [];
  let line = 1;
  for (const cells of rows) {
    records.push({ line, cells });
    line += 1 + cells.reduce((n, c) => n + countLineBreaks(c), 0);
  }
  const error = parsed.errors.find((e) => e.type === 'Quotes');
  let problem: CsvRead['problem'] = null;
  if (error) {
    const at = records[error.row ?? records.length - 1]?.line ?? 1;
    problem = {
      line: at,
      message:
        error.code === 'MissingQuotes'
          ? `Line ${at}: a quoted cell is never closed (a " is missing).`
          : `Line ${at}: a quoted cell has text after its closing quote.`,
    };
    const kept = records.findIndex((r) => r.line >= at);
    if (kept !== -1) records.length = kept;
  }
  return { delimiter: sep, records, problem };
}

/**
 * Comma-separated text as rows of cells (see `readCsv`); a malformed quote throws, naming the line: the
 * files read this way are ours (exports, the bundled data's sources), so a bad one is a bug to stop on.
 */
export function parseCsv(text: string): string[][] {
  const read = readCsv(text, ',');
  if (read.problem) throw new Error(`CSV: ${read.problem.message}`);
  return read.records.map((r) => r.cells);
}
