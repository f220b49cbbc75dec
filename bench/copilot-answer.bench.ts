/**
 * The offline copilot's answer, CPU per question (issue 34's budget: p50 ≤ 20 ms CPU including a trend chart's
 * data), over the evaluation set's questions (core/copilot/eval/): each turn read against the conversation's
 * subject, its tools run on the builders (the bundled data, each symbol's inputs loaded once before the timing, as
 * a warm process has them), the answer written, its numbers checked — `answerOfflineTurn`, what `npm run
 * eval:copilot` scores. Without the database (the ledger and storage statements: bench/copilot.bench.ts times the
 * whole request). CPU is the process's user + system time around one answer (process.cpuUsage), so other load on the
 * shared machine does not count; wall time is reported beside it.
 * `npm run bench -- copilot-answer`, or standalone: `npx tsx bench/copilot-answer.bench.ts`.
 */
import { loadavg } from 'node:os';
import { COPILOT_EVAL_SET } from '../core/copilot/eval/copilot-eval-set.ts';
import { answerOfflineTurn } from '../core/copilot/eval/run-copilot-eval.ts';
import type { ConversationSubject } from '../core/copilot/conversation-subject.ts';
import { createOfflineAsker } from '../core/test-kit/copilot-test-kit.ts';
import { openBundledAnalysisData } from '../server/adapters/market-data/bundled/analysis-inputs.ts';
import { median, percentile, report } from './support.ts';

const BUDGET_CPU_MS = 20;
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);

const asker = createOfflineAsker(openBundledAnalysisData());
const directory = await asker.listDirectory();

interface Timing {
  question: string;
  intent: string;
  cpuMs: number;
  wallMs: number;
  chartPoints: number;
}

/** Every case's turns in order (the subject carried), each turn timed as one answer. */
async function runRound(): Promise<Timing[]> {
  const out: Timing[] = [];
  for (const c of COPILOT_EVAL_SET) {
    let subject: ConversationSubject | null = null;
    for (const turn of c.turns) {
      const wall = performance.now();
      const cpu = process.cpuUsage();
      const r = await answerOfflineTurn(turn, subject, directory, asker.runTool, c.today, asker.readSummary);
      const used = process.cpuUsage(cpu);
      out.push({
        question: turn,
        intent: r.answer.intent,
        cpuMs: (used.user + used.system) / 1000,
        wallMs: performance.now() - wall,
        chartPoints: r.chart?.points.length ?? 0,
      });
      subject = r.subject;
    }
  }
  return out;
}

// Warm-up: loads every symbol's inputs, builds the screener table and the directory index, and lets the JIT settle.
let t = performance.now();
await runRound();
const warmMs = performance.now() - t;
await runRound();

const timings: Timing[] = [];
t = performance.now();
for (let i = 0; i < ROUNDS; i++) timings.push(...(await runRound()));
const timedMs = performance.now() - t;

const cpu = timings.map((x) => x.cpuMs);
const trends = timings.filter((x) => x.chartPoints > 0);
const byQuestion = new Map<string, number[]>();
for (const x of timings) byQuestion.set(`${x.intent}: ${x.question}`, [...(byQuestion.get(`${x.intent}: ${x.question}`) ?? []), x.cpuMs]);
const slowest = [...byQuestion].map(([q, xs]) => ({ q, p50: median(xs) })).sort((a, b) => b.p50 - a.p50);

report('questions (turns) per round', timings.length / ROUNDS, '', `${COPILOT_EVAL_SET.length} cases, ${ROUNDS} timed rounds`);
report('first round (loads inputs, screener table, directory index)', warmMs, 'ms');
report('answer CPU p50', median(cpu), 'ms', `budget ${BUDGET_CPU_MS} ms`);
report('answer CPU p95', percentile(cpu, 95), 'ms');
report('answer CPU max', Math.max(...cpu), 'ms');
report('answer wall p50', median(timings.map((x) => x.wallMs)), 'ms');
report(
  'answer wall p95',
  percentile(
    timings.map((x) => x.wallMs),
    95,
  ),
  'ms',
);
report('trend answers (with chart data) CPU p50', median(trends.map((x) => x.cpuMs)), 'ms', `${trends.length / ROUNDS} per round`);
report(
  'trend answers (with chart data) CPU p95',
  percentile(
    trends.map((x) => x.cpuMs),
    95,
  ),
  'ms',
);
report('share of the budget (p50)', median(cpu) / BUDGET_CPU_MS, 'x');
for (const s of slowest.slice(0, 5)) console.log(`  slowest p50 ${s.p50.toFixed(1)} ms CPU — ${s.q}`);
report('timed rounds took', timedMs, 'ms');
report('load average', loadavg()[0]!, '', 'the machine is shared: CPU time is the figure to compare');
