import { describe, expect, it } from 'vitest';
import { runNormalizer, buildSource, readCell } from '../../test-kit/normalizer-test-kit.ts';

describe('not reported: a vendor 0 is "—", a non-payer’s 0 dividend is a real 0', () => {
  const { out, log } = runNormalizer({
    sources: [
      buildSource('sec', {
        '2023-12-31': { revenue: 0, research_development: 0, capital_expenditure: 0, eps_diluted: 0, net_income: 500, dividends_paid: 0 },
      }),
      // FMP has the revenue the SEC file gave as 0: with the 0 dropped, the next source fills the gap.
      buildSource('fmp', { '2023-12-31': { revenue: 4_000 } }, {}, { vintage: 'as_first_filed' }),
    ],
  });
  const p = out.annual;

  it('drops zeros on lines that are never 0 when reported (R&D, capex, EPS)', () => {
    expect(readCell(p, '2023-12-31', 'research_development')).toBeNull();
    expect(readCell(p, '2023-12-31', 'capital_expenditure')).toBeNull();
    expect(readCell(p, '2023-12-31', 'eps_diluted')).toBeNull();
    expect(log.events.filter((e) => e.kind === 'not_reported').map((e) => e.line)).toEqual([
      'revenue',
      'research_development',
      'capital_expenditure',
      'eps_diluted',
    ]);
  });

  it('lets the next source fill a dropped zero: revenue 0 (sec) → 4,000 (fmp)', () => {
    expect(p.get('2023-12-31')!.get('revenue')).toMatchObject({ value: 4_000, source: 'fmp' });
  });

  it('keeps 0 dividends paid: a company that pays none reports 0', () => {
    expect(readCell(p, '2023-12-31', 'dividends_paid')).toBe(0);
  });
});
