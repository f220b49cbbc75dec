import { describe, expect, it } from 'vitest';
import type { Fact } from '../analysis-types.ts';
import { findUnbackedNumbers, writeNote } from './index.ts';

const fact = (key: string, value: number | string, unit: Fact['unit'] = 'percent'): Fact => ({
  key,
  label: key.replaceAll('_', ' '),
  value,
  unit,
  period: 'FY2025',
  source: 'computed',
  as_of: '2025-10-31',
});
const ctx = { symbol: 'ACME', name: 'Acme Tools' };

describe('the rule-based writer on hand-made facts', () => {
  it('one strength and no risk: says so rather than inventing more', () => {
    // Net margin 30 % clears the 20 % bar (salience (30 − 20) / 10 = 1); ROE 12 % is neither ≥ 20 nor < 8.
    const note = writeNote('fundamental', 'profitability', [fact('net_margin', 30), fact('roe', 12)], ctx);
    expect(note.strengths).toHaveLength(2);
    expect(note.strengths[0]!.fact_keys).toEqual(['net_margin']);
    expect(note.strengths[1]).toEqual({ text: 'No other figure we test clears our bar for a strength; this is the only one.', fact_keys: [] });
    expect(note.risks).toEqual([{ text: 'None of the figures we test clears our bar for a risk.', fact_keys: [] }]);
    expect(note.writer).toBe('rule-based');
  });

  it('more than three fire: the three most salient lead, strongest first', () => {
    // Saliences (capped at 2): net margin (45 − 20) / 10 → 2; ROE (30 − 20) / 20 = 0.5;
    // gross margin (60 − 50) / 25 = 0.4; operating margin (28 − 25) / 15 = 0.2 is the one left out.
    const facts = [fact('net_margin', 45), fact('roe', 30), fact('gross_margin', 60), fact('operating_margin', 28)];
    const note = writeNote('fundamental', 'overview', facts, ctx);
    expect(note.strengths.map((s) => s.fact_keys[0])).toEqual(['net_margin', 'roe', 'gross_margin']);
  });

  it('two different companies read differently, not one template with other numbers', () => {
    const richFacts = [fact('net_margin', 35), fact('current_ratio', 2.8, 'ratio'), fact('pe_ttm', 45, 'times')];
    const poorFacts = [fact('net_margin', -6), fact('current_ratio', 0.7, 'ratio'), fact('pe_ttm', 9, 'times')];
    const rich = writeNote('fundamental', 'overview', richFacts, ctx);
    const poor = writeNote('fundamental', 'overview', poorFacts, ctx);
    // Rich: net margin 35 ≥ 20 and current ratio 2.8 ≥ 2 are strengths, P/E 45 ≥ 35 a risk.
    // Poor: P/E 9 ≤ 12 is its only strength; the loss and current ratio 0.7 < 1 are risks.
    expect(rich.strengths.map((s) => s.fact_keys[0])).toEqual(['net_margin', 'current_ratio', undefined]);
    expect(rich.risks.map((s) => s.fact_keys[0])).toEqual(['pe_ttm', undefined]);
    expect(poor.strengths.map((s) => s.fact_keys[0])).toEqual(['pe_ttm', undefined]);
    expect(poor.risks.map((s) => s.fact_keys[0])).toEqual(['net_margin', 'current_ratio', undefined]);
    expect(rich.verdict.text).not.toBe(poor.verdict.text);
    expect(findUnbackedNumbers(rich, richFacts)).toEqual([]);
    expect(findUnbackedNumbers(poor, poorFacts)).toEqual([]);
  });

  it('the technical headline names the rating and both groups', () => {
    const facts = [fact('technical_rating', 'Buy', 'label'), fact('ma_rating', 'Strong Buy', 'label'), fact('oscillator_rating', 'Neutral', 'label')];
    const note = writeNote('technical', null, facts, ctx);
    expect(note.headline.text).toBe('Acme Tools (ACME) rates Buy on technicals: moving averages read Strong Buy while oscillators read Neutral.');
    expect(note.headline.fact_keys).toEqual(['technical_rating', 'ma_rating', 'oscillator_rating']);
  });
});
