import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeEachDatabase } from '../../test/db.ts';
import { startLineProcess } from '../../test/line-process.ts';
import type { RescoreReport } from './index.ts';
import { runRescoringTick } from './rescoring.ts';
import { cutMarketAt, insertOpenRuns, readRunState, startTrackRecordTest, type TrackRecordTest } from '../../test/track-record-test-kit.ts';

/** An app process running re-scoring ticks on demand: `tick('2026-03-31')` plays a tick on prices up to that day. */
function startTickProcess(url: string) {
  const p = startLineProcess('server/test/track-record-ticks-in-child-process.ts', [url]);
  return { ready: p.ready, stop: p.stop, tick: async (day: string) => JSON.parse(await p.send(`tick ${day}`)) as RescoreReport };
}

/*
 * 24 open runs: 8 symbols × data days 2025-01-31, 2025-12-31 and 2026-02-27. First refresh: prices up to
 * 2026-03-31. The 2025-01-31 runs' 12-month horizon (2026-01-31) has matured: final. The 2025-12-31 runs
 * have 1 and 3 months (to 2026-03-31), the 2026-02-27 runs only 1 month (to 2026-03-27): open. Second
 * refresh: the whole snapshot (to 2026-07-01): only the 16 open runs are scored again.
 */
const SYMBOLS = ['AAPL', 'MSFT', 'XOM', 'KO', 'JPM', 'NVDA', 'PG', 'SPY'];
const DAYS = ['2025-01-31', '2025-12-31', '2026-02-27'];

describeEachDatabase('re-scoring in two app processes at once', (kind) => {
  let k: TrackRecordTest;
  beforeAll(async () => {
    k = await startTrackRecordTest(kind);
    await insertOpenRuns(
      k.db,
      SYMBOLS.flatMap((symbol) => DAYS.map((asOf) => ({ symbol, asOf, rating: 'Buy' }))),
    );
  });
  afterAll(async () => k?.db.close());

  it('each refresh scores every open run exactly once: 24 then 0 on the same day, then the 16 still open on the next', async () => {
    const url = kind === 'postgres' ? (k.db as unknown as { pool: { options: { connectionString: string } } }).pool.options.connectionString : null;
    const procs = url ? [startTickProcess(url), startTickProcess(url)] : [];
    // PGlite is one process's database: there the two "processes" are two ticks in flight at once.
    const tickBoth = async (day: string) => {
      const reports = url
        ? await Promise.all(procs.map((p) => p.tick(day)))
        : await Promise.all(
            [0, 1].map(() => runRescoringTick({ db: k.db, market: day === 'full' ? k.market : cutMarketAt(k.market, day), now: () => new Date() })),
          );
      return reports.map((r) => r.scored);
    };
    try {
      await Promise.all(procs.map((p) => p.ready));
      const first = await tickBoth('2026-03-31');
      expect(first[0]! + first[1]!).toBe(24);
      let state = await readRunState(k.db);
      expect(state.every((r) => r.scored_count === 1 && r.scored_through === '2026-03-31')).toBe(true);
      expect(state.filter((r) => r.final).map((r) => r.run_key.split(':')[3])).toEqual(Array(8).fill('2025-01-31'));
      const open = state.filter((r) => !r.final);
      expect(open.filter((r) => r.run_key.endsWith('2025-12-31')).every((r) => r.change_3m !== null)).toBe(true);
      expect(open.filter((r) => r.run_key.endsWith('2026-02-27')).every((r) => r.change_1m !== null && r.change_3m === null)).toBe(true);

      const again = await tickBoth('2026-03-31');
      expect(again).toEqual([0, 0]);

      const refreshed = await tickBoth('full');
      expect(refreshed[0]! + refreshed[1]!).toBe(16);
      state = await readRunState(k.db);
      for (const r of state) expect(r.scored_count, r.run_key).toBe(r.run_key.endsWith('2025-01-31') ? 1 : 2);
      // The 2026-02-27 runs' 3 months ended 2026-05-27: matured on the new prices.
      expect(state.filter((r) => r.run_key.endsWith('2026-02-27')).every((r) => r.change_3m !== null)).toBe(true);
    } finally {
      await Promise.all(procs.map((p) => p.stop()));
    }
  }, 90_000);
});
