import type { AppContext, Feature } from '../../http/feature.ts';
import type { MarketService } from '../market/index.ts';
import type { LedgerService } from '../tokens/index.ts';
import { createAnalysesHandlers } from './analyses.handlers.ts';
import { createAnalysesJobs } from './analyses-jobs.ts';
import { createAnalysisRoute, getAnalysisRoute, listAnalysesRoute, MAX_ANALYSIS_BODY_BYTES, streamAnalysisRoute } from './analyses.routes.ts';
import { type AnalysisRuns, createAnalysesService } from './analyses-service.ts';

export type { AnalysesService, AnalysisRuns } from './analyses-service.ts';

export interface AnalysesFeatureDeps {
  ledger: LedgerService;
  market: MarketService;
  /** The builders; tests swap one for a failing builder. */
  runs?: AnalysisRuns;
}

/** `/api/analyses`: paid runs (plain and streamed), history and re-opening, for signed-in users. */
export function createAnalysesFeature(ctx: AppContext, deps: AnalysesFeatureDeps): Feature {
  const service = createAnalysesService({ db: ctx.db, market: deps.market, ledger: deps.ledger, now: ctx.now, runs: deps.runs });
  const handlers = createAnalysesHandlers(service, ctx.logger);
  const jobs = createAnalysesJobs(ctx.db, ctx.now, ctx.logger);
  return {
    name: 'analyses',
    // A run's body is three short fields: anything near the app-wide 1 MB limit is refused early.
    largeBodies: { '/api/analyses': MAX_ANALYSIS_BODY_BYTES, '/api/analyses/stream': MAX_ANALYSIS_BODY_BYTES },
    routes(app) {
      app.openapi(createAnalysisRoute, handlers.createAnalysis);
      app.openapi(streamAnalysisRoute, handlers.streamAnalysis);
      app.openapi(listAnalysesRoute, handlers.listAnalyses);
      app.openapi(getAnalysisRoute, handlers.getAnalysis);
    },
    start: jobs.start,
    stop: jobs.stop,
  };
}
