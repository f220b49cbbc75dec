// `npm run eval:copilot`: the copilot's evaluation set (core/copilot/eval/) offline on the bundled data, the same
// planner, follow-up rule, tools and number check as the service; prints each miss and the two shares.
import { openBundledAnalysisData } from '../server/adapters/market-data/bundled/analysis-inputs.ts';
import { COPILOT_EVAL_SET } from '../core/copilot/eval/copilot-eval-set.ts';
import { createOfflineEvalAsker, EVAL_TARGETS, runEvalSet } from '../core/copilot/eval/run-copilot-eval.ts';
import { createOfflineAsker } from '../core/test-kit/copilot-test-kit.ts';

const asker = createOfflineAsker(openBundledAnalysisData());
const r = await runEvalSet(COPILOT_EVAL_SET, createOfflineEvalAsker(await asker.listDirectory(), asker.runTool));
for (const o of r.outcomes)
  if (!o.answeredRight || !o.chargedRight) console.log(`✘ ${o.question}: ${[...o.why, ...(o.chargedRight ? [] : [`charged ${o.charged}`])].join('; ')}`);
const pct = (x: number) => `${(x * 100).toFixed(1)} %`;
console.log(`${r.outcomes.length} questions (${COPILOT_EVAL_SET.filter((c) => c.turns.length > 1).length} in conversations), offline`);
console.log(`answered right: ${pct(r.answeredRight)} (target ${pct(EVAL_TARGETS.answeredRight)})`);
console.log(`charged right: ${pct(r.chargedRight)} (target ${pct(EVAL_TARGETS.chargedRight)})`);
process.exit(r.answeredRight >= EVAL_TARGETS.answeredRight && r.chargedRight >= EVAL_TARGETS.chargedRight ? 0 : 1);
