import type { AppContext, Feature } from '../../http/feature.ts';
import type { MarketService } from '../market/index.ts';
import { createSmartYieldHandlers } from './smart-yield.handlers.ts';
import { MAX_SMART_YIELD_BODY_BYTES, smartYieldExampleRoute, smartYieldRoute } from './smart-yield.routes.ts';
import { createSmartYieldService } from './smart-yield-service.ts';

interface SmartYieldFeatureDeps {
  market: MarketService;
}

/** `POST /api/smart-yield` (signed in, free, nothing stored) and the public example for /smart-yield. */
export function createSmartYieldFeature(ctx: AppContext, deps: SmartYieldFeatureDeps): Feature {
  const handlers = createSmartYieldHandlers(createSmartYieldService({ market: deps.market, now: ctx.now }));
  return {
    name: 'smart-yield',
    largeBodies: { '/api/smart-yield': MAX_SMART_YIELD_BODY_BYTES },
    routes(app) {
      app.openapi(smartYieldExampleRoute, handlers.getExample);
      app.openapi(smartYieldRoute, handlers.analyse);
    },
  };
}
