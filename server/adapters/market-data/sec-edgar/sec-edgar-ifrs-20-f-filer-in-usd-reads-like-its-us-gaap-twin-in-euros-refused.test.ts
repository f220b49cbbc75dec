import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { CompanyFactsJson } from '../../../../core/market/sec-facts.ts';
import type { Fundamentals } from '../../../../core/market/types.ts';
import { findAppRoot } from '../../../lib/app-root.ts';
import { toForeignFilerFacts } from '../../../test/ifrs-filer-kit.ts';
import { MAPPED_SEC_CONCEPTS, parseCompanyFacts } from './client.ts';
import { buildLiveFundamentals } from './index.ts';

/**
 * A foreign private issuer reporting under IFRS files a 20-F, and its companyfacts has an ifrs-full section and no
 * us-gaap one. The scenario: Apple's real companyfacts (fixture, FY2025 to 2025-09-27) re-tagged as such a filer —
 * each line's us-gaap concept renamed to its IFRS concept, every 10-K fact filed as a 20-F, the 10-Qs dropped (20-F
 * filers file none) — must read exactly as the same facts under us-gaap: FY2025 revenue $416,161M, net income (the
 * parent's share) $112,010M, so a net margin of 112,010 ÷ 416,161 = 26.9 %; diluted EPS $7.46 on 15,004.697 M shares.
 */
const root = findAppRoot();
const apple = JSON.parse(readFileSync(join(root, 'server/test/fixtures/sec-edgar/companyfacts-CIK0000320193.json'), 'utf8')) as CompanyFactsJson;

const lineOf = (f: Fundamentals, key: string) => [...f.annual.income, ...f.annual.balance, ...f.annual.cash_flow].find((l) => l.key === key)!;
const valueAt = (f: Fundamentals, key: string, end: string) => lineOf(f, key).values[f.annual.periods.findIndex((p) => p.end === end)]!.value;

describe('an IFRS filer (20-F, ifrs-full) is read like its us-gaap twin; one reporting in euros is refused with the reason', () => {
  const usGaapTwin = buildLiveFundamentals('AAPL', toForeignFilerFacts(apple, { taxonomy: 'us-gaap', form: '10-K' }), [])!;
  const ifrsDoc = toForeignFilerFacts(apple);

  it('FY2025: revenue $416,161M, net income $112,010M (26.9 % margin), EPS $7.46 on 15,004.697 M shares, assets $359,241M, OCF $111,482M, capex $12,715M', () => {
    const ifrs = buildLiveFundamentals('AAPL', ifrsDoc, [])!;
    expect(ifrs).not.toBeNull();
    const end = '2025-09-27';
    expect(valueAt(ifrs, 'revenue', end)).toBe(416_161_000_000);
    expect(valueAt(ifrs, 'net_income', end)).toBe(112_010_000_000);
    expect(Math.round((valueAt(ifrs, 'net_income', end)! / valueAt(ifrs, 'revenue', end)!) * 1000) / 10).toBe(26.9);
    expect(valueAt(ifrs, 'eps_diluted', end)).toBe(7.46);
    expect(valueAt(ifrs, 'shares_diluted', end)).toBe(15_004_697_000);
    expect(valueAt(ifrs, 'total_assets', end)).toBe(359_241_000_000);
    expect(valueAt(ifrs, 'operating_cash_flow', end)).toBe(111_482_000_000);
    expect(Math.abs(valueAt(ifrs, 'capital_expenditure', end)!)).toBe(12_715_000_000);
  });

  it('every period and every line equals the us-gaap twin’s (the same facts under the other taxonomy)', () => {
    const ifrs = buildLiveFundamentals('AAPL', ifrsDoc, [])!;
    expect(ifrs.annual.periods).toEqual(usGaapTwin.annual.periods);
    expect(ifrs.annual.periods.length).toBeGreaterThanOrEqual(3);
    for (const key of [
      'revenue',
      'net_income',
      'eps_diluted',
      'shares_diluted',
      'total_assets',
      'operating_cash_flow',
      'capital_expenditure',
      'free_cash_flow',
    ])
      expect(
        lineOf(ifrs, key).values.map((v) => v.value),
        key,
      ).toEqual(lineOf(usGaapTwin, key).values.map((v) => v.value));
  });

  it('a us-gaap filer whose annual report is a 20-F has its years read (before, only a 10-K counted: no year at all)', () => {
    const twenty = buildLiveFundamentals('AAPL', toForeignFilerFacts(apple, { taxonomy: 'us-gaap' }), [])!;
    expect(twenty.annual.periods).toEqual(usGaapTwin.annual.periods);
    expect(valueAt(twenty, 'revenue', '2025-09-27')).toBe(416_161_000_000);
  });

  it('the store keeps the IFRS facts point in time under their own concept (ifrs-full:Revenue, filed 2025-10-31)', () => {
    expect(MAPPED_SEC_CONCEPTS.has('ifrs-full:Revenue')).toBe(true);
    const parsed = parseCompanyFacts('320193', ifrsDoc, { symbol: 'AAPL' });
    const revenue = parsed.facts.accepted.filter((f) => f.concept === 'ifrs-full:Revenue' && f.end === '2025-09-27' && f.start === '2024-09-29');
    expect(revenue.map((f) => [f.value, f.form, f.filed])).toContainEqual([416_161_000_000, '20-F', '2025-10-31']);
    expect(parsed.fundamentals).not.toBeNull();
  });

  it('the same filer reporting in euros: every amount refused naming the unit, no statements served, nothing stored as USD', () => {
    const inEuros = toForeignFilerFacts(apple, { currency: 'EUR' });
    expect(buildLiveFundamentals('AAPL', inEuros, [])).toBeNull();
    const parsed = parseCompanyFacts('320193', inEuros, { symbol: 'AAPL' });
    expect(parsed.fundamentals).toBeNull();
    expect(parsed.facts.accepted.filter((f) => f.unit !== 'shares')).toEqual([]);
    expect(parsed.facts.refused.find((r) => r.key.startsWith('ifrs-full:Revenue'))!.reason).toContain('unit "EUR"');
  });

  it('a document with neither section is still refused whole, with the reason', () => {
    const parsed = parseCompanyFacts('320193', { cik: 320193, entityName: 'Apple Inc.', facts: { dei: {} } });
    expect(parsed.fundamentals).toBeNull();
    expect(parsed.facts.refused[0]!.reason).toMatch(/without a us-gaap or ifrs-full section/);
  });
});
