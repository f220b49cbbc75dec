import { describe, expect, it } from 'vitest';
import type { AnalysisSummaryRead, CopilotFact, OfflinePlan, SymbolDirectoryEntry } from './copilot-types.ts';
import { subjectOfPlan } from './conversation-subject.ts';
import { listPlanSymbols, planWithFollowUp, readFollowUp } from './follow-up.ts';
import { planOfflineAnswer } from './plan-offline-answer.ts';
import { getActionCostMt } from '../tokens/costs.ts';

const directory: SymbolDirectoryEntry[] = [
  { symbol: 'AAPL', name: 'Apple Inc.', type: 'stock' },
  { symbol: 'MSFT', name: 'Microsoft Corporation', type: 'stock' },
  { symbol: 'JPM', name: 'JPMorgan Chase & Co.', type: 'stock' },
  { symbol: 'KO', name: 'Coca-Cola Company (The)', type: 'stock' },
  { symbol: 'NVDA', name: 'NVIDIA Corporation', type: 'stock' },
  { symbol: 'TSLA', name: 'Tesla, Inc.', type: 'stock' },
  { symbol: 'SPY', name: 'SPDR S&P 500 ETF Trust', type: 'etf' },
];
const plan = (q: string, previous: string | null = null) => planWithFollowUp(q, previous, directory, planOfflineAnswer);
/** "JPM balance-sheet" for a summary plan, else the plan's intent (or kind). */
const read = (p: OfflinePlan) =>
  p.kind === 'summary' ? `${p.symbol} ${p.of.kind}${p.of.subtype ? `/${p.of.subtype}` : ''}` : p.kind === 'refusal' ? 'refusal' : p.intent;

describe('a summary of an analysis kind is its own question type', () => {
  it.each([
    ["summarize JPM's balance sheet", 'JPM balance-sheet'],
    ['summarise the balance sheet of apple', 'AAPL balance-sheet'],
    ["give me a summary of AAPL's valuation", 'AAPL dcf'],
    ['AAPL dcf summary', 'AAPL dcf'],
    ['KO dividends overview', 'KO fundamental/dividends'],
    ['review of coca cola dividends', 'KO fundamental/dividends'],
    ['technical summary of NVDA', 'NVDA technical'],
    ['technicals rundown for tesla', 'TSLA technical'],
  ])('"%s" → %s', (q, expected) => {
    expect(read(plan(q))).toBe(expected);
  });

  it('typos the planner tolerates elsewhere: "sumary of MSFT balanse sheet" is MSFT’s balance sheet', () => {
    expect(read(plan('sumary of MSFT balanse sheet'))).toBe('MSFT balance-sheet');
  });

  it('not confused with the snapshot: "tell me about AAPL" and "summary of apple" name no kind and stay the snapshot', () => {
    expect(read(plan('tell me about AAPL'))).toBe('snapshot');
    expect(read(plan('summary of apple'))).toBe('snapshot');
  });

  it('not confused with a figure: without a summary word "KO dividend yield" is the metric and "Is AAPL undervalued?" the valuation', () => {
    expect(read(plan('KO dividend yield'))).toBe('metric');
    expect(read(plan('Is AAPL undervalued?'))).toBe('valuation');
  });

  it('a fund is planned too: the analyses feature, not the planner, says a fund has no balance sheet analysis', () => {
    expect(read(plan("summarize SPY's balance sheet"))).toBe('SPY balance-sheet');
  });
});

describe('follow-ups keep the kind and swap the symbol', () => {
  it('"summarize AAPL\'s balance sheet" then "and MSFT?" is MSFT’s balance-sheet summary', () => {
    expect(read(plan('and MSFT?', "summarize AAPL's balance sheet"))).toBe('MSFT balance-sheet');
  });

  it('"what about KO?" after a dividends overview of TSLA is KO’s dividends summary', () => {
    expect(read(plan('what about KO?', 'TSLA dividends overview'))).toBe('KO fundamental/dividends');
  });

  it('through the stored subject: the summary sets it (symbol, kind_summary) and a follow-up of a follow-up keeps the kind', () => {
    const first = planOfflineAnswer("summarize AAPL's balance sheet", directory);
    const subject = subjectOfPlan("summarize AAPL's balance sheet", first, null);
    expect(subject).toMatchObject({ symbols: ['AAPL'], kind: 'kind_summary' });
    const second = readFollowUp('and MSFT?', subject, directory, planOfflineAnswer);
    expect(read(second.plan)).toBe('MSFT balance-sheet');
    const third = readFollowUp('how about KO?', subjectOfPlan(second.read, second.plan, subject), directory, planOfflineAnswer);
    expect(read(third.plan)).toBe('KO balance-sheet');
    expect(listPlanSymbols(third.plan)).toEqual(['KO']);
  });

  it('"and its dividends?" after AAPL’s balance-sheet summary is AAPL’s dividends summary (not the dividends-per-share trend)', () => {
    expect(read(plan('and its dividends?', "summarize AAPL's balance sheet"))).toBe('AAPL fundamental/dividends');
    expect(read(plan('and its dividends?', "What is AAPL's P/E?"))).not.toBe('AAPL fundamental/dividends');
  });

  it('"and its P/E?" after a summary asks the figure of the same company', () => {
    const p = plan('and its P/E?', "summarize AAPL's balance sheet");
    expect(p.kind === 'tools' && p.intent).toBe('metric');
    expect(listPlanSymbols(p)).toEqual(['AAPL']);
  });
});

describe('the summary answer', () => {
  const fact = (key: string, value: number | string, unit: CopilotFact['unit']): CopilotFact => ({
    key,
    label: key,
    value,
    unit,
    period: 'FY2025',
    source: 'computed',
    as_of: '2026-07-02',
    symbol: 'JPM',
    href: '/balance-sheet/JPM',
  });
  const analysis = (owned: boolean): AnalysisSummaryRead => ({
    symbol: 'JPM',
    as_of: '2026-07-02',
    facts: [fact('company_class', 'Bank', 'label'), fact('rote', 19.14, 'percent'), fact('net_margin', 31.27, 'percent')],
    note: {
      headline: { text: 'Led by the net margin of 31.27 %.', fact_keys: ['net_margin'] },
      strengths: [{ text: 'It earns 19.14 % on its tangible equity.', fact_keys: ['rote'] }],
      risks: [],
      verdict: { text: 'Strengths and no red flags.', fact_keys: [] },
    },
    href: '/balance-sheet/JPM',
    owned,
  });
  const summary = planOfflineAnswer("summarize JPM's balance sheet", directory);
  if (summary.kind !== 'summary') throw new Error('expected a summary plan');

  it('says what it understood, cites the note’s figures in order of use, and offers the 1.2-token analysis when not owned', () => {
    const d = summary.compose(analysis(false));
    expect(d.text).toContain('JPM’s balance sheet (bank yardstick)');
    expect(d.text).toContain('31.27 %. [1]');
    expect(d.text).toContain('19.14 % on its tangible equity. [2]');
    expect(d.facts.map((f) => f.key)).toEqual(['net_margin', 'rote']);
    expect(d.offer).toEqual({
      kind: 'balance-sheet',
      subtype: null,
      symbol: 'JPM',
      name: 'Balance Sheet Analysis',
      href: '/balance-sheet/JPM',
      cost_mt: getActionCostMt('balance-sheet'),
    });
  });

  it('owned for the day: no offer, and it says the summary is free', () => {
    const d = summary.compose(analysis(true));
    expect(d.offer).toBeUndefined();
    expect(d.text).toContain('free');
  });

  it('an analysis that could not be built: no facts (the service makes that a free refusal), with the reason', () => {
    const d = summary.compose({
      ...analysis(false),
      note: null,
      facts: [],
      error: { code: 'UNPROCESSABLE', message: 'Balance Sheet analysis needs a company.' },
    });
    expect(d.facts).toEqual([]);
    expect(d.text).toContain('needs a company');
  });
});
