import type { CopilotDraft, CopilotPeriod, OfflinePlan } from './copilot-types.ts';
import { listPlanSymbols } from './follow-up.ts';

/**
 * What a conversation is about (issue 34): kept with the conversation, updated after each answered question about
 * a symbol, and read when the next question arrives, so a follow-up of a follow-up resolves ("AAPL's revenue" →
 * "and its net income?" → "over 5 years?" is AAPL's net income by year). The model sees it too (every field but
 * `question` comes from our own parser or the tools, never from the user's words).
 */
export interface ConversationSubject {
  /** The last answered question as it was read: a follow-up with what it referred to ("and its debt? AAPL"). */
  question: string;
  /** The symbols the answer was about. */
  symbols: string[];
  /** The fact keys asked about (a metric's keys, a trend's line and its CAGR); for a model's answer, the keys it cited. */
  keys: string[];
  /** The window asked about (`1m`, `5y`…), when the question named one. */
  period: CopilotPeriod | null;
  /** The question type answered (`metric`, `trend`, `price_change`…; `llm` for a model's own answer). */
  kind: string;
}

/** Keys kept per subject: enough for a comparison's figures, small enough for the model's context line. */
const MAX_SUBJECT_KEYS = 8;
/**
 * The question as read grows with a chain of follow-ups ("over 5 years?" appends to what it refers to); past this
 * many characters its start is kept, where the first figure and symbol of the chain are.
 */
export const MAX_SUBJECT_QUESTION_CHARS = 1_000;

const firstUnique = (xs: readonly string[], n: number) => [...new Set(xs)].slice(0, n);

/**
 * The subject after an offline answer: the plan's symbols, keys and window, and the question as it was read. An
 * answer about no symbol (a definition, the market's spread of a figure) keeps the subject before it: "what is
 * WACC?" in a conversation about Apple does not make "and its debt?" lose Apple.
 */
export function subjectOfPlan(read: string, plan: OfflinePlan, before: ConversationSubject | null): ConversationSubject | null {
  const symbols = listPlanSymbols(plan);
  if ((plan.kind !== 'tools' && plan.kind !== 'summary') || symbols.length === 0) return before;
  return {
    question: read.slice(0, MAX_SUBJECT_QUESTION_CHARS),
    symbols,
    keys: firstUnique(plan.about?.keys ?? [], MAX_SUBJECT_KEYS),
    period: plan.about?.period ?? null,
    kind: plan.intent,
  };
}

/**
 * The subject after a model's answer: the symbols and keys of the facts it cited (its tool calls are not a plan).
 * Its `question` is what the model was understood to answer, in our words — the cited figures' labels and the
 * symbols ("Net income AAPL") — so the offline copilot can read the next follow-up against it if the model fails.
 */
export function subjectOfModelAnswer(draft: CopilotDraft, before: ConversationSubject | null): ConversationSubject | null {
  const symbols = firstUnique(
    draft.facts.flatMap((f) => (f.symbol ? [f.symbol] : [])),
    5,
  );
  if (symbols.length === 0) return before;
  const keys = firstUnique(
    draft.facts.map((f) => f.key),
    MAX_SUBJECT_KEYS,
  );
  const labels = firstUnique(
    keys.map((k) => draft.facts.find((f) => f.key === k)!.label),
    3,
  );
  return { question: `${labels.join(', ')} ${symbols.join(' ')}`, symbols, keys, period: null, kind: 'llm' };
}

/** The subject as the model reads it: one line of our own fields (symbols, keys, window, kind), no user text. */
export function describeSubjectForModel(s: ConversationSubject | null): string | null {
  if (!s) return null;
  const parts = [`symbols ${s.symbols.join(', ')}`];
  if (s.keys.length > 0) parts.push(`figures ${s.keys.join(', ')}`);
  if (s.period) parts.push(`period ${s.period}`);
  parts.push(`question type ${s.kind}`);
  return `The conversation so far is about: ${parts.join('; ')}. A follow-up that names no symbol or figure ("and its debt?", "over 5 years?", "what about MSFT?") refers to this subject: resolve it against it and say in the answer what you understood (e.g. "Apple's debt/equity").`;
}

const PERIODS = new Set<string>(['1w', '1m', '3m', '6m', 'ytd', '1y', '3y', '5y']);
const isStrings = (x: unknown): x is string[] => Array.isArray(x) && x.every((s) => typeof s === 'string');

/** A stored subject read back (jsonb from the database): anything malformed is no subject, never a throw. */
export function readStoredSubject(raw: unknown): ConversationSubject | null {
  const v = typeof raw === 'string' ? safeParse(raw) : raw;
  if (!v || typeof v !== 'object') return null;
  const o = v as Record<string, unknown>;
  if (typeof o.question !== 'string' || typeof o.kind !== 'string' || !isStrings(o.symbols) || !isStrings(o.keys) || o.symbols.length === 0) return null;
  const period = typeof o.period === 'string' && PERIODS.has(o.period) ? (o.period as CopilotPeriod) : null;
  return { question: o.question, symbols: o.symbols, keys: o.keys, period, kind: o.kind };
}

function safeParse(s: string): unknown {
  try {
    return JSON.parse(s);
  } catch {
    return null;
  }
}
