import { findUnbackedNumbers } from '../../ai/number-validator.ts';
import type { CopilotDraft, CopilotToolCall, CopilotToolResult, OfflinePlan, SymbolDirectoryEntry } from '../copilot-types.ts';
import { planWithFollowUp } from '../follow-up.ts';
import { planOfflineAnswer } from '../plan-offline-answer.ts';

/*
 * The copilot's evaluation set (issue 34, item 4): questions with what a right answer holds — the kind of
 * question, the symbols and figures it must cite, words it must say — and whether it is charged. Scored
 * offline through the same planner, follow-up rule, tools and number check as the service; the targets are
 * 90 % answered right and 100 % charged right. Add a case whenever a question fails in use.
 */

export interface EvalCase {
  /** The conversation: earlier turns, then the question scored (a follow-up reads the turn before it). */
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

const symbolsOf = (plan: OfflinePlan) =>
  plan.kind !== 'tools'
    ? []
    : plan.calls.flatMap((c) => ('symbols' in c.input ? c.input.symbols : 'symbol' in c.input && typeof c.input.symbol === 'string' ? [c.input.symbol] : []));

/** One case through the planner and the tools; charged as the service charges (an answer with checked figures, or a glossary entry). */
export async function runEvalCase(c: EvalCase, directory: readonly SymbolDirectoryEntry[], runTool: RunTool): Promise<EvalOutcome> {
  const question = c.turns.at(-1)!;
  const previous = c.turns.length > 1 ? c.turns.at(-2)! : null;
  const plan = planWithFollowUp(question, previous, directory, (q, d) => planOfflineAnswer(q, d, { today: c.today }));
  let draft: CopilotDraft | null = null;
  let intent = 'refusal';
  let charged = false;
  if (plan.kind === 'direct') {
    draft = plan.draft;
    intent = plan.intent;
    charged = true;
  } else if (plan.kind === 'tools') {
    draft = plan.compose(await Promise.all(plan.calls.map(runTool)));
    // The service's check: numbers no cited fact backs make the answer a free refusal.
    const checked = draft.facts.length > 0 && findUnbackedNumbers(draft.text.replace(/\[\d+\]/g, ''), draft.facts).length === 0;
    intent = checked ? plan.intent : 'refusal';
    charged = checked;
  }
  const why: string[] = [];
  if (intent !== c.intent) why.push(`intent ${intent}, expected ${c.intent}`);
  const symbols = new Set(symbolsOf(plan));
  for (const s of c.symbols ?? []) if (!symbols.has(s)) why.push(`not about ${s}`);
  const keys = new Set(draft?.facts.map((f) => f.key) ?? []);
  for (const k of c.keys ?? []) if (!keys.has(k)) why.push(`does not cite ${k}`);
  const text = (draft?.text ?? (plan.kind === 'refusal' ? plan.text : '')).toLowerCase();
  for (const w of c.says ?? []) if (!text.includes(w.toLowerCase())) why.push(`does not say "${w}"`);
  return { question: c.turns.join(' → '), intent, charged, answeredRight: why.length === 0, chargedRight: charged === c.charged, why };
}

export async function runEvalSet(cases: readonly EvalCase[], directory: readonly SymbolDirectoryEntry[], runTool: RunTool) {
  const outcomes: EvalOutcome[] = [];
  for (const c of cases) outcomes.push(await runEvalCase(c, directory, runTool));
  const share = (f: (o: EvalOutcome) => boolean) => outcomes.filter(f).length / outcomes.length;
  return { outcomes, answeredRight: share((o) => o.answeredRight), chargedRight: share((o) => o.chargedRight) };
}

/** The targets the set must meet offline. */
export const EVAL_TARGETS = { answeredRight: 0.9, chargedRight: 1 } as const;
