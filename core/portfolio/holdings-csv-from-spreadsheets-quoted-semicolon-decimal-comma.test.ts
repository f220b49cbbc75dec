import { describe, expect, it } from 'vitest';
import { parseHoldingsCsv } from './holdings-input.ts';

const holdingsOf = (text: string) => {
  const r = parseHoldingsCsv(text);
  if (!r.ok) throw new Error(r.problems.map((p) => p.message).join('; '));
  return r.holdings.map((h) => [h.line, h.symbol, h.shares, h.costPerShare]);
};
const problemsOf = (text: string) => {
  const r = parseHoldingsCsv(text);
  if (r.ok) throw new Error('expected problems');
  return r.problems;
};

describe('Smart Yield reads the CSV a spreadsheet exports, not only the one typed by hand', () => {
  it('quoted cells, as Google Sheets and Numbers write them: "AAPL","10" and "1,000"', () => {
    expect(holdingsOf('"symbol","shares","cost_per_share"\n"AAPL","10","180.25"\n"MSFT","1,000","$1,234.50"\n')).toEqual([
      [2, 'AAPL', 10, 180.25],
      [3, 'MSFT', 1000, 1234.5],
    ]);
  });

  it('Excel "CSV UTF-8": a byte-order mark and CRLF line ends', () => {
    expect(holdingsOf('\uFEFFsymbol,shares,cost_per_share\r\nKO,40,46.25\r\nPEP,10,\r\n')).toEqual([
      [2, 'KO', 40, 46.25],
      [3, 'PEP', 10, null],
    ]);
  });

  it('a European spreadsheet\'s semicolon export: "10,5" is 10.5 shares, 1.234,50 is $1234.50; empty rows (;;) skipped', () => {
    expect(holdingsOf('symbol;shares;cost_per_share\r\nKO;"10,5";41,50\r\n;;\r\nBRK-B;2;1.234,50\r\n')).toEqual([
      [2, 'KO', 10.5, 41.5],
      [4, 'BRK.B', 2, 1234.5],
    ]);
  });

  it('a decimal mark of the other convention is refused on its line, never read as a 1000× position', () => {
    const comma = problemsOf('KO,"10,5"\nPEP,"1,5",2');
    expect(comma.map((p) => `${p.line}:${p.field}`)).toEqual(['1:shares', '2:shares']);
    expect(comma[0]!.message).toBe(
      'Line 1: shares "10,5" are ambiguous: in a comma-separated CSV the decimal mark is a point (10.5) and a comma only groups thousands (1,000).',
    );
    const semicolon = problemsOf('KO;10.5;40\nPEP;1;2.5');
    expect(semicolon.map((p) => `${p.line}:${p.field}`)).toEqual(['1:shares', '2:cost_per_share']);
    expect(semicolon[1]!.message).toContain('in a semicolon-separated CSV the decimal mark is a comma (10,5)');
  });

  it('a quote left open is named by the line it opens on, with the lines before it still checked', () => {
    const p = problemsOf('KO,-1\nPEP,"2\nO,3');
    expect(p.map((x) => `${x.line}:${x.field}`)).toEqual(['1:shares', '2:csv']);
    expect(p[1]!.message).toContain('never closed');
  });

  it('a quoted line break keeps the next records on their own line numbers', () => {
    const p = problemsOf('"KO\nX",1\nPEP,zero');
    expect(p.map((x) => `${x.line}:${x.field}`)).toEqual(['1:symbol', '3:shares']);
  });
});
