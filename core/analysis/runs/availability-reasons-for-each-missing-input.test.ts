import { describe, expect, it } from 'vitest';
import type { Coverage, Profile } from '../../market/types.ts';
import { analysisKinds } from '../../tokens/costs.ts';
import { checkAvailability } from './index.ts';

const stock: Profile = {
  symbol: 'ACME',
  name: 'Acme Tools',
  type: 'stock',
  exchange: 'NYSE',
  sector: 'Industrials',
  industry: 'Machinery',
  sic_description: null,
  cik: null,
  headquarters: null,
  founded: null,
  fiscal_year_end: null,
  sp500: false,
  source: 'test',
};
const etf: Profile = { ...stock, symbol: 'FUND', name: 'A Fund', type: 'etf', sector: null };
const full: Coverage = { quote: true, history: 'daily', fundamentals: true, etf: false, dividends: true };

describe('which kinds can run, and why not', () => {
  it('a stock with daily prices and fundamentals can run every kind but the ETF one', () => {
    for (const kind of analysisKinds) {
      const u = checkAvailability(kind, { profile: stock, coverage: full });
      if (kind === 'etf') expect(u?.reason).toBe('ETF analysis needs an ETF');
      else expect(u, kind).toBeNull();
    }
  });

  it('month-end prices only: technical analysis needs daily prices', () => {
    expect(checkAvailability('technical', { profile: stock, coverage: { ...full, history: 'monthly' } })).toEqual({
      kind: 'technical',
      reason: 'Technical analysis needs daily prices',
      input: 'daily',
    });
  });

  it('no fundamentals: the company kinds say so, technical still runs', () => {
    const coverage = { ...full, fundamentals: false };
    for (const kind of ['overview', 'fundamental', 'balance-sheet', 'dcf'] as const) {
      expect(checkAvailability(kind, { profile: stock, coverage })?.reason).toBe('No fundamentals for this symbol');
    }
    expect(checkAvailability('technical', { profile: stock, coverage })).toBeNull();
  });

  it('an ETF: the ETF kind runs with holdings data, the company kinds explain they need a company', () => {
    const coverage = { ...full, fundamentals: false, etf: true };
    expect(checkAvailability('etf', { profile: etf, coverage })).toBeNull();
    expect(checkAvailability('etf', { profile: etf, coverage: { ...coverage, etf: false } })?.reason).toBe('No holdings or costs for this ETF');
    expect(checkAvailability('dcf', { profile: etf, coverage })?.reason).toBe("A DCF valuation needs a company's statements; FUND is an ETF");
  });
});
