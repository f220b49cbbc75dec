import type { CopilotToolCall, OfflinePlan, SymbolDirectoryEntry } from './copilot-types.ts';

type Planner = (question: string, directory: readonly SymbolDirectoryEntry[]) => OfflinePlan;

/** The symbols a plan's tool calls read: the subject a follow-up refers back to. */
export function listPlanSymbols(plan: OfflinePlan): string[] {
  if (plan.kind !== 'tools') return [];
  const symbols = plan.calls.flatMap((c: CopilotToolCall) =>
    'symbols' in c.input ? c.input.symbols : 'symbol' in c.input && typeof c.input.symbol === 'string' ? [c.input.symbol] : [],
  );
  return [...new Set(symbols)];
}

// "and its debt?", "and the P/E?", "over 5 years?", "why?": the subject is the previous question's.
const CONTINUES_SUBJECT = /^\s*(and|also|over|for|in|why|how come|since|what is its|what's its|its|their)\b/i;
// "what about Microsoft?", "how about KO?": the question is the previous one's, about another subject.
const SWAPS_SUBJECT = /^\s*(what about|how about|and for|same for|and what about)\b/i;

// "and AAPL?", "and PEP?": one word after "and", which names a symbol (checked by the caller).
const BARE_SUBJECT = /^\s*and\s+\$?[\w.'’-]+\s*\??\s*$/i;

/**
 * A follow-up read against the conversation's previous question (issue 34): the offline copilot keeps no
 * state of its own, so the follow-up is rewritten with what it refers to and planned again; the answer then
 * names the symbol and figure it understood, as every offline answer does. A question that stands on its own
 * is planned as it is.
 */
export function planWithFollowUp(question: string, previous: string | null, directory: readonly SymbolDirectoryEntry[], plan: Planner): OfflinePlan {
  const alone = plan(question, directory);
  if (!previous) return alone;
  // "and AAPL?" after "RSI of MSFT": a bare new subject asks the previous question about it, not for a snapshot.
  const bareSubject = BARE_SUBJECT.test(question) && listPlanSymbols(alone).length > 0;
  const swaps = SWAPS_SUBJECT.test(question) || bareSubject;
  const continues = !swaps && CONTINUES_SUBJECT.test(question);
  // Only a question worded as a follow-up leans on the last one: an off-topic question stays off-topic (and free).
  if (!swaps && !continues) return alone;
  // "And what is KO's P/E?" names its own subject: it is not about the previous one.
  if (continues && listPlanSymbols(alone).length > 0) return alone;
  const before = plan(previous, directory);
  const subject = listPlanSymbols(before);
  // "over 5 years?" after a figure with a trend ("MSFT free cash flow") asks for that trend, not the price over the span.
  const spanOfFigure = /^\s*over\b/i.test(question) && before.kind === 'tools' && (before.intent === 'metric' || before.intent === 'trend');
  const candidates = swaps
    ? // The previous question's words (its figure) with the new subject; the old symbols are left out where they can be.
      [`${previous.replace(new RegExp(`\\b(${subject.map((s) => s.replace(/[.$^]/g, '\\$&')).join('|')})\\b`, 'gi'), '')} ${question}`]
    : [`${question} ${subject.join(' ')}`, `${previous} ${question}`];
  if (spanOfFigure && subject.length > 0) {
    const trend = plan(`${previous} ${question}`, directory);
    if (trend.kind === 'tools' && trend.intent === 'trend') return trend;
  }
  for (const c of candidates) {
    if (subject.length === 0) break;
    const p = plan(c, directory);
    if (p.kind !== 'refusal') return p;
  }
  return alone;
}
