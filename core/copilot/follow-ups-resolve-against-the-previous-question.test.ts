import { describe, expect, it } from 'vitest';
import type { OfflinePlan, SymbolDirectoryEntry } from './copilot-types.ts';
import { listPlanSymbols, planWithFollowUp } from './follow-up.ts';
import { planOfflineAnswer } from './plan-offline-answer.ts';

const directory: SymbolDirectoryEntry[] = [
  { symbol: 'AAPL', name: 'Apple Inc.', type: 'stock' },
  { symbol: 'MSFT', name: 'Microsoft Corporation', type: 'stock' },
  { symbol: 'KO', name: 'Coca-Cola Company (The)', type: 'stock' },
  { symbol: 'PEP', name: 'PepsiCo, Inc.', type: 'stock' },
];
const plan = (q: string, previous: string | null = null) => planWithFollowUp(q, previous, directory, planOfflineAnswer);
const keysOf = (p: OfflinePlan) => (p.kind === 'tools' ? p.calls.map((c) => c.tool) : []);

describe('a follow-up is read against the previous question of its conversation', () => {
  it('"and its debt?" after a question about Apple asks for Apple’s figures (alone it reads as "define debt/equity")', () => {
    expect(plan('and its debt?').kind).toBe('direct');
    const p = plan('and its debt?', "What is AAPL's P/E?");
    expect(p.kind).toBe('tools');
    expect(listPlanSymbols(p)).toEqual(['AAPL']);
  });

  it('"what about Microsoft?" after "What is AAPL\'s P/E?" asks Microsoft’s P/E', () => {
    const before = plan("What is AAPL's P/E?");
    const p = plan('What about Microsoft?', "What is AAPL's P/E?");
    expect(listPlanSymbols(p)).toContain('MSFT');
    expect(keysOf(p)).toEqual(keysOf(before));
  });

  it('a question that stands on its own is planned as it is, whatever came before', () => {
    const alone = plan("What is KO's dividend yield?");
    const after = plan("What is KO's dividend yield?", "What is AAPL's P/E?");
    expect(listPlanSymbols(after)).toEqual(listPlanSymbols(alone));
    expect(keysOf(after)).toEqual(keysOf(alone));
  });

  it('with no previous subject a follow-up stays what it is alone (the definition)', () => {
    expect(plan('and its debt?', 'What is a P/E ratio?').kind).toBe('direct');
  });

  it('an off-topic question after one about Apple stays a free refusal: it is not turned into an Apple answer', () => {
    expect(plan('Will it rain in Paris tomorrow?', "What is AAPL's P/E?").kind).toBe('refusal');
  });

  it('"And what is KO\'s P/E?" names its own subject: KO alone, not a comparison with the previous Apple', () => {
    expect(listPlanSymbols(plan("And what is KO's P/E?", "What is AAPL's P/E?"))).toEqual(['KO']);
  });
});
