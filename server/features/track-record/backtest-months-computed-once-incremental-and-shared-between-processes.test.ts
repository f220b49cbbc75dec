import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { BacktestMonth } from '../../../core/analysis/track-record/backtest-months.ts';
import { createLogger } from '../../lib/logger.ts';
import { describeEachDatabase } from '../../test/db.ts';
import type { BacktestEngine } from './backtest-engine.ts';
import { runBacktest } from './backtest-runner.ts';
import type { NewRun } from './track-record-store.ts';
import { startTrackRecordTest, type TrackRecordTest } from '../../test/track-record-test-kit.ts';

/** Month-ends of 2025 and the first half of 2026, oldest first. */
const ALL_MONTHS: BacktestMonth[] = Array.from({ length: 18 }, (_, i) => {
  const y = 2025 + Math.floor(i / 12);
  const m = (i % 12) + 1;
  return { month: `${y}-${String(m).padStart(2, '0')}`, day: new Date(Date.UTC(y, m, 0)).toISOString().slice(0, 10) };
});

/**
 * An engine over a snapshot whose complete months end at `through` (a later start sees a longer one);
 * each month gives two runs. It counts the months it was asked to compute.
 */
function createCountingEngine(state: { through: number; computed: string[] }): () => BacktestEngine {
  return () => ({
    listMonths: async (count) => ALL_MONTHS.slice(0, state.through).slice(-count),
    async computeMonth(month) {
      state.computed.push(month.month);
      await new Promise((r) => setTimeout(r, 5));
      return ['AAPL', 'MSFT'].map(
        (symbol): NewRun => ({
          runKey: `backtest:technical:${symbol}:${month.day}`,
          source: 'backtest',
          analysisId: null,
          kind: 'technical',
          symbol,
          asOf: month.day,
          verdicts: { technical_rating: 'Buy' },
          outcome: null,
          scoredThrough: null,
          final: false,
        }),
      );
    },
    close: async () => {},
  });
}

describeEachDatabase('the backtest runner', (kind) => {
  let k: TrackRecordTest;
  const state = { through: 6, computed: [] as string[] };
  const run = (monthCount: number) =>
    runBacktest({
      db: k.db,
      openEngine: createCountingEngine(state),
      monthCount,
      concurrency: 2,
      now: () => new Date(),
      logger: createLogger('silent'),
      retryAfterMs: 10,
    });
  const countRuns = async () => Number((await k.db.query<{ n: number }>(sql`SELECT count(*)::int AS n FROM track_record_runs`))[0]!.n);
  beforeAll(async () => {
    k = await startTrackRecordTest(kind);
  });
  afterAll(async () => k?.db.close());

  it('a first start computes the last 4 complete months (2025-03…2025-06): 4 months × 2 runs, progress done 4 of 4', async () => {
    expect(await run(4)).toMatchObject({ months: 4, runs: 8 });
    expect([...state.computed].sort()).toEqual(['2025-03', '2025-04', '2025-05', '2025-06']);
    expect(await countRuns()).toBe(8);
    const summary = await k.as(null).summary();
    expect(summary.body.backtest).toMatchObject({ status: 'done', months_done: 4, months_total: 4, runs: 8, first_month: '2025-03', last_month: '2025-06' });
  });

  it('a second start with nothing new computes nothing', async () => {
    state.computed = [];
    expect(await run(4)).toMatchObject({ months: 0, runs: 0 });
    expect(state.computed).toEqual([]);
  });

  it('after one new month (2025-07) a start computes only it: 5 months done, 10 runs', async () => {
    state.through = 7;
    state.computed = [];
    expect(await run(4)).toMatchObject({ months: 1, runs: 2 });
    expect(state.computed).toEqual(['2025-07']);
    expect(await countRuns()).toBe(10);
    expect((await k.as(null).summary()).body.backtest).toMatchObject({ months_done: 5, months_total: 5 });
  });

  it('two processes starting at once on 8 new months split them: each month computed once', async () => {
    state.through = 15;
    state.computed = [];
    const [a, b] = await Promise.all([run(12), run(12)]);
    expect(a.months + b.months).toBe(8);
    expect([...state.computed].sort()).toEqual(['2025-08', '2025-09', '2025-10', '2025-11', '2025-12', '2026-01', '2026-02', '2026-03']);
    expect(await countRuns()).toBe(26);
  });

  it('a month left "running" by a process that died ten minutes ago is taken over; one claimed a moment ago is waited for', async () => {
    state.through = 17;
    state.computed = [];
    await k.db.query(sql`INSERT INTO track_record_backtest_months (month, day, status, claim, claimed_at) VALUES
      ('2026-04', '2026-04-30', 'running', ${crypto.randomUUID()}, now() - interval '10 minutes'),
      ('2026-05', '2026-05-31', 'running', ${crypto.randomUUID()}, now())`);
    const running = run(14);
    await new Promise((r) => setTimeout(r, 200));
    expect(state.computed).toEqual(['2026-04']);
    // The other process finishes its month: the waiting run sees every month done and ends.
    await k.db.query(sql`UPDATE track_record_backtest_months SET status = 'done', claim = NULL WHERE month = '2026-05'`);
    expect(await running).toMatchObject({ months: 1 });
  });
});
