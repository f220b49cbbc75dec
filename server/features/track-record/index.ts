import { findBundledDataDir } from '../../adapters/market-data/index.ts';
import { BACKTEST_MONTHS } from '../../../core/analysis/track-record/backtest-months.ts';
import { isTrackRecordBacktestOn } from '../../env.ts';
import type { AppContext, Feature } from '../../http/feature.ts';
import type { AnalysesService } from '../analyses/index.ts';
import type { MarketService } from '../market/index.ts';
import { type BacktestEngine, countBacktestWorkers, startBacktestWorkers } from './backtest-engine.ts';
import { runBacktest } from './backtest-runner.ts';
import { runRescoringTick } from './rescoring.ts';
import { createTrackRecordJobs } from './track-record-jobs.ts';
import { createTrackRecordHandlers } from './track-record.handlers.ts';
import { getAnalysisTrackRecordRoute, getTrackRecordRoute } from './track-record.routes.ts';
import { createTrackRecordService } from './track-record-service.ts';

export type { RescoreReport } from './rescoring.ts';

interface TrackRecordFeatureDeps {
  market: MarketService;
  /** Owner-only reads of an analysis (its data day and verdicts). */
  analyses: AnalysesService;
  /** The backtest's engine (tests: one on this thread); default: worker threads over the bundled snapshot. */
  openBacktestEngine?: () => BacktestEngine;
}

export interface TrackRecordFeature extends Feature {
  /** One re-scoring tick now (what the timer runs): tests call it to play a refresh. */
  rescore: () => ReturnType<typeof runRescoringTick>;
  /** Runs the backtest now (start does it when TRACK_RECORD_BACKTEST is on). */
  backtest: (signal?: AbortSignal) => ReturnType<typeof runBacktest>;
}

/** `/api/track-record` (public) and `/api/analyses/{id}/track-record` (owner), the re-scoring tick and the backtest. */
export function createTrackRecordFeature(ctx: AppContext, deps: TrackRecordFeatureDeps): TrackRecordFeature {
  const service = createTrackRecordService({ db: ctx.db, market: deps.market, analyses: deps.analyses });
  const handlers = createTrackRecordHandlers(service);
  const concurrency = deps.openBacktestEngine ? 1 : countBacktestWorkers();
  const openEngine = deps.openBacktestEngine ?? (() => startBacktestWorkers(findBundledDataDir(ctx.appRoot), concurrency));
  const rescore = () => runRescoringTick({ db: ctx.db, market: deps.market, now: ctx.now });
  const backtest = (signal?: AbortSignal) =>
    runBacktest({
      db: ctx.db,
      openEngine,
      monthCount: ctx.env.TRACK_RECORD_BACKTEST_MONTHS ?? BACKTEST_MONTHS,
      concurrency,
      now: ctx.now,
      logger: ctx.logger,
      signal,
    });
  const jobs = createTrackRecordJobs({ rescore, backtest: isTrackRecordBacktestOn(ctx.env) ? backtest : null, logger: ctx.logger, metrics: ctx.metrics });
  return {
    name: 'track-record',
    rescore,
    backtest,
    routes(app) {
      app.openapi(getTrackRecordRoute, handlers.getTrackRecord);
      app.openapi(getAnalysisTrackRecordRoute, handlers.getAnalysisTrackRecord);
    },
    start: jobs.start,
    stop: jobs.stop,
  };
}
