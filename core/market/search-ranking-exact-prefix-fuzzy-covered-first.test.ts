import { describe, expect, it } from 'vitest';
import { boundedEditDistance, buildSearchIndex, searchIndex } from './search.ts';

// coverage: 0 = nothing to analyse; higher = more kinds of data.
const entries = [
  { symbol: 'AAPL', name: 'Apple Inc.', coverage: 6 },
  { symbol: 'APLE', name: 'Apple Hospitality REIT, Inc.', coverage: 0 },
  { symbol: 'APP', name: 'AppLovin Corporation', coverage: 5 },
  { symbol: 'APPF', name: 'AppFolio, Inc.', coverage: 0 },
  { symbol: 'AMAT', name: 'Applied Materials, Inc.', coverage: 6 },
  { symbol: 'AAPB', name: 'GraniteShares 2x Long AAPL Daily ETF', coverage: 0 },
  { symbol: 'BRK.B', name: 'Berkshire Hathaway Inc.', coverage: 6 },
  { symbol: 'BRK.A', name: 'Berkshire Hathaway Inc.', coverage: 0 },
  { symbol: 'BRKW', name: 'Roundhill BRKB WeeklyPay ETF', coverage: 0 },
  { symbol: 'BAC', name: 'Bank of America Corporation', coverage: 6 },
  { symbol: 'BOH', name: 'Bank of Hawaii Corporation', coverage: 0 },
  { symbol: 'MSFT', name: 'Microsoft Corporation', coverage: 6 },
  { symbol: 'MU', name: 'Micron Technology, Inc.', coverage: 6 },
  { symbol: 'MICS', name: 'Singing Machine Company', coverage: 0 },
  { symbol: 'A', name: 'Agilent Technologies, Inc.', coverage: 3 },
];
const index = buildSearchIndex(entries);
const search = (q: string, limit = 10) => searchIndex(index, q, limit).map((r) => `${entries[r.index]!.symbol}:${r.match}`);

describe('search ranking', () => {
  it('an exact symbol comes first, even before richer covered matches', () => {
    expect(search('app')[0]).toBe('APP:symbol');
    expect(search('a')[0]).toBe('A:symbol');
  });

  it('BRK.B, BRK-B, brk b and BRKB all find BRK.B first', () => {
    for (const q of ['BRK.B', 'BRK-B', 'brk/b', 'BRKB']) expect(search(q)[0]).toBe('BRK.B:symbol');
  });

  it('then prefixes (symbol or name), covered before uncovered', () => {
    // "app": APP exact; then covered prefixes AAPL/AMAT (names Apple…, Applied…); then uncovered APPF, APLE.
    const r = search('app');
    expect(r.slice(0, 3)).toEqual(['APP:symbol', 'AAPL:name', 'AMAT:name']);
    expect(r.indexOf('APPF:symbol_prefix')).toBeGreaterThan(r.indexOf('AMAT:name'));
    expect(r.indexOf('APLE:name')).toBeGreaterThan(r.indexOf('AMAT:name'));
    // "apple": both Apples match by name; the covered one first.
    expect(search('apple').slice(0, 2)).toEqual(['AAPL:name', 'APLE:name']);
  });

  it('multi-word names match every word, in any order', () => {
    expect(search('bank of america')).toEqual(['BAC:name']);
    expect(search('america bank')).toEqual(['BAC:name']);
  });

  it('typos find names when nothing matches exactly: appel → Apple, berkshre → Berkshire, microsfot → Microsoft', () => {
    expect(search('appel')[0]).toBe('AAPL:fuzzy');
    expect(search('berkshre').slice(0, 2)).toEqual(['BRK.B:fuzzy', 'BRK.A:fuzzy']);
    expect(search('microsfot')[0]).toBe('MSFT:fuzzy');
  });

  it('fuzzy matches rank after every exact and prefix match', () => {
    const r = searchIndex(index, 'micro', 10).map((x) => x.match);
    expect(r).toEqual(r.slice().sort((a, b) => (a === 'fuzzy' ? 1 : 0) - (b === 'fuzzy' ? 1 : 0)));
    expect(search('micro').slice(0, 2)).toEqual(['MU:name', 'MSFT:name']);
  });

  it('short words need an exact prefix (no typo tolerance under 4 letters); nonsense finds nothing', () => {
    expect(search('bnk')).toEqual([]);
    expect(search('zzzzzz')).toEqual([]);
    expect(search('   ')).toEqual([]);
  });

  it('limit caps the list', () => {
    expect(search('a', 3)).toHaveLength(3);
  });

  it('edit distance counts a swap of neighbours as one edit', () => {
    expect(boundedEditDistance('appel', 'apple', 2)).toBe(1);
    expect(boundedEditDistance('micorsoft', 'microsoft', 2)).toBe(1);
    expect(boundedEditDistance('abc', 'xyz', 1)).toBe(2);
  });
});
