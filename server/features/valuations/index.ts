import type { AppContext, Feature } from '../../http/feature.ts';
import type { AnalysesService } from '../analyses/index.ts';
import type { MarketService } from '../market/index.ts';
import { createValuationsHandlers } from './valuations.handlers.ts';
import {
  createValuationRoute,
  deleteValuationRoute,
  getDcfSetupRoute,
  getValuationAvailabilityRoute,
  getValuationRoute,
  listValuationsRoute,
  MAX_VALUATION_BODY_BYTES,
} from './valuations.routes.ts';
import { createValuationsService } from './valuations-service.ts';
// The account export (data rights) reads this feature's rows through its store.
export { readValuationsForExport } from './valuations-store.ts';

interface ValuationsFeatureDeps {
  market: MarketService;
  analyses: Pick<AnalysesService, 'getAnalysisOrThrow'>;
}

/** The DCF studio's API: `/api/dcf/{symbol}/inputs` (free, public for the example) and saved valuations (free, signed in). */
export function createValuationsFeature(ctx: AppContext, deps: ValuationsFeatureDeps): Feature {
  const handlers = createValuationsHandlers(createValuationsService({ db: ctx.db, market: deps.market, analyses: deps.analyses, now: ctx.now }));
  return {
    name: 'valuations',
    largeBodies: { '/api/valuations': MAX_VALUATION_BODY_BYTES },
    routes(app) {
      app.openapi(getValuationAvailabilityRoute, handlers.getAvailability);
      app.openapi(getDcfSetupRoute, handlers.getDcfSetup);
      app.openapi(createValuationRoute, handlers.create);
      app.openapi(listValuationsRoute, handlers.list);
      app.openapi(getValuationRoute, handlers.get);
      app.openapi(deleteValuationRoute, handlers.remove);
    },
  };
}
