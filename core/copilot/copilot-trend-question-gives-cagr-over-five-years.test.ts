import { beforeAll, describe, expect, it } from 'vitest';
import { openBundledAnalysisData } from '../../server/adapters/market-data/bundled/analysis-inputs.ts';
import { analysisBuilders } from '../analysis/runs/index.ts';
import type { FundamentalSections } from '../analysis/runs/fundamental.ts';
import { createOfflineAsker, findUnbackedInDraft } from '../test-kit/copilot-test-kit.ts';
import type { SymbolDirectoryEntry } from './copilot-types.ts';
import { planWithFollowUp } from './follow-up.ts';
import { planOfflineAnswer } from './plan-offline-answer.ts';

const data = openBundledAnalysisData();
const asker = createOfflineAsker(data);
const { load } = asker;
let directory: SymbolDirectoryEntry[];
beforeAll(async () => {
  directory = await asker.listDirectory();
});

const ask = (question: string) => asker.ask(question);

/** The fundamental overview's table by year (the last 5 fiscal years): the figures a trend answer must repeat. */
async function pageYears(symbol: string, line: string): Promise<Array<{ period: string; value: number | null }>> {
  const built = analysisBuilders.fundamental(await load(symbol), 'overview');
  if (!built.ok) throw new Error(built.error.message);
  return (built.value.sections as FundamentalSections).lines_by_year.map((r) => ({ period: `FY${r.fiscal_year}`, value: r.values[line] ?? null }));
}

describe('a trend question answers the yearly figures, the CAGR with its arithmetic, and chart points', () => {
  it("'AAPL revenue over 5 years': FY2020 $274.52B … FY2025 $416.16B; (416.161 ÷ 274.515)^(1/5) − 1 = 8.68 %", async () => {
    const a = await ask('AAPL revenue over 5 years');
    expect(a.intent).toBe('trend');
    expect(findUnbackedInDraft(a)).toEqual([]);
    const points = a.chart!.points;
    expect(points.map((p) => p.period)).toEqual(['FY2020', 'FY2021', 'FY2022', 'FY2023', 'FY2024', 'FY2025']);
    // The last five are the overview tab's table by year, figure for figure (the same statements, not a second computation).
    expect(points.slice(1)).toEqual(await pageYears('AAPL', 'revenue'));
    const cagr = a.facts.find((f) => f.key === 'revenue_cagr_5y')!;
    expect(cagr.value).toBe(8.68);
    expect(((points[5]!.value / points[0]!.value) ** (1 / 5) - 1) * 100).toBeCloseTo(8.68, 2);
    expect(a.text).toContain('The 5-year revenue CAGR is 8.68 %');
    expect(a.text).toContain("turns FY2020's $274.52B [1] into FY2025's $416.16B [6]");
    expect(a.chart!.label).toBe('Revenue');
  });

  it("'what's MSFT's free cash flow trend': 5 years by default; (71.611 ÷ 45.234)^(1/5) − 1 = 9.62 %", async () => {
    const a = await ask("what's MSFT's free cash flow trend");
    expect(a.intent).toBe('trend');
    expect(findUnbackedInDraft(a)).toEqual([]);
    expect(a.chart!.points).toHaveLength(6);
    expect(a.chart!.points.slice(1)).toEqual(await pageYears('MSFT', 'free_cash_flow'));
    const cagr = a.facts.find((f) => f.key === 'fcf_cagr_5y')!;
    expect(cagr.value).toBe(9.62);
    expect(((71_611 / 45_234) ** (1 / 5) - 1) * 100).toBeCloseTo(9.62, 2);
  });

  it("'KO net income history over 3 years': four fiscal years, and says the ratios compute no net income CAGR", async () => {
    const a = await ask('KO net income history over 3 years');
    expect(a.intent).toBe('trend');
    expect(findUnbackedInDraft(a)).toEqual([]);
    expect(a.chart!.points.map((p) => p.period)).toEqual(['FY2022', 'FY2023', 'FY2024', 'FY2025']);
    expect(a.text).toContain('FY2025 ended higher than FY2022 (our ratios compute no CAGR for net income)');
  });

  it('a metric without a span or the word trend stays one figure; a price over 5 years stays a price change', () => {
    expect(planOfflineAnswer('free cash flow of MSFT', directory)).toMatchObject({ intent: 'metric' });
    expect(planOfflineAnswer('AAPL return over 3 years', directory)).toMatchObject({ intent: 'price_change' });
  });
});

describe('a span asked as a follow-up of a figure reads as its trend', () => {
  it("'free cash flow of MSFT' → 'over 5 years?' is MSFT's free cash flow trend; after 'How did MSFT do?' it stays the price", () => {
    const trend = planWithFollowUp('over 5 years?', 'free cash flow of MSFT', directory, planOfflineAnswer);
    expect(trend).toMatchObject({
      kind: 'tools',
      intent: 'trend',
      calls: [{ tool: 'get_trend', input: { symbol: 'MSFT', line: 'free_cash_flow', years: 5 } }],
    });
    expect(planWithFollowUp('over 3 years?', 'How did MSFT do this month?', directory, planOfflineAnswer)).toMatchObject({ intent: 'price_change' });
    // A figure with no trend (the P/E by year needs past prices) keeps the old reading.
    expect(planWithFollowUp('over 5 years?', "AAPL's P/E", directory, planOfflineAnswer)).not.toMatchObject({ intent: 'trend' });
  });
});
