import type { Context } from 'hono';
import { CATEGORY_LABELS, DEFAULT_COLUMNS, DEFAULT_SORT, FIELD_CATEGORIES, type ScreenerField } from '../../../core/screener/fields.ts';
import { SCREENER_PRESETS } from '../../../core/screener/presets.ts';
import { SCREENER_LIMITS } from '../../../core/screener/query.ts';
import type { AppEnv } from '../../http/app-env.ts';
import { resolveClientIp } from '../../http/client-ip.ts';
import { requireUser } from '../../http/openapi.ts';
import type { AppRouteHandler } from '../../http/route-handler.ts';
import type {
  deleteScreenRoute,
  listScreensRoute,
  SavedScreen,
  saveScreenRoute,
  ScreenerCatalog,
  ScreenerResult,
  screenerExportRoute,
  screenerFieldsRoute,
  screenerQueryRoute,
} from './screener.routes.ts';
import { type RequestWindows, takeRequestSlot, type WindowRule } from './screener-rate-limit.ts';
import type { ScreenerPage, ScreenerService, ScreenerSnapshot } from './screener-service.ts';
import type { StoredScreen } from './screens-store.ts';

export interface ScreenerRateLimits {
  /** Catalog and query, per signed-out client address. */
  anonymousReads: WindowRule;
  /** Catalog and query, per signed-in account. */
  userReads: WindowRule;
  /** CSV exports, per account or address. */
  exports: WindowRule;
}

export const DEFAULT_SCREENER_RATE_LIMITS: ScreenerRateLimits = {
  // A page view is one or two reads and a filter change one more: a school or an office behind one address fits.
  anonymousReads: { limit: 300, windowMs: 60_000 },
  userReads: { limit: 600, windowMs: 60_000 },
  exports: { limit: 30, windowMs: 60_000 },
};

const toSavedScreen = (s: StoredScreen): SavedScreen => ({
  id: s.id,
  name: s.name,
  filters: s.filters,
  sort: s.sort,
  columns: s.columns,
  created_at: s.createdAt,
});

/** A page of a screen as the API answers it (the app's query and /api/v1's). */
export function toScreenerResultBody(page: ScreenerPage): ScreenerResult {
  const { query: q } = page;
  return { rows: page.rows, total: page.total, page: q.page, page_size: q.page_size, sort: q.sort, columns: q.columns, data_as_of: page.dataAsOf };
}

function toFieldInfo(field: ScreenerField, snapshot: ScreenerSnapshot) {
  const { id, label, short, category, kind, unit, description } = field;
  return {
    id,
    label,
    short,
    category,
    kind,
    unit,
    description,
    ...(field.kind === 'range' ? { scale: field.scale } : {}),
    ...(field.kind === 'choice' && field.options ? { options: [...field.options] } : {}),
    distribution: snapshot.distributions.get(id)!,
  } as ScreenerCatalog['fields'][number];
}

function buildCatalog(snapshot: ScreenerSnapshot): ScreenerCatalog {
  return {
    fields: snapshot.table.fields.map((f) => toFieldInfo(f, snapshot)),
    categories: FIELD_CATEGORIES.map((id) => ({ id, label: CATEGORY_LABELS[id] })),
    presets: SCREENER_PRESETS.map((p) => ({ ...p, filters: p.filters.map((f) => ({ ...f })), columns: [...p.columns] })),
    defaults: { columns: [...DEFAULT_COLUMNS], sort: { ...DEFAULT_SORT }, page_size: SCREENER_LIMITS.defaultPageSize },
    limits: { max_page_size: SCREENER_LIMITS.maxPageSize, max_filters: SCREENER_LIMITS.maxFilters, max_columns: SCREENER_LIMITS.maxColumns },
    universe: { rows: snapshot.table.size, stocks: snapshot.stocks, etfs: snapshot.etfs },
    data_as_of: snapshot.table.dataAsOf,
  };
}

export function createScreenerHandlers(service: ScreenerService, opts: { trustProxy: boolean; limits: ScreenerRateLimits }) {
  const windows: RequestWindows = { hits: new Map() };
  const exportWindows: RequestWindows = { hits: new Map() };
  // The catalog changes only with the table: built once per table.
  let catalog: { of: ScreenerSnapshot; body: ScreenerCatalog } | null = null;

  const countRead = (c: Context<AppEnv>) => {
    const user = c.get('user');
    if (user) takeRequestSlot(windows, `user:${user.id}`, opts.limits.userReads, service.now().getTime());
    else takeRequestSlot(windows, `ip:${resolveClientIp(c, opts.trustProxy)}`, opts.limits.anonymousReads, service.now().getTime());
  };

  const getFields: AppRouteHandler<typeof screenerFieldsRoute> = async (c) => {
    countRead(c);
    const snapshot = await service.getScreenerSnapshot();
    if (catalog?.of !== snapshot) catalog = { of: snapshot, body: buildCatalog(snapshot) };
    c.header('Cache-Control', 'public, max-age=60');
    return c.json(catalog.body, 200);
  };

  const query: AppRouteHandler<typeof screenerQueryRoute> = async (c) => {
    countRead(c);
    return c.json(toScreenerResultBody(await service.queryScreener(c.req.valid('json'))), 200);
  };

  const exportCsv: AppRouteHandler<typeof screenerExportRoute> = async (c) => {
    const user = c.get('user');
    const who = user ? `user:${user.id}` : `ip:${resolveClientIp(c, opts.trustProxy)}`;
    takeRequestSlot(exportWindows, who, opts.limits.exports, service.now().getTime());
    const { csv, dataAsOf } = await service.exportScreenerCsv(c.req.valid('json'));
    c.header('Content-Type', 'text/csv; charset=utf-8');
    c.header('Content-Disposition', `attachment; filename="stockpilot-screen-${dataAsOf}.csv"`);
    return c.body(csv, 200) as unknown as ReturnType<AppRouteHandler<typeof screenerExportRoute>>;
  };

  const listScreens: AppRouteHandler<typeof listScreensRoute> = async (c) => {
    const user = requireUser(c);
    return c.json({ screens: (await service.listSavedScreens(user.id)).map(toSavedScreen) }, 200);
  };

  const createScreen: AppRouteHandler<typeof saveScreenRoute> = async (c) => {
    const user = requireUser(c);
    return c.json(toSavedScreen(await service.saveScreen(user.id, c.req.valid('json'))), 201);
  };

  const removeScreen: AppRouteHandler<typeof deleteScreenRoute> = async (c) => {
    const user = requireUser(c);
    await service.deleteSavedScreenOrThrow(user.id, c.req.valid('param').id);
    return c.body(null, 204);
  };

  return { getFields, query, exportCsv, listScreens, createScreen, removeScreen };
}
