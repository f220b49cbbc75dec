import { describe, expect, it } from 'vitest';
import { makeCompany, makePeriod } from '../analysis/fundamentals/fixtures/acme-tools.ts';
import type { Dividend } from '../market/types.ts';
import type { Holding } from './holdings-input.ts';
import { buildSmartYield, type HoldingData } from './smart-yield.ts';

const pay = (ex_date: string, amount: number, pay_date: string | null = null): Dividend => ({ ex_date, amount, pay_date, source: 'test' });
const holding = (symbol: string, shares: number, costPerShare: number | null = null): Holding => ({ symbol, shares, costPerShare, lines: [1] });

// Quarterly payer; its March payment is paid on 1 April (the pay date decides the month).
const AAA = [pay('2024-11-29', 0.485), pay('2025-03-14', 0.51, '2025-04-01'), pay('2025-06-13', 0.51), pay('2025-09-15', 0.51), pay('2025-12-01', 0.51)];
// Quarterly payer whose dates drift: 2024-12-06 and 2025-12-04 are both inside the 365-day window; the older December is dropped.
const BBB = [pay('2024-12-06', 0.25), pay('2025-03-06', 0.25), pay('2025-06-06', 0.25), pay('2025-09-05', 0.25), pay('2025-12-04', 0.27)];
// Monthly payer, ex-dates at month end: 2024-11-29 is outside the window, the next twelve inside.
const OOO_DATES = [
  '2024-11-29',
  '2024-12-31',
  '2025-01-31',
  '2025-02-28',
  '2025-03-31',
  '2025-04-30',
  '2025-05-30',
  '2025-06-30',
  '2025-07-31',
  '2025-08-29',
  '2025-09-30',
  '2025-10-31',
  '2025-11-28',
];
const OOO = OOO_DATES.map((d) => pay(d, 0.2685));

const nonPayer = makeCompany([makePeriod('2025-12-31', 2025, { net_income: 100, dividends_paid: null })], [], 'NNN');

const data = new Map<string, HoldingData>([
  ['AAA', { name: 'Triple A', price: 60, dividends: AAA, financials: null }],
  ['BBB', { name: 'Drifting B', price: 25, dividends: BBB, financials: null }],
  ['OOO', { name: 'Monthly O', price: 50, dividends: OOO, financials: null }],
  ['NNN', { name: 'No dividend', price: 100, dividends: null, financials: nonPayer }],
  ['XXX', { name: 'Unknown payer', price: 10, dividends: null, financials: null }],
]);

describe('smart yield: the projected income calendar equals a hand-computed example', () => {
  // Data day 2026-07-02 → calendar August 2026 … July 2027; history ends 2025-12-05 → window: ex-dates after 2024-12-05 through 2025-12-05.
  const report = buildSmartYield({
    holdings: [holding('AAA', 37, 40), holding('BBB', 20), holding('OOO', 10), holding('NNN', 5), holding('XXX', 3)],
    data,
    startDay: '2026-07-02',
    historyEnd: '2025-12-05',
  });
  const month = (m: string) => report.calendar.find((c) => c.month === m)!.incomeCents;

  it('covers the 12 months after the data day', () => {
    expect(report.calendar.map((c) => c.month)).toEqual([
      '2026-08',
      '2026-09',
      '2026-10',
      '2026-11',
      '2026-12',
      '2027-01',
      '2027-02',
      '2027-03',
      '2027-04',
      '2027-05',
      '2027-06',
      '2027-07',
    ]);
    expect(report.window).toEqual({ after: '2024-12-05', through: '2025-12-05' });
  });

  it('each payment is per-share amount × shares, rounded to cents once: AAA 0.51 × 37 = 18.87; BBB 0.25 × 20 = 5.00, 0.27 × 20 = 5.40; OOO 0.2685 × 10 = 2.685 → 2.69', () => {
    // OOO pays every month: 269 cents in each of the 12 months.
    expect(month('2026-08')).toBe(269);
    // September: AAA 1887 + BBB 500 + OOO 269 = 2656.
    expect(month('2026-09')).toBe(1887 + 500 + 269);
    // December: AAA 1887 (ex 2025-12-01) + BBB 540 (ex 2025-12-04; the 2024-12-06 copy dropped) + OOO 269 (ex 2024-12-31) = 2696.
    expect(month('2026-12')).toBe(1887 + 540 + 269);
    // March: BBB 500 + OOO 269 = 769 — AAA's March dividend was paid on 1 April.
    expect(month('2027-03')).toBe(500 + 269);
    expect(month('2027-04')).toBe(1887 + 269);
    // June: AAA 1887 + BBB 500 + OOO 269.
    expect(month('2027-06')).toBe(1887 + 500 + 269);
    for (const m of ['2026-10', '2026-11', '2027-01', '2027-02', '2027-05', '2027-07']) expect(month(m), m).toBe(269);
  });

  it('the year adds up: AAA 4 × 1887 = 7548, BBB 3 × 500 + 540 = 2040, OOO 12 × 269 = 3228; total 12816 = the sum of the bars', () => {
    const bySymbol = Object.fromEntries(report.holdings.map((h) => [h.symbol, h.annualIncomeCents]));
    expect(bySymbol).toEqual({ AAA: 7548, BBB: 2040, OOO: 3228, NNN: 0, XXX: null });
    expect(report.totals.annualIncomeCents).toBe(7548 + 2040 + 3228);
    expect(report.calendar.reduce((s, c) => s + c.incomeCents, 0)).toBe(12816);
    expect(report.totals.monthlyAverageCents).toBe(Math.round(12816 / 12));
  });

  it('yields are the trailing 12 months to the data day 2026-07-02 (after 2025-07-02): AAA 0.51 + 0.51 = 1.02 / 60 = 1.7 % (the history is taken as complete: no span given), NNN (no dividend in its filing) 0 %; yield on cost AAA 2.04 / 40 = 5.1 % (the projected year)', () => {
    const h = Object.fromEntries(report.holdings.map((x) => [x.symbol, x]));
    expect(h.AAA!.dividendYield).toBeCloseTo(1.02 / 60, 12);
    // BBB 0.25 (2025-09-05) + 0.27 (2025-12-04) = 0.52 / 25; OOO 5 × 0.2685 (Jul–Nov month ends) = 1.3425 / 50.
    expect(h.BBB!.dividendYield).toBeCloseTo(0.52 / 25, 12);
    expect(h.OOO!.dividendYield).toBeCloseTo((5 * 0.2685) / 50, 12);
    expect(h.NNN!.dividendYield).toBe(0);
    expect(h.AAA!.yieldOnCost).toBeCloseTo(2.04 / 40, 12);
    expect(h.BBB!.yieldOnCost).toBeNull();
    expect(h.BBB!.paymentsPerYear).toBe(4);
  });

  it('weighted yield = income / value over the counted holdings: 12816 / (222000 + 50000 + 50000 + 50000) cents; XXX (no history) is left out and named', () => {
    expect(report.totals.marketValueCents).toBe(37 * 60 * 100 + 20 * 25 * 100 + 10 * 50 * 100 + 5 * 100 * 100);
    expect(report.totals.weightedYield).toBeCloseTo(12816 / 372000, 12);
    expect(report.totals.counted).toBe(4);
    expect(report.totals.excluded).toEqual([{ symbol: 'XXX', reason: expect.stringContaining('No dividend history') }]);
    // Only AAA has a cost: the portfolio's yield on cost is not stated rather than computed on part of it.
    expect(report.totals.yieldOnCost).toBeNull();
  });

  it('December lists who pays, largest first', () => {
    expect(report.calendar[4]!.bySymbol).toEqual([
      { symbol: 'AAA', incomeCents: 1887 },
      { symbol: 'BBB', incomeCents: 540 },
      { symbol: 'OOO', incomeCents: 269 },
    ]);
  });
});

describe('smart yield: a data day behind today', () => {
  it('the calendar follows today (2026-11-29 → December 2026 … November 2027) with the same payments; a month is known when the records reach the same month a year before', () => {
    const late = buildSmartYield({ holdings: [holding('AAA', 37, 40)], data, startDay: '2026-07-02', today: '2026-11-29', historyEnd: '2026-03-10' });
    expect(late.calendar.map((c) => c.month)).toEqual([
      '2026-12',
      '2027-01',
      '2027-02',
      '2027-03',
      '2027-04',
      '2027-05',
      '2027-06',
      '2027-07',
      '2027-08',
      '2027-09',
      '2027-10',
      '2027-11',
    ]);
    // Records to 2026-03-10 reach December 2025 … March 2026 (March 1 ≤ March 10): December 2026 … March 2027 are known.
    expect(late.calendar.filter((c) => c.known).map((c) => c.month)).toEqual(['2026-12', '2027-01', '2027-02', '2027-03']);
    // The bars still add up to the annual income: unknown months are marked, not emptied.
    expect(late.calendar.reduce((s, c) => s + c.incomeCents, 0)).toBe(late.totals.annualIncomeCents);
  });

  it('a clock behind the data day changes nothing: the calendar follows the data day', () => {
    const early = buildSmartYield({ holdings: [holding('AAA', 37, 40)], data, startDay: '2026-07-02', today: '2026-06-30', historyEnd: '2025-12-05' });
    expect(early.calendar[0]!.month).toBe('2026-08');
  });
});
