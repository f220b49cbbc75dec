import { describe, expect, it } from 'vitest';
import { detectCsvDelimiter, joinCsvRows, parseCsv, readCsv, toCsvCell } from './csv.ts';
import { toPlainNumberText } from './csv-number.ts';

describe('one CSV reader for every file and paste: what spreadsheets and editors write', () => {
  it('a file with plain LF line ends is one record per line (it used to be read as one record)', () => {
    expect(parseCsv('symbol,shares\nKO,10\nPEP,2\n')).toEqual([
      ['symbol', 'shares'],
      ['KO', '10'],
      ['PEP', '2'],
    ]);
  });

  it('CRLF, LF and a lone CR, even mixed in one text, all end a record; a trailing line break adds none', () => {
    expect(parseCsv('a,b\r\nc,d\ne,f\rg,h\r\n')).toEqual([
      ['a', 'b'],
      ['c', 'd'],
      ['e', 'f'],
      ['g', 'h'],
    ]);
  });

  it('a byte-order mark (Excel "CSV UTF-8") is not part of the first cell', () => {
    expect(parseCsv('\uFEFFsymbol,shares\r\nKO,10\r\n')[0]).toEqual(['symbol', 'shares']);
  });

  it('quoted cells: quotes dropped, commas, doubled quotes and line breaks kept inside', () => {
    expect(parseCsv('"AAPL","10"\n"MSFT","1,000"\n"say ""hi""","two\nlines"\n')).toEqual([
      ['AAPL', '10'],
      ['MSFT', '1,000'],
      ['say "hi"', 'two\nlines'],
    ]);
  });

  it('what we write reads back cell for cell (formula guard, quotes, line breaks, empty cells)', () => {
    const rows = [
      ['=SUM(A1)', 'x, "y"', 'a\r\nb', '', '-3.5'],
      ['plain', ' padded ', '@at', '+1', '0'],
    ];
    const written = joinCsvRows(rows.map((r) => r.map((c, i) => toCsvCell(i === 4 ? Number(c) : c, i !== 4))));
    expect(parseCsv(written)).toEqual([
      ["'=SUM(A1)", 'x, "y"', 'a\nb', '', '-3.5'],
      ['plain', ' padded ', "'@at", "'+1", '0'],
    ]);
  });

  it('semicolon exports (European spreadsheets): detected from the first line outside quotes; commas stay in the cell', () => {
    expect(detectCsvDelimiter('symbol;shares;cost_per_share\r\nKO;10,5;41,50')).toBe(';');
    expect(detectCsvDelimiter('\n\n"a;b",c\nd;e')).toBe(',');
    const read = readCsv('\uFEFFsymbol;shares\r\nKO;"10,5"\r\nPEP;2\r\n', 'detect');
    expect(read.delimiter).toBe(';');
    expect(read.records.map((r) => r.cells)).toEqual([
      ['symbol', 'shares'],
      ['KO', '10,5'],
      ['PEP', '2'],
    ]);
  });

  it('records carry the line they start on, blank lines and quoted line breaks counted', () => {
    const read = readCsv('a,b\n\n"x\ny",c\nd,e');
    expect(read.records.map((r) => [r.line, r.cells.length])).toEqual([
      [1, 2],
      [2, 1],
      [3, 2],
      [5, 2],
    ]);
  });

  it('a quote never closed is a problem on the line it opens; the records before it are kept; parseCsv throws', () => {
    const read = readCsv('KO,10\nPEP,"2\nO,3');
    expect(read.problem).toEqual({ line: 2, message: 'Line 2: a quoted cell is never closed (a " is missing).' });
    expect(read.records.map((r) => r.cells)).toEqual([['KO', '10']]);
    expect(() => parseCsv('KO,10\nPEP,"2\nO,3')).toThrow('Line 2');
  });
});

describe('numbers in a CSV: the decimal mark follows the delimiter, an ambiguous one is refused, never guessed', () => {
  it('comma files: point decimals; a comma groups thousands in whole groups of three only', () => {
    expect(toPlainNumberText('10.5', ',')).toBe('10.5');
    expect(toPlainNumberText(' 1,000 ', ',')).toBe('1000');
    expect(toPlainNumberText('1,234,567.25', ',')).toBe('1234567.25');
    expect(toPlainNumberText('10,5', ',')).toBeNull();
    expect(toPlainNumberText('1,0000', ',')).toBeNull();
  });

  it('semicolon files: "10,5" is 10.5; a point groups thousands in whole groups of three only', () => {
    expect(toPlainNumberText('10,5', ';')).toBe('10.5');
    expect(toPlainNumberText('1.000', ';')).toBe('1000');
    expect(toPlainNumberText('1.234,5', ';')).toBe('1234.5');
    expect(toPlainNumberText('10', ';')).toBe('10');
    expect(toPlainNumberText('10.5', ';')).toBeNull();
  });

  it('text that is no number comes back as it is, for the caller to refuse in its own words', () => {
    expect(toPlainNumberText(' ten ', ',')).toBe('ten');
    expect(toPlainNumberText('', ';')).toBe('');
  });
});
