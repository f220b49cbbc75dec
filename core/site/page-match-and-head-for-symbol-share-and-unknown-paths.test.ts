import { describe, expect, it } from 'vitest';
import { describePageHead, listIndexablePaths, matchPage, routeTable } from './pages.ts';

describe('pages: which route a path renders, and its head', () => {
  it('fixed paths, parameters (decoded) and the catch-all never matching', () => {
    expect(matchPage('/pricing')?.entry.page).toBe('pricing');
    expect(matchPage('/fundamental-analysis/BRK.B/profitability')).toMatchObject({
      entry: { page: 'fundamental' },
      params: { symbol: 'BRK.B', analysisType: 'profitability' },
    });
    expect(matchPage('/technical/%41APL')?.params).toEqual({ symbol: 'AAPL' });
    expect(matchPage('/no/such/page')).toBeNull();
    expect(matchPage('/pricing/extra')).toBeNull();
  });

  it('titles: the site name after the page, before it on the home page; a symbol with its company where known', () => {
    expect(describePageHead('pricing').title).toBe('Pricing · Stockpilot');
    expect(describePageHead('home').title).toBe('Stockpilot · AI-assisted stock analysis, paid per use');
    expect(describePageHead('dcf', { symbol: 'msft' }, 'Microsoft Corp').title).toBe('MSFT (Microsoft Corp) DCF valuation · Stockpilot');
    expect(describePageHead('dcf', { symbol: 'msft' }).title).toBe('MSFT DCF valuation · Stockpilot');
    expect(describePageHead('dcf', { symbol: 'msft' }).description).toContain('valuation of MSFT:');
  });

  it('the sitemap: indexable pages without parameters; every route has a head', () => {
    const paths = listIndexablePaths();
    expect(paths).toContain('/');
    expect(paths).not.toContain('/dashboard');
    expect(paths).not.toContain('/login');
    expect(paths.some((p) => p.includes(':'))).toBe(false);
    for (const r of routeTable) expect(describePageHead(r.page).title.length, r.page).toBeGreaterThan(12);
  });
});
