import { describe, expect, it } from 'vitest';
import { type ClassificationInput, classifyCompany } from './company-class.ts';

// Real sector / industry / SIC description triples from the bundled profiles.
const cases: Array<[string, ClassificationInput, ReturnType<typeof classifyCompany>]> = [
  ['JPM', { sector: 'Financials', industry: 'Diversified Banks', sicDescription: 'National Commercial Banks' }, 'bank'],
  [
    'BNY (custody bank, GICS asset management)',
    { sector: 'Financials', industry: 'Asset Management & Custody Banks', sicDescription: 'State Commercial Banks' },
    'bank',
  ],
  ['COF', { sector: 'Financials', industry: 'Consumer Finance', sicDescription: 'National Commercial Banks' }, 'bank'],
  ['GS', { sector: 'Financials', industry: 'Investment Banking & Brokerage', sicDescription: 'Security Brokers, Dealers & Flotation Companies' }, 'bank'],
  ['AFL', { sector: 'Financials', industry: 'Life & Health Insurance', sicDescription: 'Accident & Health Insurance' }, 'insurer'],
  [
    'BRK.B (multi-sector holdings, SIC insurer)',
    { sector: 'Financials', industry: 'Multi-Sector Holdings', sicDescription: 'Fire, Marine & Casualty Insurance' },
    'insurer',
  ],
  [
    'AON (broker, not an underwriter)',
    { sector: 'Financials', industry: 'Insurance Brokers', sicDescription: 'Insurance Agents, Brokers & Service' },
    'non_manufacturer',
  ],
  [
    'BLK',
    { sector: 'Financials', industry: 'Asset Management & Custody Banks', sicDescription: 'Security Brokers, Dealers & Flotation Companies' },
    'non_manufacturer',
  ],
  [
    'AAPL',
    { sector: 'Information Technology', industry: 'Technology Hardware, Storage & Peripherals', sicDescription: 'Electronic Computers' },
    'manufacturer',
  ],
  ['NVDA', { sector: 'Information Technology', industry: 'Semiconductors', sicDescription: 'Semiconductors & Related Devices' }, 'manufacturer'],
  [
    'CAT ("Construction" in a machinery SIC)',
    { sector: 'Industrials', industry: 'Construction Machinery & Heavy Transportation Equipment', sicDescription: 'Construction Machinery & Equip' },
    'manufacturer',
  ],
  ['XOM', { sector: 'Energy', industry: 'Integrated Oil & Gas', sicDescription: 'Petroleum Refining' }, 'manufacturer'],
  [
    'SLB-like ("Oil & Gas" machinery)',
    { sector: 'Energy', industry: 'Oil & Gas Equipment & Services', sicDescription: 'Oil & Gas Field Machinery & Equipment' },
    'manufacturer',
  ],
  [
    'COP (exploration: mining division)',
    { sector: 'Energy', industry: 'Oil & Gas Exploration & Production', sicDescription: 'Crude Petroleum & Natural Gas' },
    'non_manufacturer',
  ],
  ['MSFT', { sector: 'Information Technology', industry: 'Systems Software', sicDescription: 'Services-Prepackaged Software' }, 'non_manufacturer'],
  [
    'UNH (a health plan is not a manufacturer)',
    { sector: 'Health Care', industry: 'Managed Health Care', sicDescription: 'Hospital & Medical Service Plans' },
    'non_manufacturer',
  ],
  ['NEE', { sector: 'Utilities', industry: 'Electric Utilities', sicDescription: 'Electric & Other Services Combined' }, 'non_manufacturer'],
  ['PWR', { sector: 'Industrials', industry: 'Construction & Engineering', sicDescription: 'Electrical Work' }, 'non_manufacturer'],
  ['WMT', { sector: 'Consumer Staples', industry: 'Consumer Staples Merchandise Retail', sicDescription: 'Retail-Variety Stores' }, 'non_manufacturer'],
  ['a REIT', { sector: 'Real Estate', industry: 'Retail REITs', sicDescription: 'Real Estate Investment Trusts' }, 'non_manufacturer'],
  ['no SIC description', { sector: 'Industrials', industry: 'Aerospace & Defense', sicDescription: null }, 'non_manufacturer'],
];

describe('company class from GICS industry and SIC description', () => {
  it.each(cases)('%s', (_name, input, expected) => {
    expect(classifyCompany(input)).toBe(expected);
  });
});
