import { describe, expect, it } from 'vitest';
import type { AnalysisNote, Fact } from '../analysis/analysis-types.ts';
import { buildNotePrompt, checkDraftNote, type DraftNote } from './analysis-note-prompt.ts';

const fact = (key: string, label: string, value: number, unit: Fact['unit']): Fact => ({
  key,
  label,
  value,
  unit,
  period: 'FY2025',
  source: 'computed',
  as_of: '2025-10-31',
});
const facts = [
  fact('net_margin', 'Net margin', 26.92, 'percent'),
  fact('revenue', 'Revenue', 416_161_000_000, 'usd'),
  fact('pe_ttm', 'P/E (TTM)', 28.47, 'times'),
];
const guide: AnalysisNote = {
  headline: { text: 'Apple earns a 26.92 % net margin.', fact_keys: ['net_margin'] },
  strengths: [{ text: 'Revenue of $416.16B.', fact_keys: ['revenue'] }],
  risks: [{ text: 'Priced at 28.47× earnings.', fact_keys: ['pe_ttm'] }],
  verdict: { text: 'Quality at a price.', fact_keys: ['net_margin', 'pe_ttm'] },
  writer: 'rule-based',
};
const input = { kind: 'fundamental' as const, subtype: 'overview' as const, symbol: 'AAPL', name: 'Apple Inc.', facts, guide };
const draft = (over: Partial<DraftNote> = {}): DraftNote => ({
  headline: guide.headline,
  strengths: guide.strengths,
  risks: guide.risks,
  verdict: guide.verdict,
  ...over,
});

describe('the LLM note prompt and the draft check', () => {
  it('lists each fact as the UI shows it (26.92 → 26.92 %, 416 161 000 000 → $416.16B, 28.47 → 28.47×) with the guide note', () => {
    const prompt = buildNotePrompt(input);
    expect(prompt).toContain('net_margin | Net margin | 26.92 % | percent | FY2025');
    expect(prompt).toContain('revenue | Revenue | $416.16B | usd | FY2025');
    expect(prompt).toContain('pe_ttm | P/E (TTM) | 28.47× | times | FY2025');
    expect(prompt).toContain('risk 1: Priced at 28.47× earnings. [pe_ttm]');
    expect(prompt).not.toContain('rejected');
    expect(buildNotePrompt(input, 'numbers not in the facts: "31%"')).toContain('Your previous draft was rejected: numbers not in the facts: "31%"');
  });

  it('passes the guide itself and a reworded draft that rounds 26.92 to 27%', () => {
    expect(checkDraftNote(draft(), facts, ['Apple Inc.', 'AAPL'])).toEqual([]);
    expect(
      checkDraftNote(draft({ headline: { text: 'Apple Inc. keeps about 27% of each sales dollar.', fact_keys: ['net_margin'] } }), facts, ['Apple Inc.']),
    ).toEqual([]);
  });

  it('rejects an unknown fact key, an invented number, an empty sentence and four strengths, each with its reason', () => {
    const s = { text: 'Fine.', fact_keys: [] };
    const problems = checkDraftNote(
      draft({ headline: { text: 'A 31% margin.', fact_keys: ['gross_margin'] }, strengths: [s, s, s, { text: ' ', fact_keys: [] }] }),
      facts,
      [],
    );
    expect(problems).toEqual([
      'unknown fact keys: gross_margin',
      'a sentence is empty',
      'more than three strengths or risks',
      'numbers not in the facts: "31%" (headline): no percent fact rounds to 31% (nearest: net_margin 26.92)',
    ]);
  });
});
