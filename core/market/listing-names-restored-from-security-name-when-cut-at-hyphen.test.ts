import { describe, expect, it } from 'vitest';
import { buildListingName, cleanListingName } from './listing-repairs.ts';

describe('listing names cut at the first hyphen are rebuilt from the security name', () => {
  it('rebuilds the rows other_listed.csv cut: ETFs whole, companies up to " - " and without "Common Stock"', () => {
    expect(buildListingName('T', 'T-Rex 2X Long Apple Daily Target ETF', true)).toEqual({ name: 'T-Rex 2X Long Apple Daily Target ETF', restored: true });
    expect(buildListingName('La', 'La-Z-Boy Incorporated Common Stock', false)).toEqual({ name: 'La-Z-Boy Incorporated', restored: true });
    expect(buildListingName('O', 'O-I Glass, Inc. Common Stock', false).name).toBe('O-I Glass, Inc.');
    // the ETF series is part of the fund's name: "Innovator Equity Defined Protection ETF " was cut before "- 2 Yr…"
    expect(buildListingName('Innovator Equity Defined Protection ETF ', 'Innovator Equity Defined Protection ETF - 2 Yr to April 2028', true).name).toBe(
      'Innovator Equity Defined Protection ETF - 2 Yr to April 2028',
    );
  });

  it('leaves names that were not cut: identical columns, and Nasdaq rows whose company name is the part before " - "', () => {
    expect(buildListingName('Agilent Technologies, Inc. Common Stock', 'Agilent Technologies, Inc. Common Stock', false)).toEqual({
      name: 'Agilent Technologies, Inc.',
      restored: false,
    });
    // "Artius II Acquisition Inc." + " - Units": the next character after the company name is a space, not a hyphen
    expect(buildListingName('Artius II Acquisition Inc.', 'Artius II Acquisition Inc. - Units', false)).toEqual({
      name: 'Artius II Acquisition Inc.',
      restored: false,
    });
  });

  it('cleanListingName drops the security descriptor and a dangling separator', () => {
    expect(cleanListingName('  Bio-Rad  Laboratories, Inc. Class A Common Stock')).toBe('Bio-Rad Laboratories, Inc.');
    expect(cleanListingName('Foo Corp -')).toBe('Foo Corp');
  });
});
