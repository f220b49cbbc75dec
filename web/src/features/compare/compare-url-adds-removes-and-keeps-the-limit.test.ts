import { describe, expect, it } from 'vitest';
import { buildComparePath, readCompareSymbols, readUsableCompareSymbols, toggleCompareSymbol } from './compare-url.ts';

describe('the /compare URL holds the symbols', () => {
  it('reads ?symbols= as the server does: " aapl,MSFT,aapl" → AAPL, MSFT; none → empty', () => {
    expect(readCompareSymbols(new URLSearchParams('symbols=%20aapl,MSFT,aapl'))).toEqual({ ok: true, symbols: ['AAPL', 'MSFT'] });
    const none = readCompareSymbols(new URLSearchParams(''));
    expect(none.ok ? null : none.problem.code).toBe('empty');
  });

  it('writes readable commas and round-trips: AAPL, BRK.B, ABR$D', () => {
    const path = buildComparePath(['AAPL', 'BRK.B', 'ABR$D']);
    expect(path).toBe('/compare?symbols=AAPL,BRK.B,ABR$D');
    expect(readCompareSymbols(new URL(path, 'http://x').searchParams)).toEqual({ ok: true, symbols: ['AAPL', 'BRK.B', 'ABR$D'] });
    expect(buildComparePath([])).toBe('/compare');
  });

  it('adds at the end once and only below five; removes', () => {
    expect(toggleCompareSymbol(['AAPL', 'MSFT'], 'GOOGL', true)).toEqual(['AAPL', 'MSFT', 'GOOGL']);
    expect(toggleCompareSymbol(['AAPL', 'MSFT'], 'AAPL', true)).toEqual(['AAPL', 'MSFT']);
    expect(toggleCompareSymbol(['A', 'B', 'C', 'D', 'E'], 'F', true)).toEqual(['A', 'B', 'C', 'D', 'E']);
    expect(toggleCompareSymbol(['AAPL', 'MSFT'], 'AAPL', false)).toEqual(['MSFT']);
  });

  it('a refused list offers its usable part: "AA PL,msft,aapl,MSFT,GOOGL,AMZN,NVDA,META" → MSFT, AAPL, GOOGL, AMZN, NVDA', () => {
    const params = new URLSearchParams({ symbols: 'AA PL,msft,aapl,MSFT,GOOGL,AMZN,NVDA,META' });
    expect(readCompareSymbols(params).ok).toBe(false);
    expect(readUsableCompareSymbols(params)).toEqual(['MSFT', 'AAPL', 'GOOGL', 'AMZN', 'NVDA']);
  });
});
