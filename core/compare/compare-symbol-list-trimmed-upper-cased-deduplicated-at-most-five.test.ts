import { describe, expect, it } from 'vitest';
import { MAX_COMPARE_SYMBOLS, parseSymbolList } from './compare-symbols.ts';

describe('the symbols of a comparison as the URL carries them', () => {
  it('" aapl, MSFT ,brk-b,," → AAPL, MSFT, BRK.B: trimmed, upper-cased, class shares with a dot, blanks dropped', () => {
    expect(parseSymbolList(' aapl, MSFT ,brk-b,,')).toEqual({ ok: true, symbols: ['AAPL', 'MSFT', 'BRK.B'] });
  });

  it('repeats are kept once in first-seen order: "MSFT,aapl,AAPL,msft" → MSFT, AAPL', () => {
    expect(parseSymbolList('MSFT,aapl,AAPL,msft')).toEqual({ ok: true, symbols: ['MSFT', 'AAPL'] });
  });

  it('the limit counts distinct symbols: six entries naming five symbols pass, six distinct ones do not (6 > 5)', () => {
    expect(MAX_COMPARE_SYMBOLS).toBe(5);
    const five = parseSymbolList('AAPL,MSFT,GOOGL,AMZN,NVDA,aapl');
    expect(five.ok && five.symbols).toEqual(['AAPL', 'MSFT', 'GOOGL', 'AMZN', 'NVDA']);
    const six = parseSymbolList('AAPL,MSFT,GOOGL,AMZN,NVDA,META');
    expect(six).toEqual({ ok: false, problem: { code: 'too_many', count: 6, message: 'Compare at most 5 symbols at once; the list has 6.' } });
  });

  it('nothing to compare: absent, empty, or only commas and spaces', () => {
    for (const raw of [undefined, null, '', ' , ,']) {
      const r = parseSymbolList(raw);
      expect(r.ok ? null : r.problem.code).toBe('empty');
    }
  });

  it('a malformed entry is named in the message, before any limit is counted', () => {
    const r = parseSymbolList('AAPL,AA PL,MSFT,GOOGL,AMZN,NVDA,META');
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.problem).toMatchObject({ code: 'invalid', symbol: 'AA PL' });
    expect(r.problem.message).toMatch(/^“AA PL” is not a valid symbol\. /);
    expect(parseSymbolList('AAPL;DROP TABLE').ok).toBe(false);
    expect(parseSymbolList('ABCDEFGHIJKLMN').ok).toBe(false);
  });
});
