/*
 * Numbers as spreadsheets write them in CSV, apart from core/text/csv.ts so that a page can read a typed
 * number without loading the CSV parser.
 */

/** The separators read: `,` (RFC 4180, English-locale spreadsheets) and `;` (European-locale spreadsheets). */
export type CsvDelimiter = ',' | ';';

/**
 * A number cell written the way a spreadsheet of that delimiter's locale writes it, as a plain JS number
 * text (point decimal mark, no grouping), or null when its decimal mark is the other locale's.
 * - `,` files: the decimal mark is `.`; a comma is a thousands separator only in whole groups of three
 *   (`"1,000"` → `1000`, `"1,234.5"` → `1234.5`); `"10,5"` is null (write 10.5).
 * - `;` files: the decimal mark is `,` (`10,5` → `10.5`); a point is a thousands separator only in whole
 *   groups of three (`1.000,5` → `1000.5`); `10.5` is null (write 10,5).
 * Null rather than a guess: read the other way, `1,000` is 1 or 1000, and a wrong guess is a 1000× position.
 * Text that is no number at all comes back trimmed, as it is, for the caller's own check to refuse.
 */
export function toPlainNumberText(cell: string, delimiter: CsvDelimiter): string | null {
  const t = cell.trim();
  const [group, decimal] = delimiter === ',' ? [',', '.'] : ['.', ','];
  const g = `\\${group}`;
  const d = `\\${decimal}`;
  if (new RegExp(`^[-+]?\\d{1,3}(?:${g}\\d{3})+(?:${d}\\d+)?$`).test(t)) return t.replaceAll(group, '').replace(decimal, '.');
  if (new RegExp(`^[-+]?\\d*${g}\\d+$`).test(t)) return null;
  return delimiter === ';' && new RegExp(`^[-+]?\\d*${d}\\d+$`).test(t) ? t.replace(',', '.') : t;
}
