import { randomUUID } from 'node:crypto';
import type { Database } from '../../adapters/db/index.ts';
import type { Logger } from '../../lib/logger.ts';
import type { BacktestEngine } from './backtest-engine.ts';
import { claimBacktestMonth, finishBacktestMonth, insertRuns, readBacktestProgress, releaseBacktestMonth, seedBacktestMonths } from './track-record-store.ts';

interface BacktestRunContext {
  db: Database;
  /** Opened when the run starts and closed when it ends (worker threads hold the snapshot in memory). */
  openEngine: () => BacktestEngine;
  /** How many month-ends back the backtest reaches. */
  monthCount: number;
  /** Months computed at once by this process (one per worker thread). */
  concurrency: number;
  now: () => Date;
  logger: Logger;
  /** Stops claiming months (a month being computed is still stored). */
  signal?: AbortSignal;
  /** While other processes hold the last months, how long to wait before looking again (their claims may go stale). */
  retryAfterMs?: number;
}

export interface BacktestReport {
  /** Months this process computed (others' and those done earlier are not in it). */
  months: number;
  runs: number;
  tookMs: number;
}

/** Another process took the month over (this one ran past the claim's time): its runs are rolled back. */
class LostClaimError extends Error {}

/**
 * Lists the months the snapshot covers, adds the new ones, then computes months no process has done:
 * each is claimed, computed (on a worker) and stored with its 'done' mark in one transaction. Several
 * processes split the months between them; a start after the first does only what is new.
 */
export async function runBacktest(ctx: BacktestRunContext): Promise<BacktestReport> {
  const started = performance.now();
  let months = 0;
  let runs = 0;
  const work = async (engine: BacktestEngine) => {
    while (!ctx.signal?.aborted) {
      const claim = randomUUID();
      const month = await claimBacktestMonth(ctx.db, claim, ctx.now().toISOString());
      if (!month) return;
      const t0 = performance.now();
      let computed: Awaited<ReturnType<BacktestEngine['computeMonth']>>;
      try {
        computed = await engine.computeMonth(month);
      } catch (e) {
        await releaseBacktestMonth(ctx.db, month.month, claim);
        throw e;
      }
      const tookMs = Math.round(performance.now() - t0);
      try {
        await ctx.db.transaction(async (tx) => {
          const at = ctx.now().toISOString();
          await insertRuns(tx, computed, at);
          if (!(await finishBacktestMonth(tx, month.month, claim, computed.length, tookMs, at))) throw new LostClaimError();
        });
      } catch (e) {
        if (!(e instanceof LostClaimError)) throw e;
        ctx.logger.warn({ month: month.month }, 'track record: another process took this backtest month over');
        continue;
      }
      months++;
      runs += computed.length;
    }
  };
  for (let round = 0; !ctx.signal?.aborted; round++) {
    const engine = ctx.openEngine();
    try {
      if (round === 0) await seedBacktestMonths(ctx.db, await engine.listMonths(ctx.monthCount));
      // Every worker finishes its month before the engine closes, even when another failed.
      const settled = await Promise.allSettled(Array.from({ length: Math.max(1, ctx.concurrency) }, () => work(engine)));
      const failed = settled.find((s) => s.status === 'rejected');
      if (failed) throw failed.reason;
    } finally {
      await engine.close();
    }
    const progress = await readBacktestProgress(ctx.db);
    if (progress.monthsDone >= progress.monthsTotal) break;
    // Months another process is computing: done by it, or taken over here once its claim is stale.
    await sleep(ctx.retryAfterMs ?? 30_000, ctx.signal);
  }
  return { months, runs, tookMs: Math.round(performance.now() - started) };
}

function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, ms);
    timer.unref();
    signal?.addEventListener('abort', () => {
      clearTimeout(timer);
      resolve();
    });
  });
}
