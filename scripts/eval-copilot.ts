// `npm run eval:copilot`: the copilot's evaluation set (core/copilot/eval/) and its two shares, answered right and
// charged right. Offline (the default): the bundled data through the service's own planner, follow-up rule, tools
// and number check. With AI_BASE_URL and AI_MODEL set (AI_API_KEY, AI_TIMEOUT_MS optional): the same questions
// through the model path — the real app in-process on an in-memory PGlite, each case a conversation asked through
// POST /api/copilot/messages, so the model gets the same tools and conversation subject, and the fallback and
// charging are the service's. Prints each miss and the two shares; offline, exits 1 below the targets.
import { openBundledAnalysisData } from '../server/adapters/market-data/bundled/analysis-inputs.ts';
import { COPILOT_EVAL_SET } from '../core/copilot/eval/copilot-eval-set.ts';
import { createOfflineEvalAsker, EVAL_TARGETS, type EvalAsker, runEvalSet } from '../core/copilot/eval/run-copilot-eval.ts';
import { createOfflineAsker } from '../core/test-kit/copilot-test-kit.ts';
import { startApiEvalAsker } from '../server/test/copilot-eval-through-the-api.ts';

const { AI_BASE_URL, AI_MODEL, AI_API_KEY, AI_TIMEOUT_MS } = process.env;
const withModel = Boolean(AI_BASE_URL && AI_MODEL);

let ask: EvalAsker;
let finish = async () => {};
let describeModes = () => '';
if (withModel) {
  const run = await startApiEvalAsker({
    AI_BASE_URL: AI_BASE_URL!,
    AI_MODEL: AI_MODEL!,
    ...(AI_API_KEY ? { AI_API_KEY } : {}),
    ...(AI_TIMEOUT_MS ? { AI_TIMEOUT_MS } : {}),
  });
  ask = run.ask;
  finish = run.close;
  describeModes = () =>
    `scored answers by the model: ${run.modes.llm}, by the offline copilot instead (model error or breaker): ${run.modes.offline}, none (502/504): ${run.modes.failed}`;
} else {
  const asker = createOfflineAsker(openBundledAnalysisData());
  ask = createOfflineEvalAsker(await asker.listDirectory(), asker.runTool, asker.readSummary);
}

const r = await runEvalSet(COPILOT_EVAL_SET, ask);
await finish();
for (const o of r.outcomes)
  if (!o.answeredRight || !o.chargedRight) console.log(`✘ ${o.question}: ${[...o.why, ...(o.chargedRight ? [] : [`charged ${o.charged}`])].join('; ')}`);
const pct = (x: number) => `${(x * 100).toFixed(1)} %`;
const where = withModel ? `model ${AI_MODEL} at ${AI_BASE_URL} (question types and wording not scored: refused or answered, symbols, keys)` : 'offline';
console.log(`${r.outcomes.length} questions (${COPILOT_EVAL_SET.filter((c) => c.turns.length > 1).length} in conversations), ${where}`);
if (withModel) console.log(describeModes());
console.log(`answered right: ${pct(r.answeredRight)} (target ${pct(EVAL_TARGETS.answeredRight)})`);
console.log(`charged right: ${pct(r.chargedRight)} (target ${pct(EVAL_TARGETS.chargedRight)})`);
process.exit(withModel || (r.answeredRight >= EVAL_TARGETS.answeredRight && r.chargedRight >= EVAL_TARGETS.chargedRight) ? 0 : 1);
