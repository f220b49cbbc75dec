import { z } from 'zod';
import { buildNotePrompt, checkDraftNote, type DraftNote, NOTE_SYSTEM_PROMPT, type NotePromptInput } from '../../../core/ai/analysis-note-prompt.ts';
import type { AnalysisNote } from '../../../core/analysis/analysis-types.ts';
import { type LlmClient, LlmError } from '../../adapters/llm/index.ts';
import type { Logger } from '../../lib/logger.ts';

/*
 * The LLM writer: a model rewrites the rule-based note from the same facts; its draft is shown only when
 * every number and fact key passes the check, else it is asked again with the reason, within at most
 * MAX_NOTE_CALLS model calls and the time the paid run has left. Otherwise the rule-based note stands,
 * with `writer_note` saying why. It never fails the analysis (the analysis is paid for its figures).
 */

/** Model calls per analysis, retries included. */
export const MAX_NOTE_CALLS = 3;
/** Kept for saving after the model, out of the charge's time limit. */
const SAVE_RESERVE_MS = 5_000;
/** Less than this left: not worth a call. */
const MIN_CALL_MS = 1_000;

const SentenceSchema = z.object({ text: z.string().min(1).max(600), fact_keys: z.array(z.string()).max(12) });
const DraftNoteSchema: z.ZodType<DraftNote> = z.object({
  headline: SentenceSchema,
  strengths: z.array(SentenceSchema).max(3),
  risks: z.array(SentenceSchema).max(3),
  verdict: SentenceSchema,
});

const FALLBACK_NOTES = {
  rejected: 'The language model’s draft used a number or fact that is not among the facts, so the rule-based writer wrote this note.',
  timeout: 'The language model did not answer in time, so the rule-based writer wrote this note.',
  provider: 'The language model could not be reached, so the rule-based writer wrote this note.',
  'invalid-output': 'The language model’s answer could not be read, so the rule-based writer wrote this note.',
  aborted: 'The language model was stopped, so the rule-based writer wrote this note.',
  'no-time': 'There was no time left for the language model, so the rule-based writer wrote this note.',
} as const;

/** When the model must be done: the charge's time limit from the start of the paid work, less time to save. */
export function computeNoteDeadline(workStartedAt: number, chargeTimeoutMs: number): number {
  return workStartedAt + chargeTimeoutMs - Math.min(SAVE_RESERVE_MS, chargeTimeoutMs / 4);
}

interface NoteWriterOptions {
  /** `performance.now()` time by which the last call must end. */
  deadline: number;
  /** The per-call limit (AI_TIMEOUT_MS); a call gets less when the deadline is nearer. */
  callTimeoutMs: number;
  signal?: AbortSignal;
}

/** The note a model wrote and the check passed (`writer: llm:<model>`), or the rule-based note with why. */
export async function writeNoteWithLlm(llm: LlmClient, logger: Logger, input: NotePromptInput, opts: NoteWriterOptions): Promise<AnalysisNote> {
  const log = logger.child({ feature: 'analyses', writer: 'llm', symbol: input.symbol, kind: input.kind, subtype: input.subtype });
  const allowed = [input.name, input.symbol];
  let calls = 0;
  let rejection: string | undefined;
  let outcome: keyof typeof FALLBACK_NOTES = 'no-time';
  while (calls < MAX_NOTE_CALLS) {
    const left = opts.deadline - performance.now();
    if (left < MIN_CALL_MS) {
      outcome = rejection ? 'rejected' : 'no-time';
      break;
    }
    const attempts = Math.min(2, MAX_NOTE_CALLS - calls) as 1 | 2;
    try {
      const { object, log: attemptLog } = await llm.generateObject({
        purpose: 'analysis-note',
        system: NOTE_SYSTEM_PROMPT,
        prompt: buildNotePrompt(input, rejection),
        schema: DraftNoteSchema,
        signal: opts.signal,
        timeoutMs: Math.floor(Math.min(opts.callTimeoutMs, left / attempts)),
        maxAttempts: attempts,
      });
      calls += attemptLog.length;
      const problems = checkDraftNote(object, input.facts, allowed);
      if (problems.length === 0) {
        log.info({ calls }, 'analysis note written by the model');
        return { ...object, writer: `llm:${llm.model}` };
      }
      rejection = problems.join('; ');
      outcome = 'rejected';
      log.warn({ calls, problems }, 'analysis note: the model’s draft was rejected');
    } catch (e) {
      if (!(e instanceof LlmError)) {
        // a bug on our side of the call must not fail a paid analysis whose figures are ready
        log.error({ err: e, calls }, 'analysis note: the model call threw unexpectedly');
        outcome = 'provider';
        break;
      }
      calls += e.log.length;
      outcome = e.reason;
      log.warn({ calls, reason: e.reason, err: e.message }, 'analysis note: the model call failed');
      break;
    }
  }
  log.warn({ calls, outcome, rejection }, 'analysis note: falling back to the rule-based writer');
  return { ...input.guide, writer: 'rule-based', writer_note: FALLBACK_NOTES[outcome] };
}
