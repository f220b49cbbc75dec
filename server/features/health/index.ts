import { existsSync } from 'node:fs';
import type { DataFreshness } from '../../../core/market/freshness.ts';
import { readMigrations } from '../../adapters/db/migrate.ts';
import type { AppContext, Feature, ReadinessCheck } from '../../http/feature.ts';
import { findServerAsset } from '../../lib/app-root.ts';
import { createHealthHandlers } from './health.handlers.ts';
import { getHealthRoute, getReadinessRoute } from './health.routes.ts';
import { createHealthService } from './health-service.ts';

interface HealthFeatureDeps {
  /** Read per request so adapters added by later features show up. */
  describeAll: () => Record<string, string>;
  readFreshness: () => DataFreshness | null;
  /** The jobs this process started (the features' names), filled as `start` runs. */
  startedJobs: readonly string[];
  checkFeatures: () => Promise<ReadinessCheck[]>;
}

/** `/api/health` (liveness and what this process is) and `/api/health/ready` (every required part is there). */
export function createHealthFeature(ctx: AppContext, deps: HealthFeatureDeps): Feature {
  const listMigrationFiles = () => {
    try {
      const dir = findServerAsset(ctx.appRoot, 'server/db/migrations');
      return existsSync(dir) ? readMigrations(dir).map((m) => m.name) : [];
    } catch {
      return [];
    }
  };
  const service = createHealthService({
    db: ctx.db,
    describeAll: deps.describeAll,
    readFreshness: deps.readFreshness,
    readProcess: () => ({ role: ctx.env.ROLE, jobs: [...deps.startedJobs] }),
    listMigrationFiles,
    checkFeatures: deps.checkFeatures,
  });
  const handlers = createHealthHandlers(service);
  return {
    name: 'health',
    routes(app) {
      app.openapi(getHealthRoute, handlers.getHealth);
      app.openapi(getReadinessRoute, handlers.getReadiness);
    },
  };
}
