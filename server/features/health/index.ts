import type { AppContext, Feature } from '../../http/feature.ts';
import { createHealthHandlers } from './health.handlers.ts';
import { getHealthRoute } from './health.routes.ts';

/** `describeAll` is read per request so adapters added by later features show up. */
export function createHealthFeature(ctx: AppContext, describeAll: () => Record<string, string>): Feature {
  const handlers = createHealthHandlers(ctx, describeAll);
  return {
    name: 'health',
    routes(app) {
      app.openapi(getHealthRoute, handlers.getHealth);
    },
  };
}
