import type { DataFreshness } from '../../../core/market/freshness.ts';
import type { AppContext, Feature } from '../../http/feature.ts';
import { createHealthHandlers } from './health.handlers.ts';
import { getHealthRoute } from './health.routes.ts';
import { createHealthService } from './health-service.ts';

/** `describeAll` is read per request so adapters added by later features show up. */
export function createHealthFeature(ctx: AppContext, describeAll: () => Record<string, string>, readFreshness: () => DataFreshness | null): Feature {
  const handlers = createHealthHandlers(createHealthService({ db: ctx.db, describeAll, readFreshness }));
  return {
    name: 'health',
    routes(app) {
      app.openapi(getHealthRoute, handlers.getHealth);
    },
  };
}
