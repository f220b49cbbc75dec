import { describe, expect, it } from 'vitest';
import { buildFundamentals, type KitCell } from '../../test-kit/fundamentals-test-kit.ts';
import { computeAltman } from '../fundamentals/altman.ts';
import { BENEISH_INTERCEPT, computeBeneish } from '../fundamentals/beneish.ts';
import { computePiotroski } from '../fundamentals/piotroski.ts';
import { findFilingDay, viewFiscalYear } from './fiscal-year-view.ts';
import { buildScorecardHistory } from './scorecards.ts';

const YEARS = [2019, 2020, 2021, 2022, 2023, 2024, 2025];
const filed = (fy: number) => `${fy + 1}-02-20`;
/** A growing manufacturer: each line grows by its own rate, so ratios move from year to year. */
const grow = (base: number, rate: number, wobble = 0) =>
  YEARS.map((fy, i) => ({ value: Math.round(base * (1 + rate) ** i * (1 + wobble * (i % 2))), as_of: filed(fy) }) as KitCell);

const lines: Record<string, KitCell[]> = {
  revenue: grow(1000, 0.08),
  cost_of_revenue: grow(600, 0.07, 0.02),
  sga: grow(100, 0.06),
  operating_income: grow(150, 0.1, -0.05),
  net_income: grow(110, 0.1, -0.08),
  shares_diluted: grow(100, -0.01),
  receivables: grow(100, 0.09),
  current_assets: grow(400, 0.07),
  ppe_net: grow(500, 0.05),
  total_assets: grow(1200, 0.06),
  current_liabilities: grow(200, 0.05),
  long_term_debt: grow(300, 0.02),
  total_liabilities: grow(600, 0.04),
  retained_earnings: grow(400, 0.1),
  total_equity: grow(600, 0.08),
  operating_cash_flow: grow(180, 0.09, 0.03),
  depreciation_amortization: grow(50, 0.05),
};
// FY2022's total assets were restated in the FY2024 report: on FY2022's own filing day that figure is not yet known.
lines.total_assets![3] = { value: 1430, as_of: filed(2024) };
const f = buildFundamentals('MANU', { ends: YEARS.map((y) => `${y}-12-31`), lines });
const prices = {
  dates: ['2020-02-14', '2021-02-19', '2022-02-18', '2023-02-17', '2024-02-16', '2025-02-14', '2026-02-20', '2026-07-02'],
  close: [10, 11, 12, 13, 14, 15, 16, 17],
};

describe('scorecards: five fiscal years, each as known on its filing day, equal to the engines', () => {
  const history = buildScorecardHistory(f, 'manufacturer', prices, '2026-07-02');

  it('the last five fiscal years, oldest first, each dated by its own filing', () => {
    expect(history.map((y) => [y.fiscalYear, y.filedOn])).toEqual(YEARS.slice(-5).map((fy) => [fy, filed(fy)]));
  });

  it('each card carries the engine’s score for the same point-in-time statements (F, Z, M), every year', () => {
    for (const y of history) {
      const view = viewFiscalYear(f, y.fiscalYear, prices)!;
      const F = computePiotroski(view.financials);
      const Z = computeAltman(view.financials, 'manufacturer', view.marketCap?.usd ?? null);
      const M = computeBeneish(view.financials);
      expect(y.piotroski.score, `F ${y.fiscalYear}`).toBe(F.ok ? F.value.score : null);
      expect(y.altman.score, `Z ${y.fiscalYear}`).toBe(Z.ok ? Z.value.score : null);
      expect(y.beneish.score, `M ${y.fiscalYear}`).toBe(M.ok ? M.value.m : null);
    }
    // At least three of the five years have all three scores: the comparison above is not of nulls.
    expect(history.filter((y) => y.piotroski.score !== null && y.altman.score !== null && y.beneish.score !== null).length).toBeGreaterThanOrEqual(3);
  });

  it('the criteria add up to the score: F = tests passed, Z = Σ weight × ratio, M = −4.84 + Σ coefficient × index', () => {
    for (const y of history) {
      if (y.piotroski.score !== null) expect(y.piotroski.criteria.filter((c) => c.passed === true).length).toBe(y.piotroski.score);
      if (y.altman.score !== null) expect(y.altman.criteria.reduce((s, c) => s + c.contribution!, 0)).toBeCloseTo(y.altman.score, 12);
      if (y.beneish.score !== null) expect(y.beneish.criteria.reduce((s, c) => s + c.contribution!, BENEISH_INTERCEPT)).toBeCloseTo(y.beneish.score, 12);
    }
  });

  it('point in time: FY2022’s restated total assets (filed with FY2024’s report) are not known on FY2022’s filing day: used, and marked as filed later', () => {
    const fy2022 = history.find((y) => y.fiscalYear === 2022)!;
    expect(fy2022.filedLaterCount).toBe(1);
    const x1 = fy2022.altman.criteria.find((c) => c.id === 'x1')!;
    expect(x1.inputs).toContainEqual({ key: 'total_assets', label: 'Total assets', fiscalYear: 2022, value: 1430, filedOn: filed(2024), filedLater: true });
    // FY2023 was filed 2024-02-20, before the restatement: it too reads FY2022's assets as filed later.
    const fy2023 = history.find((y) => y.fiscalYear === 2023)!;
    expect(fy2023.piotroski.criteria.find((c) => c.id === 'roa_positive')!.inputs).toContainEqual({
      key: 'total_assets',
      label: 'Total assets',
      fiscalYear: 2022,
      value: 1430,
      filedOn: filed(2024),
      filedLater: true,
    });
    // FY2024's own report carries the restated figure: known on its filing day.
    const fy2024 = history.find((y) => y.fiscalYear === 2024)!;
    expect(fy2024.filedLaterCount).toBe(0);
    expect(fy2024.piotroski.criteria.find((c) => c.id === 'roa_improved')!.inputs).toContainEqual({
      key: 'total_assets',
      label: 'Total assets',
      fiscalYear: 2022,
      value: 1430,
      filedOn: filed(2024),
      filedLater: false,
    });
    // FY2025 reads nothing filed after its own report; a reported input is dated by its year's filing (derived lines such as gross profit have no date of their own).
    const inputs = history.at(-1)!.piotroski.criteria.flatMap((c) => c.inputs);
    expect(inputs.every((i) => i.filedLater === false)).toBe(true);
    expect(inputs.filter((i) => i.key === 'net_income').map((i) => i.filedOn)).toEqual([filed(2025), filed(2025), filed(2024), filed(2025)]);
  });

  it('Altman X4 uses the close on the filing day × the diluted shares then: FY2025 filed 2026-02-20 at $16; the input reads "Market capitalisation", not market_cap', () => {
    const fy2025 = history.at(-1)!;
    expect(findFilingDay(f, 2025)).toBe('2026-02-20');
    const shares = Math.round(100 * 0.99 ** 6);
    expect(fy2025.marketCap).toEqual({ usd: 16 * shares, priceDate: '2026-02-20', price: 16, shares });
    expect(fy2025.altman.criteria.find((c) => c.id === 'x4')!.inputs[0]).toEqual({
      key: 'market_cap',
      label: 'Market capitalisation',
      fiscalYear: 2025,
      value: 16 * shares,
      filedOn: null,
      filedLater: false,
    });
  });

  it('a year filed after the data day is not shown: as of 2025-12-31 the history ends with FY2024', () => {
    expect(buildScorecardHistory(f, 'manufacturer', prices, '2025-12-31').map((y) => y.fiscalYear)).toEqual([2020, 2021, 2022, 2023, 2024]);
  });

  it('verdicts: F ≥ 7 pass and ≤ 3 fail; Z above 2.99 safe; M above −1.78 fails', () => {
    for (const y of history) {
      const F = y.piotroski.score;
      if (F !== null) expect(y.piotroski.verdict).toBe(F >= 7 ? 'pass' : F <= 3 ? 'fail' : 'neutral');
      if (y.altman.score !== null) expect(y.altman.verdict).toBe(y.altman.score > 2.99 ? 'pass' : y.altman.score < 1.81 ? 'fail' : 'neutral');
      if (y.beneish.score !== null) expect(y.beneish.verdict).toBe(y.beneish.score > -1.78 ? 'fail' : 'pass');
    }
  });
});
