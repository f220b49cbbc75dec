import { requireFactDefinition } from '../../../core/facts/catalogue.ts';
import { roundForUnit } from '../../../core/facts/format-fact.ts';
import { describeAlert } from '../../../core/watchlist/alert-rules.ts';
import { requireUser } from '../../http/openapi.ts';
import { decodeListCursor, encodeListCursor } from '../../http/list-cursor.ts';
import type { AppRouteHandler } from '../../http/route-handler.ts';
import { AppError } from '../../lib/errors.ts';
import type { SymbolFigures } from './symbol-figures.ts';
import type { NotificationRow, StoredAlert } from './watchlist-store.ts';
import type { WatchlistsService } from './watchlists-service.ts';
import type {
  addSymbolRoute,
  createAlertRoute,
  createWatchlistRoute,
  deleteAlertRoute,
  deleteWatchlistRoute,
  getSampleRoute,
  listNotificationsRoute,
  listWatchlistsRoute,
  markNotificationsReadRoute,
  NotificationItem,
  removeSymbolRoute,
  renameWatchlistRoute,
  WatchlistAlert,
  WatchRow,
} from './watchlists.routes.ts';

const round = (v: number | null, d = 2) => (v === null || !Number.isFinite(v) ? null : Math.round(v * 10 ** d) / 10 ** d);
/** A figure the fact catalogue defines, rounded as every page stores it (RSI 60.26 here as on the technical page). */
const asFact = (key: string, v: number | null) => (v === null || !Number.isFinite(v) ? null : roundForUnit(v, requireFactDefinition(key).unit));

function toWatchRow(f: SymbolFigures): WatchRow {
  const s = f.signals;
  return {
    symbol: f.symbol,
    name: f.name,
    type: f.type,
    as_of: f.asOf,
    price: round(s?.point.price ?? null),
    change: round(s?.change ?? null),
    change_percent: round(s?.changePercent ?? null),
    change_period: s?.changePeriod ?? null,
    sparkline: s?.sparkline ?? [],
    rating: s?.point.rating && s.ratingScore !== null ? { label: s.point.rating, score: asFact('technical_rating_score', s.ratingScore)! } : null,
    rsi_14: asFact('rsi_14', s?.point.rsi14 ?? null),
    sma_50: asFact('sma_50', s?.point.sma50 ?? null),
    sma_200: asFact('sma_200', s?.point.sma200 ?? null),
    fair_value: asFact('fair_value_per_share', f.fairValue),
    upside_percent: asFact('upside_percent', f.upsidePercent),
    valuation_verdict: f.verdict as 'Undervalued' | 'About fair' | 'Overvalued' | null,
    grades: f.grades,
    missing: f.missing,
  };
}

function toAlertBody(a: StoredAlert): WatchlistAlert {
  return {
    id: a.id,
    symbol: a.symbol,
    kind: a.kind,
    threshold: a.threshold,
    email: a.email,
    description: describeAlert(a),
    last_side: a.lastSide,
    last_value: round(a.lastValue, 4),
    last_as_of: a.lastAsOf,
    fired_count: a.firedCount,
    last_fired_at: a.lastFiredAt,
    created_at: a.createdAt,
  };
}

const toNotification = (n: NotificationRow): NotificationItem => ({
  id: n.id,
  alert_id: n.alertId,
  symbol: n.symbol,
  title: n.title,
  body: n.body,
  as_of: n.asOf,
  created_at: n.createdAt,
  read: n.readAt !== null,
  email_status: n.emailStatus as NotificationItem['email_status'],
});

export function createWatchlistsHandlers(service: WatchlistsService) {
  const getSample: AppRouteHandler<typeof getSampleRoute> = async (c) => {
    c.header('Cache-Control', 'public, max-age=300');
    return c.json({ symbols: (await service.getSample()).map(toWatchRow) }, 200);
  };

  const listWatchlists: AppRouteHandler<typeof listWatchlistsRoute> = async (c) => {
    const user = requireUser(c);
    const q = c.req.valid('query');
    const { lists, limits, next } = await service.listWatchlists(user.id, {
      limit: q.limit,
      after: q.cursor === undefined ? undefined : decodeListCursor(q.cursor),
    });
    return c.json(
      {
        watchlists: lists.map((l) => ({
          id: l.id,
          name: l.name,
          created_at: l.createdAt,
          rows: l.rows.map((r) => ({ ...toWatchRow(r.figures), alerts: r.alerts.map(toAlertBody) })),
        })),
        limits: {
          tier: limits.tier,
          lists: limits.limit.lists,
          symbols_per_list: limits.limit.symbolsPerList,
          description: limits.description,
          upgrade_to: limits.upgradeTo,
        },
        next_cursor: next ? encodeListCursor(next) : null,
      },
      200,
    );
  };

  const createWatchlist: AppRouteHandler<typeof createWatchlistRoute> = async (c) => {
    const user = requireUser(c);
    return c.json(await service.createWatchlist(user.id, c.req.valid('json').name), 201);
  };

  const renameWatchlist: AppRouteHandler<typeof renameWatchlistRoute> = async (c) => {
    const user = requireUser(c);
    return c.json(await service.renameWatchlist(user.id, c.req.valid('param').id, c.req.valid('json').name), 200);
  };

  const deleteWatchlist: AppRouteHandler<typeof deleteWatchlistRoute> = async (c) => {
    const user = requireUser(c);
    const { id } = c.req.valid('param');
    await service.deleteWatchlist(user.id, id);
    return c.json({ deleted: id }, 200);
  };

  const addSymbol: AppRouteHandler<typeof addSymbolRoute> = async (c) => {
    const user = requireUser(c);
    return c.json(toWatchRow(await service.addSymbol(user.id, c.req.valid('param').id, c.req.valid('json').symbol)), 201);
  };

  const removeSymbol: AppRouteHandler<typeof removeSymbolRoute> = async (c) => {
    const user = requireUser(c);
    const { id, symbol } = c.req.valid('param');
    return c.json({ deleted: await service.removeSymbol(user.id, id, symbol) }, 200);
  };

  const createAlert: AppRouteHandler<typeof createAlertRoute> = async (c) => {
    const user = requireUser(c);
    const { id, symbol } = c.req.valid('param');
    return c.json(toAlertBody(await service.createAlert(user.id, id, symbol, c.req.valid('json'))), 201);
  };

  const deleteAlert: AppRouteHandler<typeof deleteAlertRoute> = async (c) => {
    const user = requireUser(c);
    const { alertId } = c.req.valid('param');
    await service.deleteAlert(user.id, alertId);
    return c.json({ deleted: alertId }, 200);
  };

  const listNotifications: AppRouteHandler<typeof listNotificationsRoute> = async (c) => {
    const user = requireUser(c);
    const { rows, unread } = await service.listNotifications(user.id, c.req.valid('query').limit);
    return c.json({ unread, notifications: rows.map(toNotification) }, 200);
  };

  const markNotificationsRead: AppRouteHandler<typeof markNotificationsReadRoute> = async (c) => {
    const user = requireUser(c);
    const body = c.req.valid('json');
    if (!body.all && !body.ids) throw new AppError('VALIDATION_FAILED', 'Send the ids to mark read, or all: true.', { field: 'ids' });
    await service.markRead(user.id, body.all ? null : (body.ids ?? []));
    const { rows, unread } = await service.listNotifications(user.id, 20);
    return c.json({ unread, notifications: rows.map(toNotification) }, 200);
  };

  return {
    getSample,
    listWatchlists,
    createWatchlist,
    renameWatchlist,
    deleteWatchlist,
    addSymbol,
    removeSymbol,
    createAlert,
    deleteAlert,
    listNotifications,
    markNotificationsRead,
  };
}
