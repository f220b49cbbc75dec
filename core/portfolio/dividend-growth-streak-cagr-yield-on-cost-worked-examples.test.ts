import { describe, expect, it } from 'vitest';
import type { Dividend } from '../market/types.ts';
import { computeDividendCagr, computeGrowthStreak, sumCompleteYears } from './dividend-income.ts';
import { makeCompany, makePeriod } from '../analysis/fundamentals/fixtures/acme-tools.ts';
import { buildSmartYield } from './smart-yield.ts';

/** Four equal quarterly payments a year; the first year starts in September (a partial year). */
function quarterly(perYear: Record<number, number>): Dividend[] {
  const out: Dividend[] = [];
  for (const [y, annual] of Object.entries(perYear)) {
    for (const m of ['03', '06', '09', '12']) {
      if (Number(y) === 2015 && m < '09') continue;
      out.push({ ex_date: `${y}-${m}-10`, amount: annual / 4, pay_date: null, source: 'test' });
    }
  }
  return out;
}
const KO_LIKE = { 2015: 1.32, 2016: 1.4, 2017: 1.48, 2018: 1.56, 2019: 1.6, 2020: 1.64, 2021: 1.68, 2022: 1.76, 2023: 1.84, 2024: 1.94, 2025: 2.04 };

describe('dividend growth: complete years, streak of increases, 5-year CAGR', () => {
  it('complete years: 2015 (history starts in September) and 2025 (history ends 2025-12-05) are left out', () => {
    const years = sumCompleteYears(quarterly(KO_LIKE), '2025-12-05');
    expect(years.map((y) => y.year)).toEqual([2016, 2017, 2018, 2019, 2020, 2021, 2022, 2023, 2024]);
    expect(years[0]!.amount).toBeCloseTo(1.4, 12);
    // A history that ends on 31 December counts that year.
    expect(sumCompleteYears(quarterly(KO_LIKE), '2025-12-31').at(-1)!.year).toBe(2025);
  });

  it('nine complete years 2016–2024, each higher than the last: 8 increases, and the history starts there → "at least 8"', () => {
    expect(computeGrowthStreak(sumCompleteYears(quarterly(KO_LIKE), '2025-12-05'))).toEqual({ years: 8, atLeast: true });
  });

  it('a cut in 2021 (1.60 after 1.64) ends the streak at 3: 2022 > 2021, 2023 > 2022, 2024 > 2023', () => {
    expect(computeGrowthStreak(sumCompleteYears(quarterly({ ...KO_LIKE, 2021: 1.6 }), '2025-12-05'))).toEqual({ years: 3, atLeast: false });
  });

  it('a flat year is not an increase: 2024 = 2023 → streak 0', () => {
    expect(computeGrowthStreak(sumCompleteYears(quarterly({ ...KO_LIKE, 2024: 1.84 }), '2025-12-05'))).toEqual({ years: 0, atLeast: false });
  });

  it('5-year CAGR to 2024: (1.94 / 1.60)^(1/5) − 1 = 3.93 %', () => {
    const r = computeDividendCagr(sumCompleteYears(quarterly(KO_LIKE), '2025-12-05'));
    expect(r.ok && r.value).toBeCloseTo((1.94 / 1.6) ** (1 / 5) - 1, 12);
    expect(r.ok && r.value).toBeCloseTo(0.03929, 4);
  });

  it('fewer than six complete years: no 5-year CAGR, with the reason', () => {
    const r = computeDividendCagr(sumCompleteYears(quarterly({ 2015: 1, 2016: 1, 2017: 1.1, 2018: 1.2 }), '2025-12-05').slice(-4));
    expect(r).toMatchObject({ ok: false, error: { code: 'missing_input' } });
  });

  it('yield on cost = projected dividends per share / cost per share: (0.51 × 4) / 30 = 6.8 %; the trailing yield on 2026-07-02 is absent: the records end 2025-12-05', () => {
    const dividends = ['2025-03-14', '2025-06-13', '2025-09-15', '2025-12-01'].map((ex_date) => ({ ex_date, amount: 0.51, pay_date: null, source: 'test' }));
    const r = buildSmartYield({
      holdings: [{ symbol: 'KO', shares: 10, costPerShare: 30, lines: [1] }],
      data: new Map([['KO', { name: 'Coca-Cola', price: 60, dividends, records: { from: '2015-07-31', through: '2025-12-05' }, financials: null }]]),
      startDay: '2026-07-02',
      historyEnd: '2025-12-05',
    });
    expect(r.holdings[0]!.yieldOnCost).toBeCloseTo(2.04 / 30, 12);
    expect(r.holdings[0]!.dividendYield).toBeNull();
    expect(r.holdings[0]!.notes.join(' ')).toContain('end on 2025-12-05, before the price date 2026-07-02');
    expect(r.holdings[0]!.counted).toBe(true);
    expect(r.totals.costBasisCents).toBe(30000);
    expect(r.totals.yieldOnCost).toBeCloseTo(2040 / 30000, 12);
  });

  it('a history that stops while the filings still show dividends paid has a gap: left out (not a 0 % yield, not −100 % growth); a real stop counts as 0 %', () => {
    const stops2020 = quarterly({ 2015: 0.8, 2016: 0.8, 2017: 0.84, 2018: 0.88, 2019: 0.9, 2020: 0.46 }).filter((d) => d.ex_date <= '2020-06-30');
    const stillPaying = makeCompany([makePeriod('2025-12-31', 2025, { net_income: 100, dividends_paid: 60 })], [], 'GAP');
    const stopped = makeCompany([makePeriod('2025-12-31', 2025, { net_income: 100, dividends_paid: null })], [], 'CUT');
    const r = buildSmartYield({
      holdings: [
        { symbol: 'GAP', shares: 10, costPerShare: null, lines: [1] },
        { symbol: 'CUT', shares: 10, costPerShare: null, lines: [2] },
      ],
      data: new Map([
        ['GAP', { name: 'Gap in history', price: 50, dividends: stops2020, financials: stillPaying }],
        ['CUT', { name: 'Stopped paying', price: 50, dividends: stops2020, records: { from: '2015-01-02', through: '2026-07-02' }, financials: stopped }],
      ]),
      startDay: '2026-07-02',
      historyEnd: '2025-12-05',
    });
    const [gap, cut] = r.holdings;
    expect(gap).toMatchObject({ counted: false, dividendYield: null, dividendCagr5y: null, growthStreak: null });
    expect(gap!.notes[0]).toContain('payment history in the data ends on 2020-06-10');
    expect(cut).toMatchObject({ counted: true, dividendYield: 0, annualIncomeCents: 0 });
    expect(r.totals.excluded.map((e) => e.symbol)).toEqual(['GAP']);
  });
});
