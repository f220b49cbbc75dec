import { describe, expect, it } from 'vitest';
import { requireFactDefinition } from '../facts/catalogue.ts';
import { findUnbackedInDraft } from '../test-kit/copilot-test-kit.ts';
import { writeDefinition } from './answer-writer.ts';
import { describeTermOnPages, glossary } from './glossary.ts';

describe('the glossary names a figure as the facts table does (issue 28)', () => {
  it('"what is P/E": the catalogue label, unit, period and direction — P/E (trailing twelve months), a multiple, lower is better', () => {
    const pe = glossary.find((t) => t.id === 'pe')!;
    const d = writeDefinition(pe);
    expect(d.text).toContain(`On our pages: ${requireFactDefinition('pe_ttm').label} (a multiple, over the trailing twelve months; lower is better).`);
    expect(findUnbackedInDraft(d)).toEqual([]);
  });
  it('RSI reads "RSI (14) (a score, on daily bars)"; a concept no figure carries (TTM) has no such line', () => {
    expect(describeTermOnPages('rsi')).toBe('On our pages: RSI (14) (a score, on daily bars).');
    expect(describeTermOnPages('ttm')).toBeNull();
  });
  it('every term that a figure carries gets the line, and its definition passes the number check', () => {
    let named = 0;
    for (const t of glossary) {
      const d = writeDefinition(t);
      expect(findUnbackedInDraft(d), t.id).toEqual([]);
      if (describeTermOnPages(t.id)) named++;
    }
    expect(named).toBeGreaterThan(30);
  });
});
