// `npm run eval:copilot`: the copilot's evaluation set (core/copilot/eval/) offline on the bundled data, the same
// planner, follow-up rule, tools and number check as the service; prints each miss and the two shares.
import { openBundledAnalysisData } from '../server/adapters/market-data/bundled/analysis-inputs.ts';
import type { AnalysisInputs } from '../core/analysis/analysis-types.ts';
import { COPILOT_EVAL_SET } from '../core/copilot/eval/copilot-eval-set.ts';
import { EVAL_TARGETS, runEvalSet } from '../core/copilot/eval/run-copilot-eval.ts';
import { memoiseScreenerTable, runToolOnBuilders } from '../core/test-kit/copilot-test-kit.ts';

const data = openBundledAnalysisData();
const cache = new Map<string, Promise<AnalysisInputs>>();
const load = (s: string) => {
  if (!cache.has(s)) cache.set(s, data.load(s));
  return cache.get(s)!;
};
const { file } = await data.provider.listings();
const directory = file.symbol.map((symbol, i) => ({ symbol, name: file.name[i]!, type: file.etf[i] ? ('etf' as const) : ('stock' as const) }));
const screenerTable = memoiseScreenerTable(file.symbol, load);
const r = await runEvalSet(COPILOT_EVAL_SET, directory, (call) => runToolOnBuilders(call, load, screenerTable));
for (const o of r.outcomes)
  if (!o.answeredRight || !o.chargedRight) console.log(`✘ ${o.question}: ${[...o.why, ...(o.chargedRight ? [] : [`charged ${o.charged}`])].join('; ')}`);
const pct = (x: number) => `${(x * 100).toFixed(1)} %`;
console.log(`${r.outcomes.length} questions (${COPILOT_EVAL_SET.filter((c) => c.turns.length > 1).length} in conversations), offline`);
console.log(`answered right: ${pct(r.answeredRight)} (target ${pct(EVAL_TARGETS.answeredRight)})`);
console.log(`charged right: ${pct(r.chargedRight)} (target ${pct(EVAL_TARGETS.chargedRight)})`);
process.exit(r.answeredRight >= EVAL_TARGETS.answeredRight && r.chargedRight >= EVAL_TARGETS.chargedRight ? 0 : 1);
