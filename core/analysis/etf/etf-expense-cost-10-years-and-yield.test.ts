import { describe, expect, it } from 'vitest';
import { computeEtfYield, computeExpenseRatioCost, EXPENSE_COST_DEFAULTS } from './costs-and-yield.ts';

describe('expense-ratio cost: $10,000 for 10 years at 5 % a year before fees (the SEC fee-table example)', () => {
  it('SPY, 0.09 %: 1.05^10 × $10,000 = $16,288.95; with the fee (1.05 × 0.9991)^10 × $10,000 = $16,142.94; cost $146.01', () => {
    const r = computeExpenseRatioCost(0.09);
    if (!r.ok) throw new Error(r.error.message);
    expect(r.value).toMatchObject({ expenseRatio: 0.0009, principalCents: 1_000_000, years: 10, grossReturn: 0.05 });
    expect(r.value.valueWithoutFeeCents).toBe(1_628_895);
    expect(r.value.valueWithFeeCents).toBe(1_614_294);
    expect(r.value.costCents).toBe(14_601);
  });

  it('the closed form equals compounding year by year, taking the fee from each year-end balance (QQQ, 0.20 %)', () => {
    let gross = 1_000_000;
    let net = 1_000_000;
    for (let year = 1; year <= 10; year++) {
      gross *= 1.05;
      net = net * 1.05 - net * 1.05 * 0.002;
    }
    const r = computeExpenseRatioCost(0.2);
    expect(r.ok && r.value.costCents).toBe(Math.round(gross - net));
    // ≈ $322.86 (16,288.95 − 15,966.08).
    expect(r.ok && r.value.costCents).toBe(32_286);
  });

  it('a zero fee costs nothing; other principals, horizons and returns are parameters', () => {
    expect(computeExpenseRatioCost(0)).toMatchObject({ ok: true, value: { costCents: 0 } });
    // $1,000 for 1 year at 0 % gross with a 1 % fee: 100,000 − 100,000 × 0.99 = 1,000 cents.
    expect(computeExpenseRatioCost(1, { principalCents: 100_000, years: 1, grossReturn: 0 })).toMatchObject({ ok: true, value: { costCents: 1_000 } });
  });

  it('bad input is typed: no expense ratio, negative, 100 % or more, fractional cents, NaN return', () => {
    expect(computeExpenseRatioCost(null)).toMatchObject({ ok: false, error: { code: 'missing_input', input: 'expense_ratio' } });
    expect(computeExpenseRatioCost(-0.1)).toMatchObject({ ok: false, error: { code: 'invalid_value', input: 'expense_ratio' } });
    expect(computeExpenseRatioCost(100)).toMatchObject({ ok: false, error: { code: 'invalid_value' } });
    expect(computeExpenseRatioCost(0.1, { ...EXPENSE_COST_DEFAULTS, principalCents: 10.5 })).toMatchObject({ ok: false, error: { input: 'principal' } });
    expect(computeExpenseRatioCost(0.1, { ...EXPENSE_COST_DEFAULTS, grossReturn: Number.NaN })).toMatchObject({ ok: false, error: { input: 'gross_return' } });
  });
});

describe('ETF yield: trailing 12-month dividends over price, else the reported yield', () => {
  const d = (ex_date: string, amount: number) => ({ ex_date, amount, pay_date: null, source: 'test' });
  const dividends = [d('2025-06-20', 1.7), d('2025-09-19', 1.8), d('2025-12-19', 1.9), d('2026-03-20', 1.75), d('2026-06-19', 1.85)];

  it('as of 2026-07-02 the window is after 2025-07-02: 1.8 + 1.9 + 1.75 + 1.85 = 7.30 over a price of 500 = 1.46 %', () => {
    const r = computeEtfYield({ reportedYieldPct: 1.49, dividends, priceUsd: 500, asOf: '2026-07-02' });
    expect(r).toMatchObject({ ok: true, value: { basis: 'trailing_12m_dividends', events: 4 } });
    expect(r.ok && r.value.dividendsPerShareUsd).toBeCloseTo(7.3, 12);
    expect(r.ok && r.value.yield).toBeCloseTo(0.0146, 12);
  });

  it('an ex-date exactly a year back is outside, one on the day is inside', () => {
    const r = computeEtfYield({ reportedYieldPct: null, dividends: [d('2025-07-02', 1), d('2026-07-02', 2)], priceUsd: 100, asOf: '2026-07-02' });
    expect(r.ok && r.value.yield).toBeCloseTo(0.02, 14);
  });

  it('no dividend history (the bundle has none for ETFs): the reported 1.49 % as 0.0149', () => {
    expect(computeEtfYield({ reportedYieldPct: 1.49, dividends: null, priceUsd: 500, asOf: '2026-07-02' })).toEqual({
      ok: true,
      value: { yield: 0.0149, basis: 'reported', dividendsPerShareUsd: null, events: null },
    });
  });

  it('an empty history is a fund that paid nothing (GLD): 0 %', () => {
    expect(computeEtfYield({ reportedYieldPct: null, dividends: [], priceUsd: 300, asOf: '2026-07-02' })).toMatchObject({
      ok: true,
      value: { yield: 0, events: 0 },
    });
  });

  it('neither, or a bad price: typed', () => {
    expect(computeEtfYield({ reportedYieldPct: null, dividends: null, priceUsd: null, asOf: '2026-07-02' })).toMatchObject({
      ok: false,
      error: { code: 'missing_input', input: 'dividend_yield' },
    });
    expect(computeEtfYield({ reportedYieldPct: 1, dividends, priceUsd: 0, asOf: '2026-07-02' })).toMatchObject({ ok: false, error: { input: 'price' } });
  });
});
