import { sql } from 'drizzle-orm';
import type { Queryable } from '../adapters/db/index.ts';
import { startTestApp } from './app.ts';
import type { DatabaseKind } from './db.ts';
import { insertTestUser } from './users.ts';
import type { MarketFeature } from '../features/market/index.ts';
import { createLedgerService } from '../features/tokens/index.ts';
export { cutMarketAt } from './cut-market-at.ts';
import type { TrackRecordFeature } from '../features/track-record/index.ts';
import { insertRuns, type NewRun } from '../features/track-record/track-record-store.ts';

/** Open runs (not scored yet) on the given symbols and data days, as users' runs of a technical analysis would be. */
export async function insertOpenRuns(q: Queryable, runs: Array<{ symbol: string; asOf: string; rating: string }>): Promise<string[]> {
  const rows: NewRun[] = runs.map((r, i) => ({
    runKey: `test:${i}:${r.symbol}:${r.asOf}`,
    source: 'live',
    analysisId: null,
    kind: 'technical',
    symbol: r.symbol,
    asOf: r.asOf,
    verdicts: { technical_rating: r.rating },
    outcome: null,
    scoredThrough: null,
    final: false,
  }));
  await insertRuns(q, rows, new Date().toISOString());
  return rows.map((r) => r.runKey);
}

export async function readRunState(q: Queryable) {
  return q.query<{ run_key: string; scored_count: number; scored_through: string | null; final: boolean; change_1m: number | null; change_3m: number | null }>(
    sql`SELECT run_key, scored_count, scored_through, final, change_1m, change_3m FROM track_record_runs ORDER BY run_key`,
  );
}

/** The real app (acting by header) with its track-record feature, and what the tests read. */
export async function startTrackRecordTest(kind: DatabaseKind) {
  const { db, t } = await startTestApp(kind, { actAsHeader: true });
  const market = (t.features.find((f) => f.name === 'market') as MarketFeature).market;
  const feature = t.features.find((f) => f.name === 'track-record') as TrackRecordFeature;
  const ledger = createLedgerService(db);

  async function createUser(): Promise<string> {
    const { id } = await insertTestUser(db);
    await ledger.openAccount(id);
    return id;
  }
  const as = (userId: string | null) => {
    const h: Record<string, string> = userId ? { 'x-test-user-id': userId } : {};
    return {
      run: (body: unknown) => t.json('POST', '/api/analyses', body, h),
      outcome: (id: string) => t.json('GET', `/api/analyses/${id}/track-record`, undefined, h),
      summary: () => t.json('GET', '/api/track-record', undefined, h),
    };
  };
  /** Moves an analysis's data day back, as if it had been run then. */
  const backdate = (analysisId: string, asOf: string) => db.query(sql`UPDATE analyses SET as_of = ${asOf} WHERE id = ${analysisId}`);
  return { db, t, market, feature, createUser, as, backdate };
}

export type TrackRecordTest = Awaited<ReturnType<typeof startTrackRecordTest>>;
