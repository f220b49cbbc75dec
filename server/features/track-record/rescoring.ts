import { randomUUID } from 'node:crypto';
import { computeRunOutcome } from '../../../core/analysis/track-record/outcomes.ts';
import { extractVerdicts } from '../../../core/analysis/track-record/verdicts.ts';
import type { PriceHistory } from '../../../core/market/types.ts';
import type { Database } from '../../adapters/db/index.ts';
import { BENCHMARK_SYMBOL, loadPriceHistory } from '../analyses/index.ts';
import type { MarketService } from '../market/index.ts';
import { claimRunsToScore, insertRuns, listUnrecordedAnalyses, type NewRun, saveScores } from './track-record-store.ts';

interface RescoringContext {
  db: Database;
  market: MarketService;
  now: () => Date;
}

export interface RescoreReport {
  /** Users' analyses that joined the record in this tick. */
  recorded: number;
  /** Runs this process scored on the data day (another process's share is not in it). */
  scored: number;
  /** The benchmark's last bar: the data day runs were scored on (null without benchmark prices). */
  dataDay: string | null;
}

/** Analyses read per statement when joining users' runs to the record; runs claimed per statement when scoring. */
const PAGE = 500;

/** Every served analysis joins the record once, verdict or not (one with no verdict is final at once: nothing to judge). */
async function recordNewAnalyses(ctx: RescoringContext): Promise<number> {
  let recorded = 0;
  for (;;) {
    const analyses = await listUnrecordedAnalyses(ctx.db, PAGE);
    if (analyses.length === 0) return recorded;
    const runs: NewRun[] = analyses.map((a) => {
      const verdicts = extractVerdicts(a.facts);
      return {
        runKey: `live:${a.id}`,
        source: 'live',
        analysisId: a.id,
        kind: a.kind,
        symbol: a.symbol,
        asOf: a.asOf,
        verdicts,
        outcome: null,
        scoredThrough: null,
        final: Object.keys(verdicts).length === 0,
      };
    });
    recorded += await insertRuns(ctx.db, runs, ctx.now().toISOString());
    if (analyses.length < PAGE) return recorded;
  }
}

/**
 * One tick: users' new analyses join the record, then every open run not yet scored on the current data
 * day is claimed (a conditional update: one process per run), scored from the prices known now and
 * written back under the claim. A run whose every horizon has matured is final and never read again.
 */
export async function runRescoringTick(ctx: RescoringContext): Promise<RescoreReport> {
  const recorded = await recordNewAnalyses(ctx);
  const benchmark = await loadPriceHistory(ctx.market, BENCHMARK_SYMBOL);
  const dataDay = benchmark?.bars.at(-1)?.date ?? null;
  if (!benchmark || !dataDay) return { recorded, scored: 0, dataDay };
  const claim = randomUUID();
  const histories = new Map<string, PriceHistory | null>();
  let scored = 0;
  for (;;) {
    const at = ctx.now().toISOString();
    const claimed = await claimRunsToScore(ctx.db, claim, dataDay, at, PAGE);
    if (claimed.length === 0) break;
    const scores = [];
    for (const run of claimed) {
      if (!histories.has(run.symbol)) histories.set(run.symbol, await loadPriceHistory(ctx.market, run.symbol));
      const history = histories.get(run.symbol);
      const outcome = history && history.bars.length > 0 ? computeRunOutcome(history.bars, benchmark.bars, run.asOf) : null;
      // No close on or before its data day: a later bar will not change that.
      scores.push({ runKey: run.runKey, outcome, final: outcome?.final ?? true });
    }
    scored += await saveScores(ctx.db, claim, dataDay, at, scores);
    if (claimed.length < PAGE) break;
  }
  return { recorded, scored, dataDay };
}
