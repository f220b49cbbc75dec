import { describe, expect, it } from 'vitest';
import { MAX_CSV_LINES, mergeHoldings, parseHoldingsCsv } from './holdings-input.ts';

const problemsOf = (text: string) => {
  const r = parseHoldingsCsv(text);
  if (r.ok) throw new Error('expected problems');
  return r.problems;
};

describe('holdings CSV: symbol,shares[,cost_per_share], header optional', () => {
  it('reads with and without the header, normalises symbols, cost optional, blank lines skipped', () => {
    const withHeader = parseHoldingsCsv('symbol,shares,cost_per_share\nko,10,41.5\n\nBRK-B, 2.5 ,\n');
    expect(withHeader).toEqual({
      ok: true,
      holdings: [
        { line: 2, symbol: 'KO', shares: 10, costPerShare: 41.5 },
        { line: 4, symbol: 'BRK.B', shares: 2.5, costPerShare: null },
      ],
    });
    expect(parseHoldingsCsv('PEP,3')).toEqual({ ok: true, holdings: [{ line: 1, symbol: 'PEP', shares: 3, costPerShare: null }] });
  });

  it('a line with the wrong number of columns is named with what was found', () => {
    const p = problemsOf('symbol,shares\nKO,10\nPEP;5\nJNJ,1,2,3');
    expect(p.map((x) => [x.line, x.field])).toEqual([
      [3, 'csv'],
      [4, 'csv'],
    ]);
    expect(p[0]!.message).toBe('Line 3: expected 2 or 3 columns (symbol,shares[,cost_per_share]) but found 1 in "PEP;5".');
    expect(p[1]!.message).toContain('found 4');
  });

  it('an unknown header is refused on line 1', () => {
    expect(problemsOf('symbol,quantity\nKO,1')[0]).toMatchObject({ line: 1, field: 'csv', message: expect.stringContaining('symbol,shares,cost_per_share') });
  });

  it('negative, zero, non-numeric and over-precise share counts are refused; fractional shares are allowed', () => {
    const p = problemsOf('KO,-5\nPEP,0\nJNJ,ten\nO,1.1234567\nT,0.5');
    expect(p.map((x) => `${x.line}:${x.field}`)).toEqual(['1:shares', '2:shares', '3:shares', '4:shares']);
    expect(p[0]!.message).toContain('must be positive');
    expect(p[3]!.message).toContain('at most 6 decimals');
    expect(parseHoldingsCsv('T,0.5')).toMatchObject({ ok: true, holdings: [{ shares: 0.5 }] });
  });

  it('bad symbols and costs are named by line; every problem is reported at once', () => {
    const p = problemsOf('K O,1\nKO,1,-3\nPEP,1,abc');
    expect(p.map((x) => `${x.line}:${x.field}`)).toEqual(['1:symbol', '2:cost_per_share', '3:cost_per_share']);
  });

  it(`more than ${MAX_CSV_LINES} lines, or no holdings at all, are refused`, () => {
    expect(problemsOf(Array.from({ length: MAX_CSV_LINES + 1 }, () => 'KO,1').join('\n'))[0]!.message).toContain(`at most ${MAX_CSV_LINES}`);
    expect(problemsOf('symbol,shares\n\n')[0]!.message).toContain('no holdings');
  });
});

describe('duplicates are merged, not refused: several lots are one position', () => {
  it('KO 10 @ 40 and ko 30 @ 48 → 40 shares at (400 + 1440) / 40 = 46; a lot without cost makes the cost unknown', () => {
    const r = parseHoldingsCsv('KO,10,40\nPEP,2\nko,30,48\nPEP,1,100');
    if (!r.ok) throw new Error('parse');
    expect(mergeHoldings(r.holdings)).toEqual([
      { symbol: 'KO', shares: 40, costPerShare: 46, lines: [1, 3] },
      { symbol: 'PEP', shares: 3, costPerShare: null, lines: [2, 4] },
    ]);
  });
});
