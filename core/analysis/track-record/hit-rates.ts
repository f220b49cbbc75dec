import type { AnalysisKind } from '../analysis-types.ts';
import { HORIZON_MONTHS, type HorizonMonths } from './outcomes.ts';
import { type CallSide, classifyCall, judgeCall, type Verdicts, verdictTypes, type VerdictType } from './verdicts.ts';

/** z for a two-sided 95 % interval. */
const Z_95 = 1.959963984540054;

/**
 * Wilson score interval for `hits` out of `n` (fractions 0..1): unlike p ± z·√(p(1−p)/n) it stays
 * inside 0..1 and does not collapse to a point at 0 or n hits. Null when n is 0.
 */
export function computeWilsonInterval(hits: number, n: number, z = Z_95): { low: number; high: number } | null {
  if (n <= 0) return null;
  const p = hits / n;
  const z2 = z * z;
  const denominator = 1 + z2 / n;
  const centre = (p + z2 / (2 * n)) / denominator;
  const margin = (z * Math.sqrt((p * (1 - p)) / n + z2 / (4 * n * n))) / denominator;
  // At 0 or n hits the bound is exactly 0 or 1; the float arithmetic lands a hair away.
  return { low: hits === 0 ? 0 : Math.max(0, centre - margin), high: hits === n ? 1 : Math.min(1, centre + margin) };
}

export type RunSource = 'backtest' | 'live';

/** One scored run as the summary reads it: its verdicts and, per horizon (HORIZON_MONTHS order), the changes once matured. */
export interface ScoredRun {
  kind: AnalysisKind;
  source: RunSource;
  verdicts: Verdicts;
  /** Percent price change per horizon; null while pending (or never, without prices). */
  changes: ReadonlyArray<number | null>;
  spyChanges: ReadonlyArray<number | null>;
}

export interface HorizonStats {
  months: HorizonMonths;
  /** Calls whose horizon has matured. */
  n: number;
  /** Of those, how many held; null for neutral calls (they claim no direction). */
  hits: number | null;
  hit_rate: number | null;
  ci_low: number | null;
  ci_high: number | null;
  /** Mean of (stock change − SPY change) over the matured calls, percentage points; null when n is 0. */
  mean_excess_percent: number | null;
}

export interface SourceStats {
  /** Every run in this group, matured or not. */
  runs: number;
  horizons: HorizonStats[];
}

export interface TrackRecordGroup {
  kind: AnalysisKind;
  verdict: VerdictType;
  side: CallSide;
  backtest: SourceStats;
  live: SourceStats;
}

interface Tally {
  runs: number;
  n: number[];
  hits: number[];
  excessSum: number[];
}

const newTally = (): Tally => ({
  runs: 0,
  n: HORIZON_MONTHS.map(() => 0),
  hits: HORIZON_MONTHS.map(() => 0),
  excessSum: HORIZON_MONTHS.map(() => 0),
});

function toSourceStats(t: Tally, side: CallSide): SourceStats {
  return {
    runs: t.runs,
    horizons: HORIZON_MONTHS.map((months, i) => {
      const n = t.n[i]!;
      const hits = side === 'neutral' ? null : t.hits[i]!;
      const ci = hits === null ? null : computeWilsonInterval(hits, n);
      return {
        months,
        n,
        hits,
        hit_rate: hits === null || n === 0 ? null : hits / n,
        ci_low: ci?.low ?? null,
        ci_high: ci?.high ?? null,
        mean_excess_percent: n === 0 ? null : t.excessSum[i]! / n,
      };
    }),
  };
}

const KIND_ORDER: AnalysisKind[] = ['technical', 'overview', 'fundamental', 'balance-sheet', 'dcf', 'etf'];
const SIDE_ORDER: CallSide[] = ['bullish', 'bearish', 'neutral'];

/**
 * Hit rates per kind, verdict and side of the call, backtest and live apart. Every run counts: a run
 * joins its group whatever happened next; a horizon counts once it has matured.
 */
export function summarizeTrackRecord(runs: Iterable<ScoredRun>): TrackRecordGroup[] {
  const groups = new Map<string, { kind: AnalysisKind; verdict: VerdictType; side: CallSide; tallies: Record<RunSource, Tally> }>();
  for (const run of runs) {
    for (const verdict of verdictTypes) {
      const value = run.verdicts[verdict];
      if (value === undefined) continue;
      const call = classifyCall(verdict, value);
      const key = `${run.kind}|${verdict}|${call.side}`;
      let g = groups.get(key);
      if (!g) {
        g = { kind: run.kind, verdict, side: call.side, tallies: { backtest: newTally(), live: newTally() } };
        groups.set(key, g);
      }
      const t = g.tallies[run.source];
      t.runs++;
      for (let i = 0; i < HORIZON_MONTHS.length; i++) {
        const change = run.changes[i];
        const spy = run.spyChanges[i];
        if (change === null || change === undefined || spy === null || spy === undefined) continue;
        t.n[i]!++;
        t.excessSum[i]! += change - spy;
        if (judgeCall(call.expects, change, spy)) t.hits[i]!++;
      }
    }
  }
  return [...groups.values()]
    .sort(
      (a, b) =>
        KIND_ORDER.indexOf(a.kind) - KIND_ORDER.indexOf(b.kind) ||
        verdictTypes.indexOf(a.verdict) - verdictTypes.indexOf(b.verdict) ||
        SIDE_ORDER.indexOf(a.side) - SIDE_ORDER.indexOf(b.side),
    )
    .map((g) => ({
      kind: g.kind,
      verdict: g.verdict,
      side: g.side,
      backtest: toSourceStats(g.tallies.backtest, g.side),
      live: toSourceStats(g.tallies.live, g.side),
    }));
}
