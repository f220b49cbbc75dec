/**
 * Track record budget (issue 19): the point-in-time backtest over the snapshot (every covered name × 60
 * month-ends) ≤ 60 s at install, and incremental afterwards. Runs what a first start runs: the backtest
 * runner on a fresh file-backed PGlite (the app's own set-up, on its thread), the engines on the app's
 * worker threads (two where there are two cores), runs stored as they come. Then a start after one new
 * month (the newest month's runs and its row removed, as a snapshot a month older left them), and a
 * start with nothing new. Figures: wall time, CPU time of the whole process (all threads: less
 * sensitive than wall time to other load on the machine), the main thread's event-loop delay while it
 * ran, and the machine's load average.
 * Standalone: `npx tsx bench/track-record.bench.ts`.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import { BACKTEST_MONTHS } from '../core/analysis/track-record/backtest-months.ts';
import { openDatabase } from '../server/adapters/db/index.ts';
import { findAppRoot } from '../server/lib/app-root.ts';
import { createLogger } from '../server/lib/logger.ts';
import { countBacktestWorkers, startBacktestWorkers } from '../server/features/track-record/backtest-engine.ts';
import { runBacktest } from '../server/features/track-record/backtest-runner.ts';
import { report } from './support.ts';

const BUDGET_S = 60;
const dir = mkdtempSync(join(tmpdir(), 'sp-bench-track-'));
const db = await openDatabase({ pgliteDir: dir });
const workers = countBacktestWorkers();
const dataDir = join(findAppRoot(), 'data');
const describeLoad = () =>
  loadavg()
    .map((l) => l.toFixed(2))
    .join(' ');

async function measure(name: string) {
  const delay = monitorEventLoopDelay({ resolution: 10 });
  delay.enable();
  const cpu0 = process.cpuUsage();
  const t0 = performance.now();
  const r = await runBacktest({
    db,
    openEngine: () => startBacktestWorkers(dataDir, workers),
    monthCount: BACKTEST_MONTHS,
    concurrency: workers,
    now: () => new Date(),
    logger: createLogger('silent'),
  });
  const wallMs = performance.now() - t0;
  const cpu = process.cpuUsage(cpu0);
  delay.disable();
  report(`${name}: wall time`, wallMs / 1000, 's', `${r.months} months, ${r.runs} runs, ${workers} worker thread(s)`);
  report(`${name}: CPU time, all threads`, (cpu.user + cpu.system) / 1e6, 's');
  report(`${name}: main thread event-loop delay p99`, delay.percentile(99) / 1e6, 'ms', `max ${(delay.max / 1e6).toFixed(0)} ms`);
  return { ...r, wallMs };
}

try {
  console.log(`load average before: ${describeLoad()} on ${workers === 1 ? 'one core' : `${workers}+ cores`}`);
  const full = await measure('full backtest, fresh install');
  const [sizes] = await db.query<{ months: number; runs: number }>(
    sql`SELECT (SELECT count(*)::int FROM track_record_backtest_months) AS months, (SELECT count(*)::int FROM track_record_runs) AS runs`,
  );
  console.log(`stored: ${sizes!.months} months, ${sizes!.runs} runs`);
  const [newest] = await db.query<{ month: string; day: string }>(sql`SELECT month, day FROM track_record_backtest_months ORDER BY month DESC LIMIT 1`);
  await db.query(sql`DELETE FROM track_record_runs WHERE source = 'backtest' AND as_of = ${newest!.day}`);
  await db.query(sql`DELETE FROM track_record_backtest_months WHERE month = ${newest!.month}`);
  const incremental = await measure(`after one new month (${newest!.month})`);
  const nothing = await measure('a start with nothing new');
  console.log(`load average after: ${describeLoad()}`);
  report('budget: full backtest', full.wallMs / 1000, 's', `budget ${BUDGET_S} s: ${full.wallMs / 1000 <= BUDGET_S ? 'within' : 'OVER'}`);
  if (incremental.months !== 1 || nothing.months !== 0)
    throw new Error(`incremental runs computed ${incremental.months} and ${nothing.months} months, expected 1 and 0`);
} finally {
  await db.close();
  rmSync(dir, { recursive: true, force: true });
}
