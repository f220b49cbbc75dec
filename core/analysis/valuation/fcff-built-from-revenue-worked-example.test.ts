import { describe, expect, it } from 'vitest';
import { computeDcf } from '../dcf/two-stage.ts';
import { projectFcffFromRevenue } from './fcff-projection.ts';

/*
 * A company investing for growth: revenue 1,000, operating margin 10 %, tax 20 % (after-tax margin 8 %),
 * sales-to-capital 2, growing 20 % for one explicit year, then one fade year at 20 % + (5 % − 20 %) × 1/2 = 12.5 %,
 * terminal 5 %, discount rate 10 %.
 */
const x = {
  revenueUsd: 1000,
  operatingMargin: 0.1,
  taxRate: 0.2,
  salesToCapital: 2,
  sharesDiluted: 10,
  totalDebtUsd: 100,
  cashUsd: 50,
  nciUsd: 0,
  priceUsd: 50,
};
const p = { discountRate: 0.1, explicitGrowth: 0.2, terminalGrowth: 0.05, explicitYears: 1, fadeYears: 1 };

describe('free cash flow built year by year from revenue', () => {
  it('year 1: 1,200 × 8 % − 200 ÷ 2 = −4; year 2: 1,350 × 8 % − 150 ÷ 2 = 33; terminal: 1,417.5 × 8 % − 67.5 ÷ 2 = 79.65', () => {
    const r = projectFcffFromRevenue(x, p);
    if (!r.ok) throw new Error(r.error.message);
    const v = r.value;
    expect(v.years.map((y) => y.fcfUsd)).toEqual([expect.closeTo(-4, 9), expect.closeTo(33, 9)]);
    expect(v.terminal.nextFcfUsd).toBeCloseTo(79.65, 9);
    // TV = 79.65 ÷ (10 % − 5 %) = 1,593; PV = 1,593 ÷ 1.1² = 1,316.53; years −4 ÷ 1.1 + 33 ÷ 1.21 = 23.64.
    expect(v.terminal.valueUsd).toBeCloseTo(1593, 9);
    expect(v.enterpriseValueUsd).toBeCloseTo(-4 / 1.1 + 33 / 1.21 + 1593 / 1.21, 9);
    // Equity = EV − (100 − 50); per share ÷ 10.
    expect(v.perShareUsd).toBeCloseTo((v.enterpriseValueUsd - 50) / 10, 9);
  });

  it("is worth more than growing this year's cash flow: reinvestment falls as growth fades", () => {
    const built = projectFcffFromRevenue(x, p);
    // The two-stage engine grows year 1's −4 cash flow… it cannot; from the first year's 8 % × 1,000 − 100 = −20 either.
    // Growing a positive base of this year's figure, 1,000 × 8 % − 1,000 × 20 % ÷ 2 = −20, is impossible: the engine refuses it.
    const grown = computeDcf({ ...x, baseFcfUsd: 1000 * 0.08 - (1000 * 0.2) / 2, priceUsd: 50 }, p);
    expect(grown.ok).toBe(false);
    expect(built.ok && built.value.perShareUsd > 0).toBe(true);
  });
});
