import { describe, expect, it } from 'vitest';
import type { OfflinePlan, SymbolDirectoryEntry } from './copilot-types.ts';
import { type ConversationSubject, MAX_SUBJECT_QUESTION_CHARS, readStoredSubject, subjectOfPlan } from './conversation-subject.ts';
import { listPlanSymbols, planWithFollowUp, readFollowUp } from './follow-up.ts';
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

describe('a follow-up of a follow-up is read against the stored subject (the question as read, its symbols and figures)', () => {
  const read = (q: string, subject: ConversationSubject | null) => readFollowUp(q, subject, directory, planOfflineAnswer);
  const answer = (q: string, subject: ConversationSubject | null) => {
    const r = read(q, subject);
    return { ...r, subject: subjectOfPlan(r.read, r.plan, subject) };
  };

  it('"AAPL\'s revenue" → "and its net income?" → "over 5 years?": the third reads "over 5 years? and its net income? AAPL", a 5-year trend of AAPL\'s net income', () => {
    const first = answer("AAPL's revenue", null);
    expect(first.subject).toEqual({ question: "AAPL's revenue", symbols: ['AAPL'], keys: ['revenue'], period: null, kind: 'metric' });
    const second = answer('and its net income?', first.subject);
    expect(second.read).toBe('and its net income? AAPL');
    expect(second.subject).toMatchObject({ symbols: ['AAPL'], keys: ['net_income'], kind: 'metric' });
    const third = read('over 5 years?', second.subject);
    expect(third.read).toBe('over 5 years? and its net income? AAPL');
    expect(third.plan).toMatchObject({
      kind: 'tools',
      intent: 'trend',
      calls: [{ tool: 'get_trend', input: { symbol: 'AAPL', line: 'net_income', years: 5 } }],
    });
    // Read against the second question's words alone (no subject), the same follow-up has no symbol to lean on.
    expect(planWithFollowUp('over 5 years?', 'and its net income?', directory, planOfflineAnswer).kind).toBe('refusal');
  });

  it('a definition has no symbol: it leaves the subject as it was ("what is WACC?" between two questions about KO)', () => {
    const first = answer("What is KO's P/E?", null);
    const wacc = answer('what is WACC?', first.subject);
    expect(wacc.plan.kind).toBe('direct');
    expect(wacc.subject).toBe(first.subject);
    expect(listPlanSymbols(read('and its RSI?', wacc.subject).plan)).toEqual(['KO']);
  });

  it('a new span replaces the one before: "over 5 years?" then "over 3 years?" is 3 years, and twenty of them in a row do not grow the question as read', () => {
    const five = answer('over 5 years?', answer("AAPL's revenue", null).subject);
    expect(five.subject).toMatchObject({ question: "over 5 years? AAPL's revenue", period: '5y' });
    const three = read('over 3 years?', five.subject);
    expect(three.read).toBe("over 3 years? AAPL's revenue");
    expect(three.plan).toMatchObject({ intent: 'trend', calls: [{ input: { symbol: 'AAPL', line: 'revenue', years: 3 } }] });
    let subject = five.subject;
    for (let i = 0; i < 20; i++) subject = answer(i % 2 ? 'over 5 years?' : 'over 3 years?', subject).subject;
    expect(subject!.question).toBe("over 5 years? AAPL's revenue");
    expect(subject!.question.length).toBeLessThanOrEqual(MAX_SUBJECT_QUESTION_CHARS);
  });

  it('a stored subject read back from the database: a malformed one is no subject, never a throw', () => {
    expect(readStoredSubject('{"question":"x","symbols":["AAPL"],"keys":[],"period":"5y","kind":"metric"}')).toEqual({
      question: 'x',
      symbols: ['AAPL'],
      keys: [],
      period: '5y',
      kind: 'metric',
    });
    expect(readStoredSubject({ question: 'x', symbols: [], keys: [], period: null, kind: 'metric' })).toBeNull();
    expect(readStoredSubject('not json')).toBeNull();
    expect(readStoredSubject({ question: 'x', symbols: ['AAPL'], keys: [1], kind: 'metric' })).toBeNull();
  });
});
