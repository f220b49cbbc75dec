import { sql } from 'drizzle-orm';
import type { AnalysisKind, Fact } from '../../../core/analysis/analysis-types.ts';
import type { BacktestMonth } from '../../../core/analysis/track-record/backtest-months.ts';
import type { RunSource, ScoredRun } from '../../../core/analysis/track-record/hit-rates.ts';
import type { RunOutcome } from '../../../core/analysis/track-record/outcomes.ts';
import type { Verdicts } from '../../../core/analysis/track-record/verdicts.ts';
import type { Queryable } from '../../adapters/db/index.ts';
import { servedOnlyOnceCaptured } from '../tokens/index.ts';

/** One run as it enters the table, scored (outcome and the data day it was scored on) or not yet. */
export interface NewRun {
  runKey: string;
  source: RunSource;
  analysisId: string | null;
  kind: AnalysisKind;
  symbol: string;
  asOf: string;
  verdicts: Verdicts;
  outcome: RunOutcome | null;
  /** The data day the outcome was computed on; null: not scored yet. */
  scoredThrough: string | null;
  /** Nothing left to score (every horizon matured, or the run states no verdict). */
  final: boolean;
}

/** A claim older than this belongs to a process that died mid-work: another takes the work over. */
const CLAIM_STALE_MS = 5 * 60_000;
const staleBefore = (at: string) => new Date(new Date(at).getTime() - CLAIM_STALE_MS).toISOString();

/** The eight outcome columns (stock and SPY change per horizon, HORIZON_MONTHS order) of an outcome, null while pending. */
function toChangeColumns(o: RunOutcome | null) {
  const h = (i: number) => o?.horizons[i];
  return {
    change_1m: h(0)?.change_percent ?? null,
    spy_change_1m: h(0)?.spy_change_percent ?? null,
    change_3m: h(1)?.change_percent ?? null,
    spy_change_3m: h(1)?.spy_change_percent ?? null,
    change_6m: h(2)?.change_percent ?? null,
    spy_change_6m: h(2)?.spy_change_percent ?? null,
    change_12m: h(3)?.change_percent ?? null,
    spy_change_12m: h(3)?.spy_change_percent ?? null,
  };
}

const CHANGE_TYPES = sql`change_1m float8, spy_change_1m float8, change_3m float8, spy_change_3m float8,
  change_6m float8, spy_change_6m float8, change_12m float8, spy_change_12m float8`;

/** Inserts runs in one statement (a run already there is left as it is); returns how many were new. */
export async function insertRuns(q: Queryable, runs: readonly NewRun[], at: string): Promise<number> {
  if (runs.length === 0) return 0;
  const records = runs.map((r) => ({
    run_key: r.runKey,
    source: r.source,
    analysis_id: r.analysisId,
    kind: r.kind,
    symbol: r.symbol,
    as_of: r.asOf,
    verdicts: r.verdicts,
    ...toChangeColumns(r.outcome),
    final: r.final,
    scored_through: r.scoredThrough,
  }));
  const rows = await q.query<{ run_key: string }>(sql`
    INSERT INTO track_record_runs (run_key, source, analysis_id, kind, symbol, as_of, verdicts,
      change_1m, spy_change_1m, change_3m, spy_change_3m, change_6m, spy_change_6m, change_12m, spy_change_12m,
      final, scored_through, scored_count, created_at, updated_at)
    SELECT x.run_key, x.source, x.analysis_id, x.kind, x.symbol, x.as_of, x.verdicts,
      x.change_1m, x.spy_change_1m, x.change_3m, x.spy_change_3m, x.change_6m, x.spy_change_6m, x.change_12m, x.spy_change_12m,
      x.final, x.scored_through, CASE WHEN x.scored_through IS NULL THEN 0 ELSE 1 END, ${at}::timestamptz, ${at}::timestamptz
    FROM jsonb_to_recordset(${JSON.stringify(records)}::jsonb) AS x(run_key text, source text, analysis_id uuid, kind text, symbol text,
      as_of text, verdicts jsonb, ${CHANGE_TYPES}, final boolean, scored_through text)
    ON CONFLICT DO NOTHING
    RETURNING run_key`);
  return rows.length;
}

/** A run a process has claimed for scoring. */
interface ClaimedRun {
  runKey: string;
  symbol: string;
  asOf: string;
}

/**
 * Claims up to `limit` open runs not yet scored on `day` (one conditional update, so each goes to one
 * process; a stale claim is taken over).
 */
export async function claimRunsToScore(q: Queryable, claim: string, day: string, at: string, limit: number): Promise<ClaimedRun[]> {
  const rows = await q.query<{ run_key: string; symbol: string; as_of: string }>(sql`
    UPDATE track_record_runs SET claim = ${claim}, claimed_at = ${at}::timestamptz
    WHERE run_key IN (
      SELECT run_key FROM track_record_runs
      WHERE NOT final AND (scored_through IS NULL OR scored_through < ${day})
        AND (claim IS NULL OR claimed_at < ${staleBefore(at)}::timestamptz)
      ORDER BY symbol, run_key LIMIT ${limit} FOR UPDATE SKIP LOCKED)
    RETURNING run_key, symbol, as_of`);
  return rows.map((r) => ({ runKey: r.run_key, symbol: r.symbol, asOf: r.as_of }));
}

/** Writes the scores of runs this process claimed (a run whose claim was taken over is left alone); returns how many were written. */
export async function saveScores(
  q: Queryable,
  claim: string,
  day: string,
  at: string,
  scores: ReadonlyArray<{ runKey: string; outcome: RunOutcome | null; final: boolean }>,
): Promise<number> {
  if (scores.length === 0) return 0;
  const records = scores.map((s) => ({ run_key: s.runKey, final: s.final, ...toChangeColumns(s.outcome) }));
  const rows = await q.query<{ run_key: string }>(sql`
    UPDATE track_record_runs r SET
      change_1m = x.change_1m, spy_change_1m = x.spy_change_1m, change_3m = x.change_3m, spy_change_3m = x.spy_change_3m,
      change_6m = x.change_6m, spy_change_6m = x.spy_change_6m, change_12m = x.change_12m, spy_change_12m = x.spy_change_12m,
      final = x.final, scored_through = ${day}, scored_count = r.scored_count + 1, claim = NULL, claimed_at = NULL, updated_at = ${at}::timestamptz
    FROM jsonb_to_recordset(${JSON.stringify(records)}::jsonb) AS x(run_key text, final boolean, ${CHANGE_TYPES})
    WHERE r.run_key = x.run_key AND r.claim = ${claim}
    RETURNING r.run_key`);
  return rows.length;
}

/** Served analyses (their hold captured) that have no track-record run yet, oldest first. */
export async function listUnrecordedAnalyses(
  q: Queryable,
  limit: number,
): Promise<Array<{ id: string; kind: AnalysisKind; symbol: string; asOf: string; facts: Fact[] }>> {
  const rows = await q.query<{ id: string; kind: AnalysisKind; symbol: string; as_of: string; facts: Fact[] | string | null }>(sql`
    SELECT a.id, a.kind, a.symbol, a.as_of, a.body -> 'facts' AS facts
    FROM analyses a
    WHERE ${servedOnlyOnceCaptured(sql`a.hold_id`)} AND NOT EXISTS (SELECT 1 FROM track_record_runs r WHERE r.analysis_id = a.id)
    ORDER BY a.created_at LIMIT ${limit}`);
  return rows.map((r) => ({
    id: r.id,
    kind: r.kind,
    symbol: r.symbol,
    asOf: r.as_of,
    facts: typeof r.facts === 'string' ? (JSON.parse(r.facts) as Fact[]) : (r.facts ?? []),
  }));
}

/** Changes whenever a run is added or re-scored: the summary is rebuilt only when it moves. */
export async function readRunsStamp(q: Queryable): Promise<string> {
  const [row] = await q.query<{ n: number; t: string | Date | null }>(sql`SELECT count(*)::int AS n, max(updated_at) AS t FROM track_record_runs`);
  return `${row?.n ?? 0}|${row?.t ? new Date(row.t).toISOString() : ''}`;
}

interface ScoredRow {
  kind: AnalysisKind;
  source: RunSource;
  verdicts: Verdicts | string;
  change_1m: number | null;
  spy_change_1m: number | null;
  change_3m: number | null;
  spy_change_3m: number | null;
  change_6m: number | null;
  spy_change_6m: number | null;
  change_12m: number | null;
  spy_change_12m: number | null;
}

/** Every run that states a verdict, as the summary reads it. */
export async function listScoredRuns(q: Queryable): Promise<ScoredRun[]> {
  const rows = await q.query<ScoredRow>(sql`
    SELECT kind, source, verdicts, change_1m, spy_change_1m, change_3m, spy_change_3m, change_6m, spy_change_6m, change_12m, spy_change_12m
    FROM track_record_runs WHERE verdicts <> '{}'::jsonb`);
  return rows.map((r) => ({
    kind: r.kind,
    source: r.source,
    verdicts: typeof r.verdicts === 'string' ? (JSON.parse(r.verdicts) as Verdicts) : r.verdicts,
    changes: [r.change_1m, r.change_3m, r.change_6m, r.change_12m],
    spyChanges: [r.spy_change_1m, r.spy_change_3m, r.spy_change_6m, r.spy_change_12m],
  }));
}

/** Adds the months the backtest should cover (a month already listed keeps its state). */
export async function seedBacktestMonths(q: Queryable, months: readonly BacktestMonth[]): Promise<void> {
  if (months.length === 0) return;
  await q.query(sql`
    INSERT INTO track_record_backtest_months (month, day, status)
    SELECT x.month, x.day, 'pending' FROM jsonb_to_recordset(${JSON.stringify(months)}::jsonb) AS x(month text, day text)
    ON CONFLICT (month) DO NOTHING`);
}

/** Claims the oldest month not done (pending, or running under a stale claim) for this process; null when none is left. */
export async function claimBacktestMonth(q: Queryable, claim: string, at: string): Promise<BacktestMonth | null> {
  const [row] = await q.query<BacktestMonth>(sql`
    UPDATE track_record_backtest_months SET status = 'running', claim = ${claim}, claimed_at = ${at}::timestamptz
    WHERE month = (
      SELECT month FROM track_record_backtest_months
      WHERE status = 'pending' OR (status = 'running' AND claimed_at < ${staleBefore(at)}::timestamptz)
      ORDER BY month LIMIT 1 FOR UPDATE SKIP LOCKED)
    RETURNING month, day`);
  return row ?? null;
}

/** Marks a claimed month done; false when this process's claim was taken over (the caller rolls back). */
export async function finishBacktestMonth(q: Queryable, month: string, claim: string, runs: number, tookMs: number, at: string): Promise<boolean> {
  const rows = await q.query<{ month: string }>(sql`
    UPDATE track_record_backtest_months SET status = 'done', claim = NULL, runs = ${runs}, took_ms = ${tookMs}, done_at = ${at}::timestamptz
    WHERE month = ${month} AND claim = ${claim} AND status = 'running'
    RETURNING month`);
  return rows.length === 1;
}

/** Hands a claimed month back (its computation failed) so a later pass retries it. */
export async function releaseBacktestMonth(q: Queryable, month: string, claim: string): Promise<void> {
  await q.query(sql`UPDATE track_record_backtest_months SET status = 'pending', claim = NULL, claimed_at = NULL WHERE month = ${month} AND claim = ${claim}`);
}

export interface BacktestProgress {
  monthsTotal: number;
  monthsDone: number;
  runs: number;
  firstMonth: string | null;
  lastMonth: string | null;
}

export async function readBacktestProgress(q: Queryable): Promise<BacktestProgress> {
  const [row] = await q.query<{ total: number; done: number; runs: number | null; first: string | null; last: string | null }>(sql`
    SELECT count(*)::int AS total, (count(*) FILTER (WHERE status = 'done'))::int AS done, sum(runs)::int AS runs,
      min(month) AS first, max(month) AS last
    FROM track_record_backtest_months`);
  return { monthsTotal: row?.total ?? 0, monthsDone: row?.done ?? 0, runs: row?.runs ?? 0, firstMonth: row?.first ?? null, lastMonth: row?.last ?? null };
}
