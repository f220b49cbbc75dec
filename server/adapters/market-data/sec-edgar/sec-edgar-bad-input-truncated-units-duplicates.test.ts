import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { CompanyFactsJson } from '../../../../core/market/sec-facts.ts';
import { findAppRoot } from '../../../lib/app-root.ts';
import { buildLiveFundamentals } from './index.ts';

const root = findAppRoot();
const appleFacts = readFileSync(join(root, 'server/test/fixtures/sec-edgar/companyfacts-CIK0000320193.json'), 'utf8');
const apple = (): CompanyFactsJson => JSON.parse(appleFacts);
const SPLITS = [{ date: '2020-08-31', ratio: 4 }];
type Fact = { start?: string; end: string; val: number; form?: string; fp?: string; filed?: string };
const factsOf = (doc: CompanyFactsJson, tag: string, unit: string): Fact[] => doc.facts!['us-gaap']![tag]!.units![unit]!;
const annualLine = (f: NonNullable<ReturnType<typeof buildLiveFundamentals>>, key: string) =>
  [...f.annual.income, ...f.annual.balance, ...f.annual.cash_flow].find((l) => l.key === key)!.values;

describe('live SEC EDGAR: bad input is refused with a reason, never served', () => {
  it('net income in EUR (a unit the line cannot have) is withheld with the reason; the USD lines are served', () => {
    const doc = apple();
    const ni = doc.facts!['us-gaap']!.NetIncomeLoss!;
    ni.units = { EUR: ni.units!.USD! };
    const f = buildLiveFundamentals('AAPL', doc, SPLITS)!;
    const values = annualLine(f, 'net_income');
    expect(values.every((v) => v.value === null)).toBe(true);
    expect(values[0]!.note).toContain('NetIncomeLoss reported in unit "EUR", expected USD: refused');
    expect(annualLine(f, 'revenue').at(-1)!.value).toBe(416_161_000_000);
  });

  it('EPS tagged "pure" instead of USD/shares is refused the same way', () => {
    const doc = apple();
    const eps = doc.facts!['us-gaap']!.EarningsPerShareDiluted!;
    eps.units = { pure: eps.units!['USD/shares']! };
    const f = buildLiveFundamentals('AAPL', doc, SPLITS)!;
    expect(annualLine(f, 'eps_diluted').find((v) => v.note)!.note).toContain('unit "pure"');
    expect(annualLine(f, 'eps_diluted').every((v) => v.value === null)).toBe(true);
  });

  it('the same annual revenue filed twice on one day with different values: neither is served', () => {
    const doc = apple();
    const list = factsOf(doc, 'RevenueFromContractWithCustomerExcludingAssessedTax', 'USD');
    const fy2025 = list.find((x) => x.end === '2025-09-27' && x.fp === 'FY')!;
    list.push({ ...fy2025, val: 400_000_000_000 });
    const f = buildLiveFundamentals('AAPL', doc, SPLITS)!;
    const at = f.annual.periods.findIndex((p) => p.end === '2025-09-27');
    expect(annualLine(f, 'revenue')[at]).toEqual({
      value: null,
      source: null,
      as_of: null,
      note: expect.stringContaining('conflicting values (416161000000 vs 400000000000): refused'),
    });
  });

  it('a later filing with a different value is a restatement, not a conflict: the later one wins', () => {
    const doc = apple();
    const list = factsOf(doc, 'RevenueFromContractWithCustomerExcludingAssessedTax', 'USD');
    const fy2025 = list.find((x) => x.end === '2025-09-27' && x.fp === 'FY')!;
    list.push({ ...fy2025, val: 416_200_000_000, filed: '2026-10-30' });
    const f = buildLiveFundamentals('AAPL', doc, SPLITS)!;
    expect(annualLine(f, 'revenue').at(-1)).toMatchObject({ value: 416_200_000_000, as_of: '2026-10-30' });
  });

  it('a document without its us-gaap facts is rejected whole', () => {
    expect(() => buildLiveFundamentals('AAPL', { cik: 320193, entityName: 'Apple Inc.' }, SPLITS)).toThrow(/without a us-gaap or ifrs-full section/);
  });
});
