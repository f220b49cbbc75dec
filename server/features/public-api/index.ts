import type { AppContext, Feature } from '../../http/feature.ts';
import { MAX_ANALYSIS_BODY_BYTES } from '../analyses/index.ts';
import type { ApiKeysFeature } from '../api-keys/index.ts';
import { MAX_SCREENER_BODY_BYTES } from '../screener/index.ts';
import { createPublicApiHandlers } from './public-api.handlers.ts';
import {
  v1BalanceRoute,
  v1CreateAnalysisRoute,
  v1FundamentalsRoute,
  v1GetAnalysisRoute,
  v1HistoryRoute,
  v1ListAnalysesRoute,
  v1QuoteRoute,
  v1RatiosRoute,
  v1ScreenerQueryRoute,
} from './public-api.routes.ts';
import { createPublicApiService, PUBLIC_API_PREFIX, type PublicApiDeps, scopeOfV1Request } from './public-api-service.ts';

export { PUBLIC_API_TAG } from './public-api.routes.ts';

interface PublicApiFeatureDeps extends PublicApiDeps {
  /** Key, plan, scope and rate limit on every request. */
  apiKeys: Pick<ApiKeysFeature, 'authenticate'>;
}

/** `/api/v1/*`: the public API over the app's services, authenticated by API keys (Pro). */
export function createPublicApiFeature(_ctx: AppContext, deps: PublicApiFeatureDeps): Feature {
  const handlers = createPublicApiHandlers(createPublicApiService(deps));
  return {
    name: 'public-api',
    largeBodies: { [`${PUBLIC_API_PREFIX}/analyses`]: MAX_ANALYSIS_BODY_BYTES, [`${PUBLIC_API_PREFIX}/screener/query`]: MAX_SCREENER_BODY_BYTES },
    middleware(app) {
      app.use(`${PUBLIC_API_PREFIX}/*`, deps.apiKeys.authenticate(scopeOfV1Request));
    },
    routes(app) {
      app.openapi(v1QuoteRoute, handlers.getQuote);
      app.openapi(v1HistoryRoute, handlers.getHistory);
      app.openapi(v1FundamentalsRoute, handlers.getFundamentals);
      app.openapi(v1RatiosRoute, handlers.getRatios);
      app.openapi(v1ScreenerQueryRoute, handlers.queryScreener);
      app.openapi(v1CreateAnalysisRoute, handlers.createAnalysis);
      app.openapi(v1ListAnalysesRoute, handlers.listAnalyses);
      app.openapi(v1GetAnalysisRoute, handlers.getAnalysis);
      app.openapi(v1BalanceRoute, handlers.getBalance);
    },
  };
}
