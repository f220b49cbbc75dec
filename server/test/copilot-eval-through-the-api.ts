import type { EvalAnswer, EvalAsker, EvalCase } from '../../core/copilot/eval/run-copilot-eval.ts';
import { startCopilotTest } from './copilot-test-kit.ts';

/** The model settings the evaluation set runs against (`npm run eval:copilot` with AI_BASE_URL and AI_MODEL set). */
export interface ModelUnderEvaluation {
  AI_BASE_URL: string;
  AI_MODEL: string;
  AI_API_KEY?: string;
  AI_TIMEOUT_MS?: string;
}

/** How each case's scored (last) answer was written: by the model, or by the offline copilot standing in for it (a model error, the breaker). */
export interface EvalModes {
  llm: number;
  offline: number;
  /** Questions answered by neither: a 502/504 (the model failed on a question only it could answer). */
  failed: number;
}

/**
 * The evaluation set through the model path (issue 34, item 5): the real app in-process on an in-memory PGlite with
 * the model configured, each case one new user's conversation, its turns asked in order through
 * `POST /api/copilot/messages` with the conversation id — the same tools, conversation subject, number check,
 * fallback and charging as a user gets. The answer is scored from what the API returns: refused or answered (a
 * model's answer has no question type), the cited symbols and fact keys, and `tokens_charged`. The case's `today`
 * is the app's clock for its turns.
 */
export async function startApiEvalAsker(model: ModelUnderEvaluation): Promise<{ ask: EvalAsker; modes: EvalModes; close(): Promise<void> }> {
  let today: string | null = null;
  const k = await startCopilotTest('pglite', {
    env: { ...model },
    now: () => (today ? new Date(`${today}T15:00:00Z`) : new Date()),
  });
  const modes: EvalModes = { llm: 0, offline: 0, failed: 0 };
  const ask = async (c: EvalCase): Promise<EvalAnswer> => {
    today = c.today ?? null;
    const user = await k.createUser();
    let conversationId: string | null = null;
    let last: EvalAnswer | null = null;
    let mode: keyof EvalModes | null = null;
    for (const message of c.turns) {
      const res = await k.as(user).ask({ ...(conversationId ? { conversation_id: conversationId } : {}), message });
      const body = res.body as {
        conversation_id?: string;
        status?: 'answered' | 'refused';
        mode?: 'llm' | 'offline';
        answer?: string;
        tokens_charged?: number;
        citations?: Array<{ symbol: string | null; key: string }>;
      };
      conversationId = body.conversation_id ?? conversationId;
      if (res.status !== 200) {
        // A question refused before it is read (empty, too long) is a refusal; a model failure is no answer.
        mode = res.status === 400 ? null : 'failed';
        last = { intent: res.status === 400 ? 'refusal' : `error ${res.status}`, symbols: [], keys: [], text: null, charged: false };
        continue;
      }
      mode = body.mode ?? null;
      const citations = body.citations ?? [];
      last = {
        intent: body.status === 'refused' ? 'refusal' : 'answered',
        symbols: [...new Set(citations.flatMap((x) => (x.symbol ? [x.symbol] : [])))],
        keys: citations.map((x) => x.key),
        text: null,
        charged: (body.tokens_charged ?? 0) > 0,
      };
    }
    if (mode) modes[mode]++;
    return last!;
  };
  return { ask, modes, close: () => k.db.close() };
}
