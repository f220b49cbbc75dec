import { describe, expect, it } from 'vitest';
import { normalizeSymbol, toYahooSymbol } from './symbol.ts';

describe('symbol normalisation', () => {
  const accepted: Array<[string, string]> = [
    ['AAPL', 'AAPL'],
    ['aapl', 'AAPL'],
    ['  msft ', 'MSFT'],
    ['BRK.B', 'BRK.B'],
    ['BRK-B', 'BRK.B'],
    ['brk/b', 'BRK.B'],
    ['ABR$D', 'ABR$D'],
    ['A', 'A'],
    ['ABCDEFGHIJKL', 'ABCDEFGHIJKL'], // 12 characters: the maximum
  ];
  for (const [input, symbol] of accepted) {
    it(`"${input}" → ${symbol}`, () => expect(normalizeSymbol(input)).toEqual({ ok: true, symbol }));
  }
  const refused = [
    '',
    '   ',
    'AA PL',
    'ABCDEFGHIJKLM',
    '€',
    'AAPLé',
    'ＡＡＰＬ',
    '../',
    '../../etc/passwd',
    "'; --",
    'AAPL;DROP',
    '<script>',
    'A..B',
    '.A',
    'A.',
    'A\u0000B',
    'A\nB',
    '%2e%2e',
  ];
  for (const input of refused) {
    it(`${JSON.stringify(input)} is refused with a reason`, () => {
      const r = normalizeSymbol(input);
      expect(r.ok).toBe(false);
      if (!r.ok) expect(r.reason.length).toBeGreaterThan(5);
    });
  }
  it('Yahoo spells class shares with a dash and preferreds with -P', () => {
    expect(toYahooSymbol('BRK.B')).toBe('BRK-B');
    expect(toYahooSymbol('ABR$D')).toBe('ABR-PD');
  });
});
