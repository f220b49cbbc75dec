import { describe, expect, it } from 'vitest';
import { openBundledAnalysisData } from '../../../server/adapters/market-data/bundled/analysis-inputs.ts';
import { analysisBuilders } from '../runs/index.ts';
import { findReportDates } from './report-dates.ts';

const quarter = (end: string, filed: string) => ({ end, fiscalYear: Number(end.slice(0, 4)), values: { revenue: 1 }, filed: { revenue: filed } });

describe('key figures first: trailing figures, the share count and the report dates', () => {
  it('next report = next quarter end + the median delay of the last four reports: quarters ending Mar 28 filed after 34 days → Jun 28 + 34 = Aug 1', () => {
    const f = {
      symbol: 'X',
      annual: [],
      quarterly: [
        quarter('2025-06-28', '2025-08-01'), // 34 days
        quarter('2025-09-27', '2025-10-31'), // 34
        quarter('2025-12-27', '2026-01-30'), // 34
        quarter('2026-03-28', '2026-05-01'), // 34
      ],
    };
    expect(findReportDates(f, '2026-07-02')).toEqual({
      last: { periodEnd: '2026-03-28', filed: '2026-05-01' },
      next: { periodEnd: '2026-06-28', expected: '2026-08-01', lagDays: 34 },
    });
    // On a later data day the report that should have come is past due: the one after is the next expected.
    expect(findReportDates(f, '2026-08-15').next).toEqual({ periodEnd: '2026-09-28', expected: '2026-11-01', lagDays: 34 });
  });

  it('a quarter ending on a month’s last day rolls to the last day of the month three on (Mar 31 → Jun 30), median of 29, 29, 30, 60 days = 29.5 → 30', () => {
    const f = {
      symbol: 'Y',
      annual: [],
      quarterly: [
        quarter('2025-06-30', '2025-08-29'),
        quarter('2025-09-30', '2025-10-29'),
        quarter('2025-12-31', '2026-01-29'),
        quarter('2026-03-31', '2026-04-30'),
      ],
    };
    expect(findReportDates(f, '2026-07-02').next).toEqual({ periodEnd: '2026-06-30', expected: '2026-07-30', lagDays: 30 });
  });

  it('AAPL’s quick overview states them, each with its period: revenue and EPS over the last four quarters, shares, the dividend with its last ex-date, the reports', async () => {
    const data = openBundledAnalysisData();
    const r = analysisBuilders.overview(await data.load('AAPL'), null);
    if (!r.ok) throw new Error(r.error.message);
    const fact = (k: string) => r.value.facts.find((f) => f.key === k);
    expect(fact('revenue_ttm')?.period).toMatch(/^TTM to 2026-03-28/);
    expect(fact('eps_ttm')?.unit).toBe('usd_per_share');
    expect(fact('shares_diluted')?.value).toBeGreaterThan(14e9);
    expect(fact('dividend_per_share_ttm')?.period).toMatch(/last ex-date 2026-/);
    expect(fact('last_report_date')).toMatchObject({ value: 'May 1, 2026', period: 'period ending 2026-03-28' });
    expect(fact('next_report_expected')).toMatchObject({ label: 'Next report (expected)', value: 'Aug 1, 2026' });
  });
});
