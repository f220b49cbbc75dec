import { sql } from 'drizzle-orm';
import { DATASETS } from '../../../core/market/types.ts';
import type { AppContext } from '../../http/feature.ts';
import type { AppRouteHandler } from '../../http/route-handler.ts';
import type { getHealthRoute } from './health.routes.ts';

/** Prefix of the `describe()` keys that carry each dataset's as-of date (set by the market feature). */
const DATASET_KEY = 'data_as_of.';

export function createHealthHandlers(ctx: AppContext, describeAll: () => Record<string, string>) {
  const startedAt = Date.now();

  const getHealth: AppRouteHandler<typeof getHealthRoute> = async (c) => {
    let dbOk = true;
    try {
      await ctx.db.query(sql`SELECT 1`);
    } catch {
      dbOk = false;
    }
    const { data_as_of = null, ...described } = describeAll();
    const adapters = Object.fromEntries(Object.entries(described).filter(([k]) => !k.startsWith(DATASET_KEY)));
    const datasets_as_of = Object.fromEntries(DATASETS.map((d) => [d, described[`${DATASET_KEY}${d}`] ?? null])) as Record<
      (typeof DATASETS)[number],
      string | null
    >;
    const body = {
      status: dbOk ? ('ok' as const) : ('degraded' as const),
      database: ctx.db.kind,
      data_as_of,
      datasets_as_of,
      adapters,
      uptime_s: Math.round((Date.now() - startedAt) / 1000),
      sandbox_payments: adapters.payments === 'sandbox',
    };
    return c.json(body, dbOk ? 200 : 503);
  };

  return { getHealth };
}
