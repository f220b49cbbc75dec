/**
 * The offline copilot's own share of the 30 ms server budget (issue 15): reading a question against the
 * whole listing directory (~13,000 symbols) and writing the answer from tool results, without the tools
 * (bench/copilot.bench.ts times the whole request). Questions: the documented examples plus typos and
 * names. Standalone: `npx tsx bench/copilot-offline.bench.ts`.
 */
import { loadavg } from 'node:os';
import { runToolOnBuilders } from '../core/test-kit/copilot-test-kit.ts';
import { offlineExamples, planOfflineAnswer, type CopilotToolResult, type SymbolDirectoryEntry } from '../core/copilot/index.ts';
import { openBundledAnalysisData } from '../server/adapters/market-data/bundled/analysis-inputs.ts';
import { median, percentile, report } from './support.ts';

const BUDGET_MS = 30;
const data = openBundledAnalysisData();
const { file } = await data.provider.listings();
const directory: SymbolDirectoryEntry[] = file.symbol.map((symbol, i) => ({ symbol, name: file.name[i]!, type: file.etf[i] ? 'etf' : 'stock' }));
const questions = [
  ...offlineExamples,
  "microsfot's p/e",
  'coca-cola dividend yield',
  'how has exxon done this year',
  'nvidai rsi',
  'tell me about apple',
  'What is the weather?',
];

// First question: builds the directory index (once per directory array, then cached).
let t = performance.now();
planOfflineAnswer(questions[0]!, directory);
const indexMs = performance.now() - t;

// Tool results for each plan, computed once outside the timing (they are the tools' cost, not the parser's).
const prepared: Array<{ q: string; results: CopilotToolResult[] }> = [];
for (const q of questions) {
  const plan = planOfflineAnswer(q, directory);
  prepared.push({ q, results: plan.kind === 'tools' ? await Promise.all(plan.calls.map((c) => runToolOnBuilders(c, (s) => data.load(s)))) : [] });
}

for (let i = 0; i < 200; i++) planOfflineAnswer(questions[i % questions.length]!, directory); // warm-up (JIT)
const plan: number[] = [];
const planAndWrite: number[] = [];
for (let round = 0; round < 30; round++) {
  for (const { q, results } of prepared) {
    t = performance.now();
    const p = planOfflineAnswer(q, directory);
    const planned = performance.now();
    if (p.kind === 'tools') p.compose(results);
    const done = performance.now();
    plan.push(planned - t);
    planAndWrite.push(done - t);
  }
}

report('directory', directory.length, 'symbols');
report('questions', questions.length, '', `${plan.length} timed runs`);
report('first question (builds the directory index)', indexMs, 'ms');
report('plan p50', median(plan), 'ms');
report('plan p95', percentile(plan, 95), 'ms');
report('plan + write p50', median(planAndWrite), 'ms', `budget for the whole request ${BUDGET_MS} ms`);
report('plan + write p95', percentile(planAndWrite, 95), 'ms');
report('share of the budget (p50)', median(planAndWrite) / BUDGET_MS, 'x');
report('load average', loadavg()[0]!, '', 'the machine is shared: compare ratios');
