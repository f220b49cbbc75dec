import { beforeAll, describe, expect, it } from 'vitest';
import { openBundledAnalysisData } from '../../server/adapters/market-data/bundled/analysis-inputs.ts';
import { buildCompanyView } from '../analysis/runs/company.ts';
import { lineOf } from '../analysis/fundamentals/statement-lines.ts';
import { createOfflineAsker, findUnbackedInDraft } from '../test-kit/copilot-test-kit.ts';
import type { SymbolDirectoryEntry } from './copilot-types.ts';
import { planOfflineAnswer } from './plan-offline-answer.ts';

const asker = createOfflineAsker(openBundledAnalysisData());
let directory: SymbolDirectoryEntry[];
beforeAll(async () => {
  directory = await asker.listDirectory();
});

/** A statement line of each fiscal year as the engines read it (lineOf), for the years the answer shows. */
async function engineYears(symbol: string, line: string, periods: readonly string[]): Promise<number[]> {
  const view = buildCompanyView(await asker.load(symbol));
  if (!view.ok) throw new Error(view.error.message);
  return periods.map(
    (period) =>
      lineOf(
        view.value.financials.annual.find((p) => `FY${p.fiscalYear}` === period),
        line,
      )!,
  );
}

describe('trends of more figures than revenue, FCF and net income (issue 34): EPS, operating margin, dividends per share, shares', () => {
  it("'AAPL EPS' is diluted EPS by fiscal year: FY2020 $3.28 … FY2025 $7.46, and (7.46 ÷ 3.28)^(1/5) − 1 ≈ 17.86 %, the ratios' 5-year EPS CAGR", async () => {
    const a = await asker.ask('AAPL EPS');
    expect(a.intent).toBe('trend');
    expect(a.calls).toEqual([{ tool: 'get_trend', input: { symbol: 'AAPL', line: 'eps_diluted', years: 5 } }]);
    expect(findUnbackedInDraft(a)).toEqual([]);
    const points = a.chart!.points;
    expect(points.map((p) => p.period)).toEqual(['FY2020', 'FY2021', 'FY2022', 'FY2023', 'FY2024', 'FY2025']);
    expect(points.map((p) => p.value)).toEqual(
      await engineYears(
        'AAPL',
        'eps_diluted',
        points.map((p) => p.period),
      ),
    );
    expect(a.chart!.label).toBe('Diluted EPS');
    const cagr = a.facts.find((f) => f.key === 'eps_cagr_5y')!;
    expect(cagr.value).toBe(17.86);
    expect(((points[5]!.value / points[0]!.value) ** (1 / 5) - 1) * 100).toBeCloseTo(17.86, 1);
    expect(a.text).toContain("turns FY2020's $3.28 [1] into FY2025's $7.46 [6]");
  });

  it("'MSFT operating margin history': operating income ÷ revenue each year, in percent; FY2025's 45.62 % is the ratios' own operating_margin", async () => {
    const a = await asker.ask('MSFT operating margin history');
    expect(a.intent).toBe('trend');
    expect(findUnbackedInDraft(a)).toEqual([]);
    const points = a.chart!.points;
    expect(a.chart!.unit).toBe('percent');
    const [oi, revenue] = await Promise.all([
      engineYears(
        'MSFT',
        'operating_income',
        points.map((p) => p.period),
      ),
      engineYears(
        'MSFT',
        'revenue',
        points.map((p) => p.period),
      ),
    ]);
    for (const [i, p] of points.entries()) expect(p.value).toBeCloseTo((oi[i]! / revenue[i]!) * 100, 2);
    const ratios = await asker.runTool({ tool: 'get_ratios', input: { symbol: 'MSFT' } });
    expect(points.at(-1)!.value).toBe(ratios.facts.find((f) => f.key === 'operating_margin')!.value);
    expect(points.at(-1)!.value).toBe(45.62);
    expect(a.text).toContain('our ratios compute no CAGR for operating margin');
  });

  it("'KO dividends per share': FY2020 $1.64 … FY2025 $2.04, as the statements report them, higher at the end; no CAGR claimed", async () => {
    const a = await asker.ask('KO dividends per share');
    expect(a.intent).toBe('trend');
    expect(findUnbackedInDraft(a)).toEqual([]);
    const points = a.chart!.points;
    expect(points.map((p) => p.value)).toEqual(
      await engineYears(
        'KO',
        'dividends_per_share',
        points.map((p) => p.period),
      ),
    );
    expect([points[0]!.value, points.at(-1)!.value]).toEqual([1.64, 2.04]);
    expect(a.text).toContain('FY2025 ended higher than FY2020');
  });

  it("'AAPL shares outstanding over 3 years': the diluted count by year, FY2022 → FY2025 lower (buybacks), four points", async () => {
    const a = await asker.ask('AAPL shares outstanding over 3 years');
    expect(a.calls).toEqual([{ tool: 'get_trend', input: { symbol: 'AAPL', line: 'shares_diluted', years: 3 } }]);
    expect(findUnbackedInDraft(a)).toEqual([]);
    const points = a.chart!.points;
    expect(points.map((p) => p.period)).toEqual(['FY2022', 'FY2023', 'FY2024', 'FY2025']);
    expect(points.map((p) => p.value)).toEqual(
      await engineYears(
        'AAPL',
        'shares_diluted',
        points.map((p) => p.period),
      ),
    );
    expect(points.at(-1)!.value).toBeLessThan(points[0]!.value);
    expect(a.text).toContain('FY2025 ended lower than FY2022');
  });

  it("'AAPL debt/equity history': total debt ÷ equity each year; FY2025's 1.52 is the ratios' own debt_to_equity; 'AAPL total debt' by year is the statement line", async () => {
    const a = await asker.ask('AAPL debt/equity history');
    expect(a.calls).toEqual([{ tool: 'get_trend', input: { symbol: 'AAPL', line: 'debt_to_equity', years: 5 } }]);
    expect(findUnbackedInDraft(a)).toEqual([]);
    const points = a.chart!.points;
    const [debt, equity] = await Promise.all([
      engineYears(
        'AAPL',
        'total_debt',
        points.map((p) => p.period),
      ),
      engineYears(
        'AAPL',
        'total_equity',
        points.map((p) => p.period),
      ),
    ]);
    for (const [i, p] of points.entries()) expect(p.value).toBeCloseTo(debt[i]! / equity[i]!, 2);
    const ratios = await asker.runTool({ tool: 'get_ratios', input: { symbol: 'AAPL' } });
    expect(points.at(-1)!.value).toBe(ratios.facts.find((f) => f.key === 'debt_to_equity')!.value);
    expect(points.at(-1)!.value).toBe(1.52);
    const total = await asker.ask('AAPL total debt over 5 years');
    expect(total.chart!.points.map((p) => p.value)).toEqual(debt);
  });

  it('the words still mean what they meant: "earnings" is net income, "dividend yield" the yield, "What is EPS?" the definition, "EPS growth" the CAGRs', () => {
    expect(planOfflineAnswer('AAPL earnings', directory)).toMatchObject({ intent: 'metric', about: { keys: ['net_income'] } });
    expect(planOfflineAnswer('KO dividend yield', directory)).toMatchObject({ intent: 'metric' });
    expect(planOfflineAnswer('What is EPS?', directory)).toMatchObject({ kind: 'direct', intent: 'definition' });
    expect(planOfflineAnswer('AAPL EPS growth', directory)).toMatchObject({ intent: 'metric', about: { keys: ['eps_cagr_5y', 'eps_cagr_3y'] } });
  });
});
