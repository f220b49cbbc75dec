import { sql } from 'drizzle-orm';
import type { AppContext } from '../../http/feature.ts';
import type { AppRouteHandler } from '../../http/route-handler.ts';
import type { getHealthRoute } from './health.routes.ts';

export function createHealthHandlers(ctx: AppContext, describeAll: () => Record<string, string>) {
  const startedAt = Date.now();

  const getHealth: AppRouteHandler<typeof getHealthRoute> = async (c) => {
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
  };

  return { getHealth };
}
