import { describe, expect, it } from 'vitest';
import { EMPTY_SCREEN, formatScreen, parseScreen, type ScreenState, setFilter, toggleSort } from './screen-url.ts';

const read = (qs: string) => parseScreen(new URLSearchParams(qs));

describe('the URL holds the whole screen', () => {
  it('P/E at most 20, ROIC at least 15, two sectors, by market cap descending, page 2 of 50, two columns: written and read back equal', () => {
    const screen: ScreenState = {
      filters: [
        { kind: 'range', field: 'pe', min: null, max: 20 },
        { kind: 'range', field: 'roic', min: 15, max: null },
        { kind: 'choice', field: 'sector', values: ['Energy', 'Oil, Gas & Consumable Fuels'] },
      ],
      sort: { field: 'market_cap', dir: 'desc' },
      page: 2,
      pageSize: 50,
      columns: ['pe', 'roic'],
    };
    const qs = formatScreen(screen);
    expect(qs).toBe('pe=..20&roic=15..&sector=Energy&sector=Oil%2C+Gas+%26+Consumable+Fuels&sort=-market_cap&page=2&size=50&cols=pe%2Croic');
    expect(read(qs)).toEqual(screen);
  });

  it('defaults are left out: the empty screen is the empty query string, and reads back as itself', () => {
    expect(formatScreen(EMPTY_SCREEN)).toBe('');
    expect(read('')).toEqual(EMPTY_SCREEN);
  });

  it('negative and fractional bounds survive: net cash −5e9..0 and RSI 0..30.5', () => {
    expect(read('net_cash=-5e9..0&rsi_14=0..30.5').filters).toEqual([
      { kind: 'range', field: 'net_cash', min: -5e9, max: 0 },
      { kind: 'range', field: 'rsi_14', min: 0, max: 30.5 },
    ]);
  });

  it('malformed parts are dropped, not guessed: a lone "..", page 0, page size 37, an odd sort and column names', () => {
    const s = read('pe=..&page=0&size=37&sort=-;drop&cols=pe,,a-b');
    expect(s.filters).toEqual([]);
    expect(s.page).toBe(1);
    expect(s.pageSize).toBe(25);
    expect(s.sort).toBeNull();
    expect(s.columns).toEqual(['pe']);
  });

  it('a value that is not a range is a choice ("abc" for pe): the server then answers with the field named', () => {
    expect(read('pe=abc').filters).toEqual([{ kind: 'choice', field: 'pe', values: ['abc'] }]);
  });
});

describe('editing the screen', () => {
  const base: ScreenState = { ...EMPTY_SCREEN, page: 3, filters: [{ kind: 'range', field: 'pe', min: 0, max: 20 }] };

  it('changing a filter goes back to page 1 and keeps the chip in its place; clearing both bounds removes it', () => {
    const two = setFilter(base, 'roic', { kind: 'range', field: 'roic', min: 15, max: null });
    const edited = setFilter(two, 'pe', { kind: 'range', field: 'pe', min: 0, max: 15 });
    expect(edited.page).toBe(1);
    expect(edited.filters.map((f) => f.field)).toEqual(['pe', 'roic']);
    expect(setFilter(edited, 'pe', { kind: 'range', field: 'pe', min: null, max: null }).filters.map((f) => f.field)).toEqual(['roic']);
    expect(setFilter(edited, 'roic', null).filters.map((f) => f.field)).toEqual(['pe']);
  });

  it('a header click sorts a new column descending, the same column flips to ascending, then back', () => {
    const a = toggleSort(base, 'roic');
    expect(a.sort).toEqual({ field: 'roic', dir: 'desc' });
    expect(a.page).toBe(1);
    const b = toggleSort(a, 'roic');
    expect(b.sort).toEqual({ field: 'roic', dir: 'asc' });
    expect(toggleSort(b, 'roic').sort).toEqual({ field: 'roic', dir: 'desc' });
  });
});
