/**
 * EDGAR's SIC → GICS sector (sic-sector.ts), measured on the bundled snapshot: every S&P 500 company there has both a
 * GICS sector (the constituents list) and EDGAR's SIC description, which the SEC's code list turns back into the code.
 */
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { createBundledProvider } from '../../server/adapters/market-data/bundled/index.ts';
import { findAppRoot } from '../../server/lib/app-root.ts';
import { classifyCompany, isReit } from '../analysis/fundamentals/company-class.ts';
import { SEC_SIC_CODES } from '../test-kit/sec-sic-codes.ts';
import { GICS_SECTORS, mapSicToSector } from './sic-sector.ts';
import type { Profile } from './types.ts';

/**
 * EDGAR's titles are the SEC list's in title case, with two of the list's misspellings corrected ("Disgnostic",
 * "Navagation"); spaces are doubled in a few of both.
 */
const titleKey = (t: string) => t.toUpperCase().replace(/\s+/g, ' ').replace('DISGNOSTIC', 'DIAGNOSTIC').replace('NAVAGATION', 'NAVIGATION').trim();
const codeOfTitle = new Map(SEC_SIC_CODES.map(([code, title]) => [titleKey(title), code]));

let companies: Array<{ profile: Profile; code: string }>;
beforeAll(async () => {
  const bundled = createBundledProvider(join(findAppRoot(), 'data'));
  const profiles = await Promise.all((await bundled.listCovered()).filter((l) => l.type === 'stock').map((l) => bundled.getProfile!(l.symbol)));
  companies = profiles.flatMap((p) => {
    const code = p?.sector && p.sic_description ? codeOfTitle.get(titleKey(p.sic_description)) : undefined;
    return p && code ? [{ profile: p, code }] : [];
  });
});

const codeOf = (symbol: string) => companies.find((c) => c.profile.symbol === symbol)!;

describe('SIC → GICS sector', () => {
  it.each([
    ['JPM', '6021', 'Financials'],
    ['KO', '2080', 'Consumer Staples'],
    ['MSFT', '7372', 'Information Technology'],
    ['XOM', '2911', 'Energy'],
    ['PLD', '6798', 'Real Estate'],
    ['DUK', '4931', 'Utilities'],
    ['NEE', '4911', 'Utilities'],
    ['AIG', '6331', 'Financials'],
    ['GOOGL', '7370', 'Communication Services'],
    ['UNH', '6324', 'Health Care'],
  ])('%s: its EDGAR SIC %s maps to its GICS sector, %s', (symbol, code, sector) => {
    const c = codeOf(symbol);
    expect(c.code).toBe(code);
    expect(c.profile.sector).toBe(sector);
    expect(mapSicToSector(code)).toBe(sector);
  });

  it('a store-only bank (SIC 6022, State Commercial Banks) is Financials and classified a bank; a REIT (6798) is Real Estate and read as a REIT', () => {
    expect(mapSicToSector('6022')).toBe('Financials');
    expect(classifyCompany({ sector: 'Financials', industry: 'STATE COMMERCIAL BANKS', sicDescription: 'STATE COMMERCIAL BANKS' })).toBe('bank');
    expect(mapSicToSector('6798')).toBe('Real Estate');
    expect(isReit('Real Estate', 'Real Estate Investment Trusts')).toBe(true);
  });

  it('no sector where SIC cannot tell or the code is not one: blank checks, ADRs, non-operating, "12A4", "", null', () => {
    for (const code of ['6770', '8880', '9995', '12A4', '', '60221', null, undefined]) expect(mapSicToSector(code), String(code)).toBeNull();
  });

  it("every code of the SEC's list (444) maps to one of the 11 GICS sectors, except the 10 SIC cannot place", () => {
    const unplaced = SEC_SIC_CODES.filter(([code]) => mapSicToSector(code) === null).map(([code]) => code);
    expect(unplaced).toEqual(['6770', '6794', '8300', '8351', '8600', '8880', '8888', '8900', '9721', '9995']);
    for (const [code] of SEC_SIC_CODES) {
      const sector = mapSicToSector(code);
      if (sector !== null) expect(GICS_SECTORS).toContain(sector);
    }
  });

  it('agrees with the GICS sector for ≥ 89 % of the snapshot companies with both (measured: 449 of 503 = 89.3 %)', () => {
    // Every stock profile with a GICS sector (all 504 but RDDT) has an EDGAR title that resolves to a code on the list.
    expect(companies.length).toBe(503);
    const agree = companies.filter((c) => mapSicToSector(c.code) === c.profile.sector).length;
    expect(agree / companies.length).toBeGreaterThanOrEqual(0.89);
    expect(agree).toBe(449);
  });
});
