import { describe, expect, it } from 'vitest';
import { writeComparison, writeMetricAnswer, writeScoreReasons, writeValuation } from './answer-writer.ts';
import { findUnbackedInDraft } from '../test-kit/copilot-test-kit.ts';
import type { CopilotFact, CopilotToolResult, SymbolDirectoryEntry } from './copilot-types.ts';
import { getMetric } from './metric-catalog.ts';
import { joinDrafts, planOfflineAnswer } from './plan-offline-answer.ts';

/*
 * Writing answers from hand-made tool results: markers number the facts in order of first use, a fact cited
 * twice keeps its number, joined answers renumber, and a figure the tools did not return is said to be
 * missing — no fact, no number, so the service refuses it for free — with the tool's reason only when the
 * reason holds no figure of its own.
 */

const aapl: SymbolDirectoryEntry = { symbol: 'AAPL', name: 'Apple Inc.', type: 'stock' };
const ko: SymbolDirectoryEntry = { symbol: 'KO', name: 'Coca-Cola Company (The)', type: 'stock' };
const fact = (symbol: string, key: string, value: number | string, unit: CopilotFact['unit'], label = key): CopilotFact => ({
  key,
  label,
  value,
  unit,
  period: 'FY2025',
  source: 'computed',
  as_of: '2026-02-01',
  symbol,
  href: `/fundamental-analysis/${symbol}/overview`,
});
const result = (tool: CopilotToolResult['tool'], symbol: string | null, facts: CopilotFact[], error?: CopilotToolResult['error']): CopilotToolResult => ({
  tool,
  symbol,
  facts,
  ...(error ? { error } : {}),
});

describe('answers written from tool results', () => {
  it('cites each fact once, in order of first use: net margin 26.92 → "26.92 %" [1], ROE 151.91 → "151.91 %" [2]', () => {
    const results = [
      result('get_ratios', 'AAPL', [fact('AAPL', 'roe', 151.91, 'percent', 'Return on equity'), fact('AAPL', 'net_margin', 26.92, 'percent', 'Net margin')]),
    ];
    const d = writeMetricAnswer(aapl, [getMetric('net_margin')!, getMetric('roe')!], results);
    expect(d.text).toBe('Apple Inc. (AAPL): Net margin is 26.92 % [1] (FY2025).\nApple Inc. (AAPL): Return on equity is 151.91 % [2] (FY2025).');
    expect(d.facts.map((f) => f.key)).toEqual(['net_margin', 'roe']);
    expect(findUnbackedInDraft(d)).toEqual([]);
  });

  it('a figure the tools did not return is said to be missing, with no fact and no number; a reason carrying figures is not quoted', () => {
    const quoted = writeMetricAnswer(
      aapl,
      [getMetric('pe')!],
      [result('get_ratios', 'AAPL', [], { code: 'UNPROCESSABLE', message: 'No fundamentals for this symbol.' })],
    );
    expect(quoted).toEqual({ text: 'I could not get P/E for Apple Inc. (AAPL): No fundamentals for this symbol.', facts: [] });
    const withFigures = writeValuation(aapl, [result('get_dcf', 'AAPL', [], { code: 'UNPROCESSABLE', message: 'WACC 4.0% is within 1.5 points of growth' })]);
    expect(withFigures).toEqual({ text: 'I could not get a DCF valuation for Apple Inc. (AAPL).', facts: [] });
  });

  it('a grade the tools did not return is named by its label, not its key: grade_profitability → "the profitability grade"', () => {
    const d = writeScoreReasons(
      aapl,
      ['grade_profitability'],
      [result('get_scores', 'AAPL', [], { code: 'UNPROCESSABLE', message: 'No fundamentals for this symbol.' })],
    );
    expect(d.text.split('\n')[0]).toBe('I could not get the profitability grade for Apple Inc. (AAPL): No fundamentals for this symbol.');
  });

  it('a comparison ranks highest first; a yield gets no "better" (whether it is depends on the payout): KO 2.42 % vs AAPL 0.33 %', () => {
    const results = [
      result('compare_symbols', null, [
        fact('AAPL', 'dividend_yield', 0.33, 'percent', 'Dividend yield'),
        fact('KO', 'dividend_yield', 2.42, 'percent', 'Dividend yield'),
      ]),
    ];
    const d = writeComparison([aapl, ko], [getMetric('dividend_yield')!], results);
    expect(d.text).toBe(
      'Dividend yield: The Coca-Cola Company (KO) 2.42 % [1], Apple Inc. (AAPL) 0.33 % [2].\nKO has the highest dividend yield, AAPL the lowest.',
    );
    expect(findUnbackedInDraft(d)).toEqual([]);
  });

  it('a figure whose better end the catalogue states still names it: net margin, higher', () => {
    const results = [
      result('compare_symbols', null, [fact('AAPL', 'net_margin', 24.3, 'percent', 'Net margin'), fact('KO', 'net_margin', 27.3, 'percent', 'Net margin')]),
    ];
    const d = writeComparison([aapl, ko], [getMetric('net_margin')!], results);
    expect(d.text).toContain('KO has the highest net margin; higher usually reads as better here.');
  });

  it('joined answers renumber the later markers past the earlier facts: [1] [2] + [1] → [1] [2] [3]', () => {
    const joined = joinDrafts([
      { text: 'a [1] b [2]', facts: [fact('AAPL', 'x', 1, 'count'), fact('AAPL', 'y', 2, 'count')] },
      { text: 'c [1]', facts: [fact('KO', 'x', 3, 'count')] },
    ]);
    expect(joined.text).toBe('a [1] b [2]\n\nc [3]');
    expect(joined.facts.map((f) => `${f.symbol}.${f.key}`)).toEqual(['AAPL.x', 'AAPL.y', 'KO.x']);
  });

  it('a tools plan composes from whatever came back: the price change of two symbols, one without history', () => {
    const plan = planOfflineAnswer('How did AAPL and KO do this year?', [aapl, ko]);
    if (plan.kind !== 'tools') throw new Error(plan.kind);
    const at = { source: 'computed', symbol: 'AAPL', href: '/technical/AAPL' };
    const d = plan.compose([
      result('get_price_stats', 'AAPL', [
        {
          key: 'price_change_percent',
          label: 'Price change (year to date)',
          value: -4.21,
          unit: 'percent',
          period: '2025-12-31 to 2026-07-02',
          as_of: '2026-07-02',
          ...at,
        },
        { key: 'start_close', label: 'Close on 2025-12-31', value: 250, unit: 'usd_per_share', period: '2025-12-31', as_of: '2025-12-31', ...at },
        { key: 'end_close', label: 'Close on 2026-07-02', value: 239.47, unit: 'usd_per_share', period: '2026-07-02', as_of: '2026-07-02', ...at },
      ]),
      result('get_price_stats', 'KO', [], { code: 'NO_DATA', message: 'No price history for KO.' }),
    ]);
    expect(d.text).toBe(
      'Apple Inc. (AAPL) fell 4.21 % [1] year to date: from $250.00 [2] on 2025-12-31 to $239.47 [3] on 2026-07-02.\n\nI could not get the price change year to date for The Coca-Cola Company (KO): No price history for KO.',
    );
    expect(findUnbackedInDraft(d)).toEqual([]);
  });
});
