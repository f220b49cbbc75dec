import type { ConversationSubject } from './conversation-subject.ts';
import type { CopilotToolCall, OfflinePlan, SymbolDirectoryEntry } from './copilot-types.ts';

type Planner = (question: string, directory: readonly SymbolDirectoryEntry[]) => OfflinePlan;

/** The symbols a plan's tool calls read: the subject a follow-up refers back to. */
export function listPlanSymbols(plan: OfflinePlan): string[] {
  if (plan.kind === 'summary') return [plan.symbol];
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

// "over 5 years?", "over the last 3 years": a span a follow-up sets, taken out of the question it refers to.
const SPAN_WORDS = /\bover\s+(?:the\s+)?(?:last\s+|past\s+)?(?:\d+|one|two|three|four|five|six|ten|a)\s+(?:years?|yrs?)\b\??/gi;

// "and AAPL?", "and PEP?": one word after "and", which names a symbol (checked by the caller).
const BARE_SUBJECT = /^\s*and\s+\$?[\w.'’-]+\s*\??\s*$/i;

/** A question as the copilot read it: its plan, and its text with what a follow-up referred to ("and its debt? AAPL"). */
export interface ReadQuestion {
  plan: OfflinePlan;
  read: string;
}

/** The subject of a previous question known only by its words (the evaluation set's earlier turns, old conversations). */
function subjectOfText(previous: string, directory: readonly SymbolDirectoryEntry[], plan: Planner): ConversationSubject | null {
  const before = plan(previous, directory);
  const symbols = listPlanSymbols(before);
  if (symbols.length === 0 || (before.kind !== 'tools' && before.kind !== 'summary')) return null;
  return { question: previous, symbols, keys: before.about?.keys ?? [], period: before.about?.period ?? null, kind: before.intent };
}

/**
 * A follow-up read against the conversation's subject (issue 34): the last answered question about a symbol, as it
 * was read, with its symbols, figures and window (`ConversationSubject`, stored with the conversation). The
 * follow-up is rewritten with what it refers to and planned again; the answer then names the symbol and figure it
 * understood, as every offline answer does. Because the subject holds the question *as read*, a follow-up of a
 * follow-up resolves: "AAPL's revenue" → "and its net income?" (read "and its net income? AAPL") → "over 5 years?"
 * (AAPL's net income by year). A question that stands on its own is planned as it is.
 */
export function readFollowUp(question: string, subject: ConversationSubject | null, directory: readonly SymbolDirectoryEntry[], plan: Planner): ReadQuestion {
  const alone = plan(question, directory);
  const asIs = { plan: alone, read: question };
  if (!subject || subject.symbols.length === 0) return asIs;
  const previous = subject.question;
  // "and AAPL?" after "RSI of MSFT": a bare new subject asks the previous question about it, not for a snapshot.
  const bareSubject = BARE_SUBJECT.test(question) && listPlanSymbols(alone).length > 0;
  const swaps = SWAPS_SUBJECT.test(question) || bareSubject;
  const continues = !swaps && CONTINUES_SUBJECT.test(question);
  // Only a question worded as a follow-up leans on the last one: an off-topic question stays off-topic (and free).
  if (!swaps && !continues) return asIs;
  // "And what is KO's P/E?" names its own subject: it is not about the previous one.
  if (continues && listPlanSymbols(alone).length > 0) return asIs;
  const symbols = subject.symbols;
  // "over 5 years?" after a figure with a trend ("MSFT free cash flow") asks for that trend, not the price over the span.
  const spanOfFigure = /^\s*over\b/i.test(question) && (subject.kind === 'metric' || subject.kind === 'trend' || subject.kind === 'llm');
  const candidates = swaps
    ? // The previous question's words (its figure) with the new subject; the old symbols are left out where they can be.
      [`${previous.replace(new RegExp(`\\b(${symbols.map((s) => s.replace(/[.$^]/g, '\\$&')).join('|')})\\b`, 'gi'), '')} ${question}`]
    : [`${question} ${symbols.join(' ')}`, `${previous} ${question}`];
  if (spanOfFigure) {
    // The new span replaces the one read before ("over 3 years?" after a 5-year trend is 3 years), and reads first.
    const read = `${question} ${previous.replace(SPAN_WORDS, ' ').replace(/\s+/g, ' ').trim()}`;
    const trend = plan(read, directory);
    if (trend.kind === 'tools' && trend.intent === 'trend') return { plan: trend, read };
  }
  // "and its dividends?" after a summary of Apple's balance sheet asks the summary of another kind, not a figure;
  // a follow-up naming no kind ("and its P/E?") is read as below.
  if (continues && subject.kind === 'kind_summary') {
    const read = `summary of ${question} ${symbols.join(' ')}`;
    const kindSummary = plan(read, directory);
    if (kindSummary.kind === 'summary') return { plan: kindSummary, read };
  }
  for (const read of candidates) {
    const p = plan(read, directory);
    if (p.kind !== 'refusal') return { plan: p, read };
  }
  return asIs;
}

/** `readFollowUp`'s plan, against a stored subject or (the evaluation set, tests) the previous question's words. */
export function planWithFollowUp(
  question: string,
  previous: ConversationSubject | string | null,
  directory: readonly SymbolDirectoryEntry[],
  plan: Planner,
): OfflinePlan {
  const subject = typeof previous === 'string' ? subjectOfText(previous, directory, plan) : previous;
  return readFollowUp(question, subject, directory, plan).plan;
}
