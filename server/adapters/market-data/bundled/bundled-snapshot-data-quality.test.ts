import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { findAppRoot } from '../../../lib/app-root.ts';
import { type BundledProvider, createBundledProvider } from './index.ts';

let p: BundledProvider;
beforeAll(async () => {
  p = createBundledProvider(join(findAppRoot(), 'data'));
  await p.store.preload();
});

const line = (f: Awaited<ReturnType<NonNullable<BundledProvider['getFundamentals']>>>, key: string) =>
  [...f!.annual.income, ...f!.annual.balance, ...f!.annual.cash_flow].find((l) => l.key === key)!;
const at = (f: Awaited<ReturnType<NonNullable<BundledProvider['getFundamentals']>>>, key: string, end: string) =>
  line(f, key).values[f!.annual.periods.findIndex((p) => p.end === end)]!;

describe('bundled snapshot: data quality', () => {
  it('covers all listings (~13,100 unique symbols from ~16,000 listing rows)', async () => {
    const l = await p.listings();
    expect(l.file.symbol.length).toBeGreaterThan(12_000);
    expect(l.dataAsOf).toBe('2026-07-02');
  });

  it('states its own date once: listings and sources.json agree, and the last daily bar is that day', async () => {
    const l = await p.listings();
    expect(p.dataAsOf()).toBe(l.dataAsOf);
    expect((await p.store.sources()).data_as_of).toBe(l.dataAsOf);
    expect((await p.store.series('AAPL'))!.series.dates.at(-1)).toBe(p.dataAsOf());
  });

  it('AAPL FY2025 matches the SEC cross-check in SOURCES.md, with source and filing date on every figure', async () => {
    const f = await p.getFundamentals!('AAPL');
    expect(f!.annual.periods.at(-1)).toEqual({ end: '2025-09-27', fiscal_year: 2025, label: 'FY2025 (ended 2025-09-27)' });
    // The SEC-derived file has no filing dates; the raw XBRL filings report the same 416,161M first in the 10-K of
    // 2025-10-31, so that is the figure's as-of, a real filing date (not an estimate).
    expect(at(f, 'revenue', '2025-09-27')).toEqual({ value: 416_161_000_000, source: 'sec', as_of: '2025-10-31' });
    expect(at(f, 'net_income', '2025-09-27').value).toBe(112_010_000_000);
    expect(at(f, 'capital_expenditure', '2025-09-27').value).toBe(12_715_000_000);
    for (const l of [...f!.annual.income, ...f!.annual.balance, ...f!.annual.cash_flow]) {
      for (const v of l.values) {
        if (v.value === null) expect(v.source).toBeNull();
        else expect(v.source && v.as_of).toBeTruthy();
      }
    }
  });

  it('SEC values are preferred; FMP fills only gaps, and its 0 ("not reported") becomes null', async () => {
    const f = await p.getFundamentals!('AAPL');
    // Apple stopped reporting interest expense separately; FMP writes 0 for FY2024 and FY2025.
    expect(at(f, 'interest_expense', '2025-09-27')).toEqual({ value: null, source: null, as_of: null });
    expect(at(f, 'interest_expense', '2024-09-28').value).toBeNull();
    // Pretax income only exists in FMP: 132,729M, labelled fmp with its filing date.
    expect(at(f, 'income_before_tax', '2025-09-27')).toMatchObject({ value: 132_729_000_000, source: 'fmp' });
    // Current liabilities come from the raw SEC subset (165,631M), not FMP.
    expect(at(f, 'current_liabilities', '2025-09-27')).toMatchObject({ value: 165_631_000_000, source: 'sec-xbrl' });
  });

  it('per-share values are split-adjusted consistently (NVDA across the 2021 and 2024 splits)', async () => {
    const f = await p.getFundamentals!('NVDA');
    const eps = line(f, 'eps_diluted');
    const ni = line(f, 'net_income');
    const shares = line(f, 'shares_diluted');
    f!.annual.periods.forEach((period, i) => {
      const e = eps.values[i]!.value;
      const n = ni.values[i]!.value;
      const s = shares.values[i]!.value;
      if (e === null || n === null || s === null) return;
      // EPS ≈ net income / diluted shares within 10% once everything is on today's share basis.
      expect(Math.abs(e / (n / s) - 1), period.end).toBeLessThan(0.1);
    });
  });

  it('NFLX: the 10-for-1 split missing from the split table is derived and restated (FY2022 EPS 9.95 → 0.995)', async () => {
    const f = await p.getFundamentals!('NFLX');
    // 4,491.9M net income / 4,512.9M shares (451.29M × 10) = 0.995.
    expect(at(f, 'eps_diluted', '2022-12-31')).toMatchObject({ value: 0.995, note: 'restated for a split after the period (9.95 as reported)' });
    expect(at(f, 'shares_diluted', '2022-12-31').value).toBe(4_512_900_000);
    expect(at(f, 'eps_diluted', '2023-12-31').value).toBe(1.2);
    // Dated the day after the last filing still on the old basis: the Q3 2025 10-Q, filed 2025-10-22 (the
    // split took effect in November 2025; dating by the quarter's end alone gave 2025-10-01).
    expect((await p.getSplits!('NFLX'))!.filter((x) => x.source === 'derived')).toEqual([{ date: '2025-10-23', ratio: 10, source: 'derived' }]);
  });

  it('GOOG per-share figures now match GOOGL’s (were 20× before the 2022 split was restated)', async () => {
    const goog = line(await p.getFundamentals!('GOOG'), 'eps_diluted');
    const googl = await p.getFundamentals!('GOOGL');
    const f = await p.getFundamentals!('GOOG');
    f!.annual.periods.forEach((period, i) => {
      const v = goog.values[i]!.value;
      if (v !== null) expect(v, period.end).toBe(at(googl, 'eps_diluted', period.end).value);
    });
    // FY2019: 49.16 as filed / 20 = 2.458.
    expect(at(f, 'eps_diluted', '2019-12-31').value).toBe(2.458);
  });

  it('share counts in the wrong unit are back in shares: MCD FY2021 751.8 (millions), COP FY2015 1,241,919 (thousands)', async () => {
    // 7,545.2M / 10.04 = 751.5M ≈ 751.8 × 1,000,000.
    expect(at(await p.getFundamentals!('MCD'), 'shares_diluted', '2021-12-31').value).toBe(751_800_000);
    // −4,428M / −3.58 = 1,236.9M ≈ 1,241,919 × 1,000.
    expect(at(await p.getFundamentals!('COP'), 'shares_diluted', '2015-12-31').value).toBe(1_241_919_000);
  });

  it('AVB: revenue on a sub-line definition ($5.6M next to $1,034M net income) is withheld with the reason', async () => {
    const f = await p.getFundamentals!('AVB');
    expect(at(f, 'revenue', '2015-12-31').value).toBe(1_856_028_000);
    const fy2016 = at(f, 'revenue', '2016-12-31');
    expect(fy2016).toMatchObject({ value: null, source: null });
    expect(fy2016.note).toContain('under 20% of net income');
  });

  it('BRK.B: total revenues, not one segment (SEC 175,445M vs FMP 247,837M in FY2018); equity is the parent’s, NCI its own line', async () => {
    const f = await p.getFundamentals!('BRK.B');
    expect(at(f, 'revenue', '2018-12-31')).toMatchObject({ value: 247_837_000_000, source: 'fmp' });
    // 620,854 − 335,426 − 285,428 = 0: the SEC equity included the 3,358M NCI; 285,428 − 3,358 = 282,070.
    expect(at(f, 'total_equity', '2016-12-31').value).toBe(282_070_000_000);
    expect(at(f, 'noncontrolling_interest', '2016-12-31').value).toBe(3_358_000_000);
  });

  it('BRK.B’s quarters are the SEC segment too: withheld, so no trailing sum of them stands beside the 371,444M FY2025 total', async () => {
    const f = await p.getFundamentals!('BRK.B');
    expect(at(f, 'revenue', '2025-12-31').value).toBe(371_444_000_000);
    const quarters = f!.quarterly.income.find((l) => l.key === 'revenue')!.values;
    const from2025 = f!.quarterly.periods.map((q, i) => [q.end, quarters[i]!] as const).filter(([end]) => end >= '2025-01-01');
    expect(from2025.length).toBeGreaterThanOrEqual(4);
    for (const [end, v] of from2025) expect(v.value, end).toBeNull();
  });

  it('no served fourth quarter holds its fiscal year: NI’s Q4 2025 revenue is 6,522.8 − 2,149.5 − 1,246.5 − 1,240.2 = 1,886.6M, over all 504 companies', async () => {
    const ni = await p.getFundamentals!('NI');
    const niQ = ni!.quarterly.income.find((l) => l.key === 'revenue')!.values;
    expect(niQ[ni!.quarterly.periods.findIndex((q) => q.end === '2025-12-31')]!.value).toBeCloseTo(1_886_600_000, -3);
    const dayOf = (iso: string) => Date.parse(iso) / 86_400_000;
    const offenders: string[] = [];
    const companies = (await p.listCovered()).filter((l) => l.coverage.fundamentals);
    expect(companies.length).toBeGreaterThan(500);
    for (const { symbol } of companies) {
      const f = (await p.getFundamentals!(symbol))!;
      for (const key of ['revenue', 'operating_income', 'net_income', 'operating_cash_flow']) {
        const year = [...f.annual.income, ...f.annual.cash_flow].find((l) => l.key === key)?.values ?? [];
        const quarter = [...f.quarterly.income, ...f.quarterly.cash_flow].find((l) => l.key === key)?.values ?? [];
        f.annual.periods.forEach((fy, i) => {
          const v = year[i]?.value;
          const qi = f.quarterly.periods.findIndex((q) => Math.abs(dayOf(q.end) - dayOf(fy.end)) <= 8);
          const q4 = qi >= 0 ? quarter[qi]?.value : null;
          const others = f.quarterly.periods
            .map((q, j) => [dayOf(fy.end) - dayOf(q.end), quarter[j]?.value] as const)
            .filter(([d, x]) => d > 8 && d < 358 && x !== null && x !== undefined)
            .reduce((s, [, x]) => s + x!, 0);
          if (v && q4 != null && Math.abs(q4 - v) <= 0.005 * Math.abs(v) && Math.abs(others) > 0.05 * Math.abs(v)) offenders.push(`${symbol} ${key} ${fy.end}`);
        });
      }
    }
    expect(offenders).toEqual([]);
  });

  it('MSFT FY2016 balance sheet from one vintage: 193,468 − 121,471 − 71,997 = 0 (was −11,093M with restated equity)', async () => {
    const f = await p.getFundamentals!('MSFT');
    const [a, l, e] = ['total_assets', 'total_liabilities', 'total_equity'].map((k) => at(f, k, '2016-06-30').value!);
    expect(a! - l! - e!).toBe(0);
    expect(at(f, 'total_equity', '2016-06-30')).toMatchObject({ source: 'fmp', as_of: '2016-07-28' });
  });

  it('every fundamental value carries a filing date; estimated ones say so', async () => {
    const f = await p.getFundamentals!('NFLX');
    const lines = [...f!.annual.income, ...f!.annual.balance, ...f!.annual.cash_flow];
    // the SEC-derived file has no dates: its value is dated by the raw SEC filing that reported the same value, else estimated
    const filingDays = new Set(lines.flatMap((l) => l.values.filter((v) => v.source === 'sec-xbrl').map((v) => v.as_of)));
    for (const l of lines) {
      for (const [i, v] of l.values.entries()) {
        if (v.value === null) continue;
        expect(v.as_of! >= f!.annual.periods[i]!.end, `${l.key} ${v.as_of}`).toBe(true);
        if (v.source === 'sec' && !v.as_of_estimated) expect(filingDays).toContain(v.as_of);
      }
    }
  });

  it('banks have no gross profit: shown as not reported, never as 0', async () => {
    const f = await p.getFundamentals!('JPM');
    expect(f!.annual.income.find((l) => l.key === 'gross_profit')).toBeUndefined();
    expect(f!.annual.balance.find((l) => l.key === 'current_assets')).toBeUndefined();
  });

  it('XOM, missing from the SEC-derived files, is filled from the raw SEC facts', async () => {
    const f = await p.getFundamentals!('XOM');
    expect(at(f, 'revenue', '2025-12-31')).toMatchObject({ value: 332_238_000_000, source: 'sec-xbrl', as_of: '2026-02-18' });
  });

  it('BRK.B is one symbol whatever the source called it (BRK-B.csv, BRK.B, BRK-B.json)', async () => {
    expect((await p.getQuote!('BRK.B'))?.source).toBe('yahoo-daily');
    expect(await p.getFundamentals!('BRK.B')).not.toBeNull();
    expect((await p.getProfile!('BRK.B'))?.cik).toBe('0001067983');
  });

  it('prices end on the snapshot date; month-end closes cover S&P members without daily bars', async () => {
    const q = await p.getQuote!('AAPL');
    expect(q).toMatchObject({ as_of: '2026-07-02', change_period: '1d', price: 308.63, previous_close: 294.38 });
    // 308.63 − 294.38 = 14.25; 14.25 / 294.38 = 4.84 %
    expect(q!.change).toBe(14.25);
    expect(q!.change_percent).toBe(4.84);
    // SPY's 2026-07-02 bar repeated the 07-01 close (745.76) although the day traded 740.03–751.31: an
    // unfinished bar, dropped, so the ETF quotes end on 2026-07-01 with a real day change.
    const spy = await p.getQuote!('SPY');
    expect(spy).toMatchObject({ as_of: '2026-07-01', price: 745.76, previous_close: 746.77, change: -1.01 });
    const monthly = await p.getHistory!('ACN', 'max');
    expect(monthly).toMatchObject({ interval: '1mo', adjustment: 'split_dividend' });
    expect(monthly!.bars.at(-1)!.date).toBe('2026-06-30');
  });

  it('dividends are split-adjusted and corrected for Yahoo spin-off factors (MMM 2015: 1.025 as paid)', async () => {
    const d = await p.getDividends!('MMM');
    expect(d!.find((x) => x.ex_date === '2015-08-19')).toMatchObject({ amount: 1.025, pay_date: '2015-09-12', source: 'iex-dividends' });
    // AAPL 2016 paid 0.52 before the 2020 4-for-1 split: 0.52 / 4 = 0.13.
    expect((await p.getDividends!('AAPL'))!.find((x) => x.ex_date.startsWith('2016-02'))!.amount).toBe(0.13);
    expect((await p.getSplits!('NVDA'))!.filter((s) => s.date >= '2021').map((s) => s.ratio)).toEqual([4, 10]);
    expect((await p.getSplits!('MMM')) ?? []).toEqual([]); // the 2024 1.196 spin-off factor is not a split
  });

  it('ETF info: SPY holdings with weights and sectors; VOO has none rather than borrowed ones', async () => {
    const spy = await p.getEtfInfo!('SPY');
    expect(spy!.holdings!.length).toBeGreaterThan(490);
    expect(spy!.holdings![0]).toMatchObject({ symbol: 'NVDA' });
    expect(spy!.sector_weights!.find((s) => s.sector === 'Information Technology')!.weight_pct).toBeCloseTo(34.71, 1);
    expect(spy!.expense_ratio_pct).toBe(0.09);
    expect(await p.getEtfInfo!('VOO')).toBeNull();
  });
});
