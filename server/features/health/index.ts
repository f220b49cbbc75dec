import { sql } from 'drizzle-orm';
import type { AppContext, Feature } from '../../http/feature.ts';
import { getHealthRoute } from './health.routes.ts';

/** `describeAll` is read per request so adapters added by later features show up. */
export function createHealthFeature(ctx: AppContext, describeAll: () => Record<string, string>): Feature {
  const startedAt = Date.now();
  return {
    name: 'health',
    routes(app) {
      app.openapi(getHealthRoute, async (c) => {
        let dbOk = true;
        try {
          await ctx.db.query(sql`SELECT 1`);
        } catch {
          dbOk = false;
        }
        const { data_as_of = null, ...adapters } = describeAll();
        const body = {
          status: dbOk ? ('ok' as const) : ('degraded' as const),
          database: ctx.db.kind,
          data_as_of,
          adapters,
          uptime_s: Math.round((Date.now() - startedAt) / 1000),
          sandbox_payments: adapters.payments === 'sandbox',
        };
        return c.json(body, dbOk ? 200 : 503);
      });
    },
  };
}
