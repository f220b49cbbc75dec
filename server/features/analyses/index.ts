import { describeLlm, type LlmClient } from '../../adapters/llm/index.ts';
import type { AppContext, Feature } from '../../http/feature.ts';
import type { MarketService } from '../market/index.ts';
import type { LedgerService } from '../tokens/index.ts';
import { createAnalysesHandlers } from './analyses.handlers.ts';
import { createAnalysesJobs } from './analyses-jobs.ts';
import { createAnalysisRoute, getAnalysisRoute, listAnalysesRoute, MAX_ANALYSIS_BODY_BYTES, streamAnalysisRoute } from './analyses.routes.ts';
import { type AnalysesService, type AnalysisRuns, createAnalysesService } from './analyses-service.ts';
// The account export (data rights) reads this feature's rows through its store.
export { readAnalysesForExport } from './analyses-store.ts';

export type { AnalysesService, AnalysisRead, AnalysisRuns } from './analyses-service.ts';
export { defaultAnalysisRuns } from './analyses-service.ts';
export type { StoredAnalysis } from './analyses-store.ts';
// The public API, export and share links run and serve analyses with the app's contracts.
export { listAnalysesPage, toAnalysisBody } from './analyses.handlers.ts';
export {
  AnalysisListSchema,
  AnalysisSchema,
  CreateAnalysisBodySchema,
  IdempotencyHeader,
  ListAnalysesQuerySchema,
  MAX_ANALYSIS_BODY_BYTES,
} from './analyses.routes.ts';

interface AnalysesFeatureDeps {
  ledger: LedgerService;
  market: MarketService;
  /** The builders; tests swap one for a failing builder. */
  runs?: AnalysisRuns;
  /** Writes the notes when configured (AI_BASE_URL + AI_MODEL); null: the rule-based writer. */
  llm?: LlmClient | null;
}

export interface AnalysesFeature extends Feature {
  /** Other features read a user's analyses through this (the copilot's `list_my_analyses`; saved valuations link the DCF analysis that wrote their note). */
  analyses: AnalysesService;
}

/** `/api/analyses`: paid runs (plain and streamed), history and re-opening, for signed-in users. */
export function createAnalysesFeature(ctx: AppContext, deps: AnalysesFeatureDeps): AnalysesFeature {
  const service = createAnalysesService({
    db: ctx.db,
    market: deps.market,
    ledger: deps.ledger,
    now: ctx.now,
    runs: deps.runs,
    llm: deps.llm,
    logger: ctx.logger,
    aiTimeoutMs: ctx.env.AI_TIMEOUT_MS,
  });
  const handlers = createAnalysesHandlers(service, ctx.logger);
  const jobs = createAnalysesJobs(ctx.db, ctx.now, ctx.logger, ctx.metrics);
  return {
    name: 'analyses',
    analyses: service,
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
    // `offline` or `llm (<model>)`: which writer the notes come from
    describe: () => ({ ai: describeLlm(deps.llm ?? null) }),
  };
}

// The watchlist and the copilot's tools read the same inputs as a run (point in time, one data day): their figures are a run's.
export { BENCHMARK_SYMBOL, findDataDay, loadAnalysisInputs, loadPriceHistory } from './analysis-inputs.ts';
// Export and share links answer an analysis in the API's shape, under the same schema.
export type { AnalysisResponse } from './analyses.routes.ts';
