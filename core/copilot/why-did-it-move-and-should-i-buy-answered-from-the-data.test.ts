import { beforeAll, describe, expect, it } from 'vitest';
import { openBundledAnalysisData } from '../../server/adapters/market-data/bundled/analysis-inputs.ts';
import { ANALYSIS_DISCLAIMER } from '../analysis/analysis-names.ts';
import { formatFactValue } from '../facts/format-fact.ts';
import { createOfflineAsker, findUnbackedInDraft } from '../test-kit/copilot-test-kit.ts';
import type { SymbolDirectoryEntry } from './copilot-types.ts';
import { planOfflineAnswer } from './plan-offline-answer.ts';

const data = openBundledAnalysisData();
const asker = createOfflineAsker(data);
const { load } = asker;
let directory: SymbolDirectoryEntry[];
beforeAll(async () => {
  directory = await asker.listDirectory();
});

async function ask(question: string) {
  const a = await asker.ask(question);
  return { ...a, calls: a.calls.map((c) => `${c.tool}:${'symbol' in c.input ? c.input.symbol : ''}`) };
}

/** The change over one month as the price stats compute it: last close over the close on or before the day a month back. */
async function monthChange(symbol: string): Promise<number> {
  const bars = (await load(symbol)).daily!.bars;
  const end = bars.at(-1)!;
  const [y, m, d] = end.date.split('-').map(Number) as [number, number, number];
  const lastDay = new Date(Date.UTC(y, m - 1, 0)).getUTCDate();
  const back = `${m === 1 ? y - 1 : y}-${String(m === 1 ? 12 : m - 1).padStart(2, '0')}-${String(Math.min(d, lastDay)).padStart(2, '0')}`;
  const start = bars.findLast((b) => b.date <= back)!;
  return (end.close / start.close - 1) * 100;
}
const pct = (v: number) => formatFactValue({ value: Math.round(Math.abs(v) * 100) / 100, unit: 'percent' });

describe('questions an investor asks, answered from the data (issue 34)', () => {
  it('"why did NVDA drop last month": NVDA’s move and SPY’s over the same month, and a plain statement that news is not in the data', async () => {
    const a = await ask('why did NVDA drop last month');
    expect(a.intent).toBe('move_reason');
    expect(a.calls).toEqual(['get_price_stats:NVDA', 'get_price_stats:SPY', 'get_move_context:NVDA']);
    const nvda = await monthChange('NVDA');
    const spy = await monthChange('SPY');
    expect(a.text).toContain(`${nvda >= 0 ? 'rose' : 'fell'} ${pct(nvda)}`);
    expect(a.text).toContain(`the market (SPY, the S&P 500) ${spy > 0 ? 'rose' : 'fell'} ${pct(spy)}`);
    // −12.56 % against −1.68 %: the same direction, 7.5 times as far (above 1.5 times): much of the move was its own.
    expect(nvda / spy).toBeGreaterThan(1.5);
    expect(a.text).toContain('the stock moved further than the market, so much of the move was its own');
    // Its sector fund over the same days: XLK −5.18 %; −12.56 ÷ −5.18 = 2.4, above 1.5: further than the sector too.
    const xlk = await monthChange('XLK');
    expect(a.text).toContain(`Its sector, Information Technology (XLK), fell ${pct(xlk)}`);
    expect(nvda / xlk).toBeGreaterThan(1.5);
    expect(a.text).toContain('the stock moved further than the sector');
    // The dividend that went ex inside the window (2026-06-02 to 2026-07-02), from the dividend records.
    const ex = (await load('NVDA')).dividends.filter((d) => d.ex_date > '2026-06-02' && d.ex_date <= '2026-07-02');
    expect(ex.map((d) => d.ex_date)).toEqual(['2026-06-04']);
    expect(a.text).toMatch(/In the window a dividend of \$0\.25 \[\d+\] a share went ex on 2026-06-04 \[\d+\]/);
    expect(a.text).toContain('not news');
    expect(findUnbackedInDraft(a)).toEqual([]);
  });

  it('a fund asked why it moved gets no sector or filings of its own: SPY against itself is not said either', () => {
    const plan = planOfflineAnswer('why did SPY fall last month', directory);
    expect(plan.kind === 'tools' && plan.calls.map((c) => c.tool)).toEqual(['get_price_stats']);
  });

  it('"should I buy TSLA": no recommendation; valuation, quality, growth, the chart and risks, each cited, and the disclaimer', async () => {
    const a = await ask('should I buy TSLA?');
    expect(a.intent).toBe('balanced_view');
    expect(a.text).toMatch(/^I do not tell anyone to buy or sell\./);
    for (const part of ['- Valuation:', '- Quality:', '- Growth:', '- The chart:', '- Balance sheet and risk:']) expect(a.text).toContain(part);
    expect(a.text.endsWith(ANALYSIS_DISCLAIMER)).toBe(true);
    // The valuation comes with the DCF's range (bear to bull case) and where the price sits against it.
    const low = a.facts.find((f) => f.key === 'fair_value_low')!;
    const high = a.facts.find((f) => f.key === 'fair_value_high')!;
    expect(a.text).toContain(`its range runs from ${formatFactValue(low)}`);
    expect(a.text).toContain(`to ${formatFactValue(high)}`);
    // Only figures that carry information are cited: no counts such as the tests a score ran.
    expect(a.facts.map((f) => f.unit)).not.toContain('count');
    expect(a.facts.length).toBeGreaterThan(5);
    expect(findUnbackedInDraft(a)).toEqual([]);
  });

  it('how a move compares with the market’s: 3.80 % against 9.36 % lagged (ratio 0.41 < 2/3); against, with, further, and a flat market', async () => {
    const { describeAgainstMarket } = await import('./answer-writer.ts');
    expect(describeAgainstMarket(3.8, 9.36)).toBe('the stock lagged the market');
    expect(describeAgainstMarket(-3, 2)).toBe('the stock moved against the market');
    expect(describeAgainstMarket(5, 4.5)).toBe('the stock moved largely with the market');
    expect(describeAgainstMarket(-12.56, -1.68)).toBe('the stock moved further than the market, so much of the move was its own');
    expect(describeAgainstMarket(4, 0.2)).toBe('the market barely moved, so the move was the stock’s own');
  });

  it('"should I sell" and "is it a good investment" take the same route; a forecast is still refused', async () => {
    expect((await ask('should I sell MSFT')).intent).toBe('balanced_view');
    expect((await ask('is KO a good investment')).intent).toBe('balanced_view');
    expect(planOfflineAnswer('will AAPL go up next month', directory).kind).toBe('refusal');
  });
});
