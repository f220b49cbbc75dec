import { beforeAll, describe, expect, it } from 'vitest';
import { openBundledAnalysisData } from '../../../server/adapters/market-data/bundled/analysis-inputs.ts';
import type { AnalysisInputs } from '../analysis-types.ts';
import { computeScreenerRow } from '../../screener/row-values.ts';
import {
  computeTrailingDividendYield,
  describeDividendStreak,
  type DividendHistory,
  listYearlyRates,
  measureDividendStreak,
  readStreakFact,
  toDividendHistory,
} from './dividend-history.ts';

/*
 * One trailing yield and one streak wording, on the bundled data. KO's records (the 2015–2025 Yahoo file)
 * run 2015-07-31 to 2025-12-05; PG's (the full-history file) 1962-01-16 to the snapshot, 2026-07-02.
 */

const data = openBundledAnalysisData();
let koOnDataDay: AnalysisInputs;
let koOnLastRecord: AnalysisInputs;
let pg: AnalysisInputs;

beforeAll(async () => {
  koOnDataDay = await data.load('KO');
  koOnLastRecord = await data.load('KO', { asOf: '2025-12-05' });
  pg = await data.load('PG');
});

const closeOn = (inputs: AnalysisInputs, day: string) => inputs.daily!.bars.find((b) => b.date === day)!.close;

describe('trailing-twelve-month yield: Σ dividends ex in the 365 days to the price date ÷ that day’s close', () => {
  it('KO on 2025-12-05: 0.51 + 0.51 + 0.51 + 0.51 = 2.04 (ex 2025-03-14, 06-13, 09-15, 12-01) ÷ 70.00 = 2.914 % → 2.91 %', () => {
    const y = computeTrailingDividendYield(toDividendHistory(koOnLastRecord), '2025-12-05', closeOn(koOnLastRecord, '2025-12-05'));
    expect(y.ok).toBe(true);
    if (!y.ok) return;
    expect(y.value.after).toBe('2024-12-05');
    expect(y.value.payments.map((d) => [d.ex_date, d.amount])).toEqual([
      ['2025-03-14', 0.51],
      ['2025-06-13', 0.51],
      ['2025-09-15', 0.51],
      ['2025-12-01', 0.51],
    ]);
    expect(y.value.total).toBeCloseTo(2.04, 12);
    expect(closeOn(koOnLastRecord, '2025-12-05')).toBe(70);
    expect(y.value.yield).toBeCloseTo(2.04 / 70, 12);
    // The screener (and /compare, which reads its row) serves the same figure, in percent to 2 decimals.
    expect(computeScreenerRow(koOnLastRecord).values.dividend_yield_ttm).toBe(2.91);
  });

  it('KO on the data day 2026-07-02: the records end 2025-12-05, so the trailing year is absent with its reason — not 0.51 + 0.51 = 1.02 ÷ 84.14 = 1.21 %', () => {
    const y = computeTrailingDividendYield(toDividendHistory(koOnDataDay), '2026-07-02', closeOn(koOnDataDay, '2026-07-02'));
    expect(y).toMatchObject({ ok: false, error: { code: 'missing_input', input: 'dividends' } });
    expect(!y.ok && y.error.message).toContain('end on 2025-12-05');
    const row = computeScreenerRow(koOnDataDay);
    expect(row.values.dividend_yield_ttm).toBeUndefined();
    // The fiscal-year yield is another key with another label: FY2025 dividends per share 2.04 ÷ 84.14 = 2.42 %.
    expect(row.values.dividend_yield).toBe(2.42);
  });

  it('PG on 2026-07-02 (records to the data day): 1.057 + 1.057 + 1.057 + 1.089 = 4.26 ÷ 151.41 = 2.81 %', () => {
    const y = computeTrailingDividendYield(toDividendHistory(pg), '2026-07-02', closeOn(pg, '2026-07-02'));
    expect(y.ok && y.value.payments.map((d) => d.ex_date)).toEqual(['2025-07-18', '2025-10-24', '2026-01-23', '2026-04-24']);
    expect(y.ok && y.value.total).toBeCloseTo(4.26, 12);
    expect(y.ok && y.value.yield).toBeCloseTo(4.26 / 151.41, 12);
    expect(computeScreenerRow(pg).values.dividend_yield_ttm).toBe(2.81);
  });

  it('records that cover the window with no payment in it: 0 %, a real answer (a name that stopped paying)', () => {
    const h: DividendHistory = {
      events: [{ ex_date: '2024-08-07', amount: 0.125, pay_date: null, source: 't' }],
      records: { from: '2015-07-31', through: '2025-12-05' },
    };
    expect(computeTrailingDividendYield(h, '2025-12-05', 20)).toMatchObject({ ok: true, value: { yield: 0, total: 0 } });
  });

  it('no records at all (LHX in the bundled snapshot, a $4.80-a-year payer): absent, saying the coverage is unknown — never "no dividend went ex"', () => {
    const y = computeTrailingDividendYield({ events: [], records: null }, '2026-06-30', 290.59);
    expect(y).toMatchObject({ ok: false, error: { code: 'missing_input', input: 'dividends' } });
    expect(!y.ok && y.error.message).toBe("no dividend on record for the 12 months to 2026-06-30 (the records' coverage is unknown)");
  });
});

describe('dividend streaks over the longest history each name has, worded the same way for every name', () => {
  it('KO: yearly rates 0.33 (2015) → 0.35 → 0.37 → 0.39 → 0.40 → 0.41 → 0.42 → 0.44 → 0.46 → 0.485 (2024): 9 raises, reaching the first year → "at least 9 years (data from 2015)"', () => {
    const h = toDividendHistory(koOnDataDay);
    // 2025 is not complete in the records (they end 2025-12-05), so the streak counts to 2024.
    expect(listYearlyRates(h, '2026-07-02').map((r) => [r.year, r.rate])).toEqual([
      [2015, 0.33],
      [2016, 0.35],
      [2017, 0.37],
      [2018, 0.39],
      [2019, 0.4],
      [2020, 0.41],
      [2021, 0.42],
      [2022, 0.44],
      [2023, 0.46],
      [2024, 0.485],
    ]);
    const s = measureDividendStreak(h, '2026-07-02', 'growth')!;
    expect(s).toEqual({ years: 9, clipped: true, dataFrom: 2015, throughYear: 2024 });
    expect(describeDividendStreak(s)).toBe('at least 9 years (data from 2015)');
  });

  it('PG: 1962–2025, every yearly rate above the one before (1963 0.00625 > 1962 0.005859 … 2025 4.178 / 4 = 1.0445 > 2024 3.962 / 4 = 0.9905): 63 raises → "at least 63 years (data from 1962)"', () => {
    const h = toDividendHistory(pg);
    const rates = listYearlyRates(h, '2026-07-02');
    expect(rates[0]).toEqual({ year: 1962, rate: 0.005859 });
    expect(rates.at(-2)!.rate).toBeCloseTo(3.962 / 4, 12);
    expect(rates.at(-1)!.rate).toBeCloseTo(4.178 / 4, 12);
    expect(rates.length - 1).toBe(63);
    const s = measureDividendStreak(h, '2026-07-02', 'growth')!;
    expect(s).toEqual({ years: 63, clipped: true, dataFrom: 1962, throughYear: 2025 });
    expect(describeDividendStreak(s)).toBe('at least 63 years (data from 1962)');
  });

  it('PG 2002, the Jif and Crisco spin-off booked as a 0.345 "dividend" between 0.19 and 0.205, and 1983’s mis-scaled 0.01875: neither reads as a raise or a cut', () => {
    const rates = new Map(listYearlyRates(toDividendHistory(pg), '2026-07-02').map((r) => [r.year, r.rate]));
    // 2002: (0.19 + 0.19 + 0.205 + 0.205) / 4 = 0.1975, not (… + 0.345) / 5; 2003: (0.205 × 2 + 0.2275 × 2) / 4 = 0.21625.
    expect(rates.get(2002)).toBeCloseTo(0.1975, 12);
    expect(rates.get(2003)).toBeCloseTo(0.21625, 12);
    // 1983: 0.0375 × 3 / 3 (the 0.01875 of 1983-01-17 is below two thirds of both neighbours) > 1982's 0.032813.
    expect(rates.get(1983)).toBeCloseTo(0.0375, 12);
  });

  it('the no-cut streak (dividend safety, the screener, the analyses) comes from the same records and wording', () => {
    const fact = (inputs: AnalysisInputs) => computeScreenerRow(inputs).values.dividend_streak_years;
    expect(fact(koOnDataDay)).toBe(9);
    expect(fact(pg)).toBe(63);
    expect(readStreakFact(9, 'to 2024; data from 2015')).toBe('at least 9 years (data from 2015)');
    expect(readStreakFact(13, 'to 2025')).toBe('13 years');
    expect(describeDividendStreak({ years: 1, clipped: false, dataFrom: 1987 })).toBe('1 year');
  });

  it('a payer that started inside the records is not clipped: AAPL resumed in 2012 (records from 1987), 2012 → 2025 all raises = 13 years', async () => {
    const aapl = await data.load('AAPL');
    const s = measureDividendStreak(toDividendHistory(aapl), '2026-07-02', 'growth')!;
    expect(s).toMatchObject({ years: 13, clipped: false });
    expect(describeDividendStreak(s)).toBe('13 years');
  });
});
