import { findUnbackedNumbers } from '../../ai/number-validator.ts';
import { type ConversationSubject, subjectOfPlan } from '../conversation-subject.ts';
import type { AnalysisSummaryRead, CopilotDraft, CopilotToolCall, CopilotToolResult, SummaryOf, SymbolDirectoryEntry } from '../copilot-types.ts';
import { listPlanSymbols, readFollowUp } from '../follow-up.ts';
import { planOfflineAnswer } from '../plan-offline-answer.ts';

/*
 * The copilot's evaluation set (issue 34, item 4): questions with what a right answer holds — the kind of
 * question, the symbols and figures it must cite, words it must say — and whether it is charged. Scored
 * offline through the same planner, follow-up rule, tools and number check as the service; the targets are
 * 90 % answered right and 100 % charged right. Add a case whenever a question fails in use.
 */

export interface EvalCase {
  /** The conversation: earlier turns, then the question scored (each turn is read against the subject the answered ones before it set). */
  turns: string[];
  /** The question type answered; `refusal` for a question that should be declined. */
  intent: string;
  /** Symbols the answer must be about (its tool calls). */
  symbols?: string[];
  /** Fact keys the answer must cite. */
  keys?: string[];
  /** Words the answer must hold. */
  says?: string[];
  charged: boolean;
  /** Today for the question (ISO), as the service's clock gives it: "last month" is read against it. */
  today?: string;
}

export interface EvalOutcome {
  question: string;
  intent: string;
  charged: boolean;
  answeredRight: boolean;
  chargedRight: boolean;
  why: string[];
}

type RunTool = (call: CopilotToolCall) => Promise<CopilotToolResult>;
/** A summary's analysis built as the analyses feature builds it; offline nobody owns a run, so a summary is charged. */
export type ReadSummary = (symbol: string, of: SummaryOf) => Promise<AnalysisSummaryRead>;

/** What the scorer reads of the last turn's answer, however it was asked (offline here, or a model through the API). */
export interface EvalAnswer {
  /** The question type answered, `refusal` when declined; `answered` when the asker cannot know the type (a model's answer). */
  intent: string;
  /** The symbols the answer is about (the offline plan's tool calls; a model's cited facts). */
  symbols: string[];
  /** The fact keys it cites. */
  keys: string[];
  /** Its text; null skips the wording checks (`says` holds the offline writer's words; a model words answers its own way). */
  text: string | null;
  charged: boolean;
}

/** Asks one case's turns in one conversation and returns the last turn's answer. */
export type EvalAsker = (c: EvalCase) => Promise<EvalAnswer>;

/** One answer scored against its case: answered right (type, symbols, keys, words) and charged right. */
export function scoreEvalAnswer(c: EvalCase, a: EvalAnswer): EvalOutcome {
  const why: string[] = [];
  const expected = a.intent === 'answered' && c.intent !== 'refusal' ? 'answered' : c.intent;
  if (a.intent !== expected) why.push(`intent ${a.intent}, expected ${c.intent}`);
  const symbols = new Set(a.symbols);
  for (const s of c.symbols ?? []) if (!symbols.has(s)) why.push(`not about ${s}`);
  const keys = new Set(a.keys);
  for (const k of c.keys ?? []) if (!keys.has(k)) why.push(`does not cite ${k}`);
  if (a.text !== null) {
    const text = a.text.toLowerCase();
    for (const w of c.says ?? []) if (!text.includes(w.toLowerCase())) why.push(`does not say "${w}"`);
  }
  return {
    question: c.turns.join(' → '),
    intent: a.intent,
    charged: a.charged,
    answeredRight: why.length === 0,
    chargedRight: a.charged === c.charged,
    why,
  };
}

/**
 * One turn answered offline as the service answers it, without the database: read against the conversation's
 * subject (`readFollowUp`), its tools run, the number check applied; an answered turn about a symbol moves the
 * subject (`subjectOfPlan`). `bench/copilot-answer.bench.ts` times this per question.
 */
export async function answerOfflineTurn(
  turn: string,
  subject: ConversationSubject | null,
  directory: readonly SymbolDirectoryEntry[],
  runTool: RunTool,
  today?: string,
  readSummary?: ReadSummary,
): Promise<{ answer: EvalAnswer; subject: ConversationSubject | null; chart: CopilotDraft['chart'] }> {
  const { plan, read } = readFollowUp(turn, subject, directory, (q, d) => planOfflineAnswer(q, d, { today }));
  let draft: CopilotDraft | null = null;
  let intent = 'refusal';
  let charged = false;
  if (plan.kind === 'direct') {
    draft = plan.draft;
    intent = plan.intent;
    charged = true;
  } else if (plan.kind === 'tools' || (plan.kind === 'summary' && readSummary)) {
    let owned = false;
    if (plan.kind === 'tools') draft = plan.compose(await Promise.all(plan.calls.map(runTool)));
    else {
      const read = await readSummary!(plan.symbol, plan.of);
      owned = read.owned;
      draft = plan.compose(read);
    }
    // The service's check: numbers no cited fact backs make the answer a free refusal.
    const checked = draft.facts.length > 0 && findUnbackedNumbers(draft.text.replace(/\[\d+\]/g, ''), draft.facts).length === 0;
    intent = checked ? plan.intent : 'refusal';
    // A summary of an analysis the user owns for the day is free to read.
    charged = checked && !owned;
  }
  return {
    answer: {
      intent,
      symbols: listPlanSymbols(plan),
      keys: draft?.facts.map((f) => f.key) ?? [],
      text: draft?.text ?? (plan.kind === 'refusal' ? plan.text : ''),
      charged,
    },
    subject: intent !== 'refusal' ? subjectOfPlan(read, plan, subject) : subject,
    chart: charged ? draft?.chart : undefined,
  };
}

/** The offline copilot as the service runs it: a case's turns answered in order, each against the subject the answered ones set. */
export function createOfflineEvalAsker(directory: readonly SymbolDirectoryEntry[], runTool: RunTool, readSummary?: ReadSummary): EvalAsker {
  return async (c) => {
    let subject: ConversationSubject | null = null;
    let answer: EvalAnswer | null = null;
    for (const turn of c.turns) ({ answer, subject } = await answerOfflineTurn(turn, subject, directory, runTool, c.today, readSummary));
    return answer!;
  };
}

export interface EvalReport {
  outcomes: EvalOutcome[];
  answeredRight: number;
  chargedRight: number;
}

/** The set through one asker: each outcome and the two shares, counted from the outcomes. */
export async function runEvalSet(cases: readonly EvalCase[], ask: EvalAsker): Promise<EvalReport> {
  const outcomes: EvalOutcome[] = [];
  for (const c of cases) outcomes.push(scoreEvalAnswer(c, await ask(c)));
  const share = (f: (o: EvalOutcome) => boolean) => (outcomes.length === 0 ? 0 : outcomes.filter(f).length / outcomes.length);
  return { outcomes, answeredRight: share((o) => o.answeredRight), chargedRight: share((o) => o.chargedRight) };
}

/** The targets the set must meet offline. */
export const EVAL_TARGETS = { answeredRight: 0.9, chargedRight: 1 } as const;
