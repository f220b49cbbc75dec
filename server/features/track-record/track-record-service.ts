import { type HorizonStats, type SourceStats, summarizeTrackRecord } from '../../../core/analysis/track-record/hit-rates.ts';
import { computeRunOutcome, HORIZON_MONTHS, type RunOutcome } from '../../../core/analysis/track-record/outcomes.ts';
import {
  CALL_RULES,
  classifyCall,
  extractVerdicts,
  findExpectation,
  judgeCall,
  VERDICT_LABELS,
  type VerdictType,
  verdictTypes,
} from '../../../core/analysis/track-record/verdicts.ts';
import type { Database } from '../../adapters/db/index.ts';
import { type AnalysesService, BENCHMARK_SYMBOL, loadPriceHistory } from '../analyses/index.ts';
import type { MarketService } from '../market/index.ts';
import type { AnalysisTrackRecordResponse, TrackRecordResponse } from './track-record.routes.ts';
import { listScoredRuns, readBacktestProgress, readRunsStamp } from './track-record-store.ts';

interface TrackRecordContext {
  db: Database;
  market: MarketService;
  analyses: AnalysesService;
}

const round = (v: number | null, decimals: number) => (v === null ? null : Math.round(v * 10 ** decimals) / 10 ** decimals);
const toPercent = (fraction: number | null) => round(fraction === null ? null : fraction * 100, 1);

const toHorizon = (h: HorizonStats) => ({
  months: h.months,
  n: h.n,
  hits: h.hits,
  hit_rate_percent: toPercent(h.hit_rate),
  ci_low_percent: toPercent(h.ci_low),
  ci_high_percent: toPercent(h.ci_high),
  mean_excess_percent: round(h.mean_excess_percent, 2),
});
const toSource = (s: SourceStats) => ({ runs: s.runs, horizons: s.horizons.map(toHorizon) });

const rules = verdictTypes.map((verdict) => ({ verdict, label: VERDICT_LABELS[verdict], ...CALL_RULES[verdict] }));

/** The groups rebuilt from every run, cached until a run is added or re-scored (the stamp moves). */
function createSummaryCache(db: Database) {
  let cached: { stamp: string; groups: Promise<TrackRecordResponse['groups']> } | null = null;
  return async (): Promise<TrackRecordResponse['groups']> => {
    const stamp = await readRunsStamp(db);
    if (cached?.stamp !== stamp) {
      const groups = listScoredRuns(db).then((runs) =>
        summarizeTrackRecord(runs).map((g) => ({
          kind: g.kind,
          verdict: g.verdict,
          verdict_label: VERDICT_LABELS[g.verdict],
          side: g.side,
          call_label: CALL_RULES[g.verdict][g.side],
          expects: findExpectation(g.verdict, g.side),
          backtest: toSource(g.backtest),
          live: toSource(g.live),
        })),
      );
      cached = { stamp, groups };
      groups.catch(() => {
        if (cached?.groups === groups) cached = null;
      });
    }
    return cached.groups;
  };
}

async function getTrackRecord(ctx: TrackRecordContext, readGroups: () => Promise<TrackRecordResponse['groups']>): Promise<TrackRecordResponse> {
  const [groups, progress, benchmark] = await Promise.all([readGroups(), readBacktestProgress(ctx.db), loadPriceHistory(ctx.market, BENCHMARK_SYMBOL)]);
  const status = progress.monthsTotal === 0 ? 'not_started' : progress.monthsDone === progress.monthsTotal ? 'done' : 'running';
  return {
    data_day: benchmark?.bars.at(-1)?.date ?? null,
    horizons_months: [...HORIZON_MONTHS],
    backtest: {
      status,
      months_done: progress.monthsDone,
      months_total: progress.monthsTotal,
      runs: progress.runs,
      first_month: progress.firstMonth,
      last_month: progress.lastMonth,
    },
    rules,
    groups,
  };
}

function judgeEachHorizon(outcome: RunOutcome | null, verdict: VerdictType, value: string | number) {
  const call = classifyCall(verdict, value);
  return HORIZON_MONTHS.map((months, i) => {
    const h = outcome?.horizons[i];
    if (!h || h.status === 'no_price') return { months, result: 'no_price' as const };
    if (call.expects === null) return { months, result: 'no_call' as const };
    if (h.status === 'pending') return { months, result: 'pending' as const };
    return { months, result: judgeCall(call.expects, h.change_percent!, h.spy_change_percent!) ? ('held' as const) : ('failed' as const) };
  });
}

/** One analysis's outcome so far, from the prices known now (the owner's only: anyone else gets 404). */
async function getAnalysisTrackRecord(ctx: TrackRecordContext, userId: string, id: string): Promise<AnalysisTrackRecordResponse> {
  const analysis = await ctx.analyses.getAnalysisOrThrow(userId, id);
  const [history, benchmark] = await Promise.all([loadPriceHistory(ctx.market, analysis.symbol), loadPriceHistory(ctx.market, BENCHMARK_SYMBOL)]);
  const outcome = history?.bars.length && benchmark?.bars.length ? computeRunOutcome(history.bars, benchmark.bars, analysis.asOf) : null;
  const verdicts = extractVerdicts(analysis.body.facts);
  const excess = (a: number | null, b: number | null) => (a === null || b === null ? null : round(a - b, 2));
  return {
    analysis_id: analysis.id,
    symbol: analysis.symbol,
    kind: analysis.kind,
    as_of: analysis.asOf,
    base_date: outcome?.base_date ?? null,
    base_close: outcome?.base_close ?? null,
    latest_date: outcome?.latest_date ?? null,
    change_percent: round(outcome?.change_percent ?? null, 2),
    spy_change_percent: round(outcome?.spy_change_percent ?? null, 2),
    excess_percent: excess(outcome?.change_percent ?? null, outcome?.spy_change_percent ?? null),
    horizons: (outcome?.horizons ?? []).map((h) => ({
      months: h.months,
      matures_on: h.matures_on,
      status: h.status,
      change_percent: round(h.change_percent, 2),
      spy_change_percent: round(h.spy_change_percent, 2),
      excess_percent: excess(h.change_percent, h.spy_change_percent),
    })),
    verdicts: verdictTypes.flatMap((verdict) => {
      const value = verdicts[verdict];
      if (value === undefined) return [];
      const side = classifyCall(verdict, value).side;
      return [{ verdict, label: VERDICT_LABELS[verdict], value, side, rule: CALL_RULES[verdict][side], results: judgeEachHorizon(outcome, verdict, value) }];
    }),
  };
}

/** The public track record (its summary cached) and one analysis's outcome for its owner. */
export function createTrackRecordService(ctx: TrackRecordContext) {
  const readGroups = createSummaryCache(ctx.db);
  return {
    getTrackRecord: () => getTrackRecord(ctx, readGroups),
    getAnalysisTrackRecord: (userId: string, id: string) => getAnalysisTrackRecord(ctx, userId, id),
  };
}
export type TrackRecordService = ReturnType<typeof createTrackRecordService>;
