import { describe, expect, it } from 'vitest';
import { DEFAULT_COLUMNS, DEFAULT_SORT } from '../../../../core/screener/fields.ts';
import { SCREENER_PRESETS } from '../../../../core/screener/presets.ts';
import { matchesDefinition, pickColumns, screenFromDefinition, toDefinition, toQueryBody } from './screen-query.ts';
import { formatScreen, parseScreen, type ScreenState } from './screen-url.ts';

const qarp = SCREENER_PRESETS.find((p) => p.id === 'quality-reasonable-price')!;

describe('a preset becomes a screen in the URL and the same request the server defines', () => {
  it('Quality at a reasonable price: its four filters, its sort and its columns survive URL → screen → request', () => {
    const screen = parseScreen(new URLSearchParams(formatScreen(screenFromDefinition(qarp))));
    const body = toQueryBody(screen);
    expect(body.filters).toEqual(qarp.filters);
    expect(body.sort).toEqual(qarp.sort);
    // `type` rides along for the row links when the preset does not show it.
    expect(body.columns).toEqual([...qarp.columns, 'type']);
    expect(body.page).toBe(1);
    expect(matchesDefinition(screen, qarp)).toBe(true);
  });

  it('the URL leaves the default sort out; the request still names it, so aria-sort can show it', () => {
    const net = { ...SCREENER_PRESETS.find((p) => p.id === 'net-cash')!, sort: { ...DEFAULT_SORT } };
    const screen = screenFromDefinition(net);
    expect(screen.sort).toBeNull();
    expect(formatScreen(screen)).not.toContain('sort=');
    expect(toQueryBody(screen).sort).toEqual(DEFAULT_SORT);
    expect(toQueryBody(screen).filters).toEqual([
      { field: 'net_cash', min: 0 },
      { field: 'type', in: ['Stock'] },
    ]);
  });

  it('one bound changed (P/E max 25 → 30) and the preset button is no longer pressed', () => {
    const s = screenFromDefinition(qarp);
    const edited: ScreenState = { ...s, filters: s.filters.map((f) => (f.field === 'pe_ttm' && f.kind === 'range' ? { ...f, max: 30 } : f)) };
    expect(matchesDefinition(edited, qarp)).toBe(false);
  });
});

describe('columns when none were chosen', () => {
  it('the defaults, then each filtered field not among them, in filter order', () => {
    const s = parseScreen(new URLSearchParams('roe=15..&pe_ttm=..20&sector=Energy'));
    expect(pickColumns(s)).toEqual([...DEFAULT_COLUMNS, 'roe']);
    expect(toDefinition(s).columns).toEqual([...DEFAULT_COLUMNS, 'roe']);
  });
  it('chosen columns win, in their order', () => {
    expect(pickColumns(parseScreen(new URLSearchParams('roe=15..&cols=roe,pe_ttm')))).toEqual(['roe', 'pe_ttm']);
  });
});
