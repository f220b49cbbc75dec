/**
 * One analysis of each kind with the rule-based writer (issue 14): ≤ 10 ms of CPU each, inputs preloaded
 * (no I/O in the timed part). AAPL for the company kinds and technical, SPY against QQQ for the ETF kind;
 * the fundamental kind is timed on each of its seven tabs. Also prints each body's stored size.
 * Standalone: `npx tsx bench/analyses-cpu.bench.ts`.
 */
import { type AnalysisInputs, type AnalysisKind, type FundamentalSubtype, fundamentalSubtypes } from '../core/analysis/analysis-types.ts';
import { analysisBuilders } from '../core/analysis/runs/index.ts';
import { openBundledAnalysisData } from '../server/adapters/market-data/bundled/analysis-inputs.ts';
import { median, percentile, report } from './support.ts';

const BUDGET_MS = 10;
const data = openBundledAnalysisData();
await data.provider.store.preload();
const aapl = await data.load('AAPL');
const spy = await data.load('SPY', { compareEtf: 'QQQ' });

/** CPU milliseconds (user + system) of each run after `warmup` untimed ones. */
function cpuTime(fn: () => unknown, runs: number, warmup = 20): number[] {
  for (let i = 0; i < warmup; i++) fn();
  const ms: number[] = [];
  for (let i = 0; i < runs; i++) {
    const start = process.cpuUsage();
    fn();
    const d = process.cpuUsage(start);
    ms.push((d.user + d.system) / 1000);
  }
  return ms;
}

function benchKind(kind: AnalysisKind, inputs: AnalysisInputs, subtype: FundamentalSubtype | null): number {
  const first = analysisBuilders[kind](inputs, subtype);
  if (!first.ok) throw new Error(`${kind}: ${first.error.message}`);
  const ms = cpuTime(() => analysisBuilders[kind](inputs, subtype), 200);
  const p50 = median(ms);
  const name = subtype ? `${kind}/${subtype}` : kind;
  const bytes = JSON.stringify(first.value).length;
  report(
    `analysis CPU p50 ${name} (${inputs.symbol})`,
    p50,
    'ms',
    `p95 ${percentile(ms, 95).toFixed(2)} ms; ${(bytes / 1024).toFixed(1)} KB stored; budget ≤ ${BUDGET_MS} ms`,
  );
  report(`analysis CPU p50 ${name} / budget`, p50 / BUDGET_MS, 'x', 'below 1 is within budget');
  return p50;
}

const worst: Array<[string, number]> = [];
for (const kind of ['overview', 'technical', 'balance-sheet', 'dcf'] as const) worst.push([kind, benchKind(kind, aapl, null)]);
worst.push(['etf', benchKind('etf', spy, null)]);
for (const tab of fundamentalSubtypes) worst.push([`fundamental/${tab}`, benchKind('fundamental', aapl, tab)]);
const [slowest, slowestMs] = worst.reduce((a, b) => (b[1] > a[1] ? b : a));
report('analysis CPU slowest kind p50', slowestMs, 'ms', `${slowest}; budget ≤ ${BUDGET_MS} ms`);
report('analysis CPU slowest kind p50 / budget', slowestMs / BUDGET_MS, 'x', 'below 1 is within budget');
