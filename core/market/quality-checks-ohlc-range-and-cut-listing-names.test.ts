import { describe, expect, it } from 'vitest';
import { checkListingNames, checkOhlc, describeNameFault, describeOhlcFault } from './quality-checks.ts';

describe('OHLC: low ≤ open ≤ high, low ≤ close ≤ high, low ≤ high', () => {
  const bar = (open: number, high: number, low: number, close: number) => ({ date: '2024-01-02', open, high, low, close, volume: 1 });

  it('passes a normal bar and one touching its extremes', () => {
    expect(describeOhlcFault(bar(10, 11, 9, 10.5))).toBeNull();
    expect(describeOhlcFault(bar(9, 11, 9, 11))).toBeNull();
  });

  it('names the fault: open above high, close below low, low above high', () => {
    expect(describeOhlcFault(bar(11.5, 11, 9, 10))).toBe('open 11.5 outside low–high 9–11');
    expect(describeOhlcFault(bar(10, 11, 9, 8.9))).toBe('close 8.9 outside low–high 9–11');
    expect(describeOhlcFault(bar(10, 9, 11, 10))).toBe('low 11 > high 9');
  });

  it('checkOhlc reports the bar date and the column at fault', () => {
    expect(checkOhlc('XYZ', [bar(10, 11, 9, 10), { ...bar(12, 11, 9, 10), date: '2024-01-03' }])).toEqual([
      { check: 'ohlc', symbol: 'XYZ', period: '2024-01-03', line: 'open', detail: 'open 12 outside low–high 9–11' },
    ]);
  });
});

describe('listing names are whole', () => {
  it('flags what a cut at the hyphen leaves: "T" (T-Rex 2X Long Apple…), "La" (La-Z-Boy), "O" (O-I Glass), "REX" (REX-Osprey)', () => {
    expect(describeNameFault('AAPX', 'T')).toContain('cut short');
    expect(describeNameFault('LZB', 'La')).toContain('cut short');
    expect(describeNameFault('OI', 'O')).toContain('cut short');
    expect(describeNameFault('DOJE', 'REX')).toContain('cut short');
    expect(describeNameFault('X', 'Some Trust -')).toContain('ends with a hyphen');
    expect(describeNameFault('X', '  ')).toBe('empty name');
  });

  it('passes short names that are whole: the ticker itself (IBM, RH, BIO.B → "BIO"), names with digits (3M), a leading minus (-1x Short VIX)', () => {
    expect(describeNameFault('IBM', 'IBM')).toBeNull();
    expect(describeNameFault('RH', 'RH')).toBeNull();
    expect(describeNameFault('BIO.B', 'Bio')).toBeNull();
    expect(describeNameFault('MMM', '3M')).toBeNull();
    expect(describeNameFault('SVIX', '-1x Short VIX Futures ETF')).toBeNull();
    expect(describeNameFault('LZB', 'La-Z-Boy Incorporated')).toBeNull();
  });

  it('checkListingNames reports each cut name once', () => {
    expect(
      checkListingNames([
        { symbol: 'UHAL', name: 'U' },
        { symbol: 'AAPL', name: 'Apple Inc.' },
      ]).map((v) => v.symbol),
    ).toEqual(['UHAL']);
  });
});
