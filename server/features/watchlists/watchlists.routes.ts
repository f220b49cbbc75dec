import { createRoute, z } from '@hono/zod-openapi';
import { tiers } from '../../../core/tokens/tiers.ts';
import { alertKinds } from '../../../core/watchlist/alert-rules.ts';
import { MAX_WATCHLISTS_PAGE, WATCHLIST_NAME_MAX } from '../../../core/watchlist/limits.ts';
import { anyone, errorResponses, jsonContent, signedIn } from '../../http/openapi.ts';

const Grade = z.string().nullable().openapi({ description: 'Letter A–F against sector peers, null when it cannot be graded' });

const WatchRowSchema = z
  .object({
    symbol: z.string().openapi({ example: 'AAPL' }),
    name: z.string(),
    type: z.enum(['stock', 'etf']),
    as_of: z.string().openapi({ description: 'Data day: the last price bar’s date', example: '2026-07-02' }),
    price: z.number().nullable(),
    change: z.number().nullable(),
    change_percent: z.number().nullable().openapi({ description: 'Percent change from the previous close' }),
    change_period: z.enum(['day', 'month']).nullable().openapi({ description: '`month` for symbols with month-end prices only' }),
    sparkline: z.array(z.number()).openapi({ description: 'Closes of the last ~3 months (or 24 month-ends), oldest first' }),
    rating: z
      .object({
        label: z.enum(['strong_sell', 'sell', 'neutral', 'buy', 'strong_buy']),
        score: z.number().openapi({ description: '−1 to 1' }),
      })
      .nullable()
      .openapi({ description: 'Technical rating (moving averages and oscillators), as in the technical analysis' }),
    rsi_14: z.number().nullable(),
    sma_50: z.number().nullable(),
    sma_200: z.number().nullable(),
    fair_value: z.number().nullable().openapi({ description: 'DCF fair value per share (two-stage model of the DCF analysis)' }),
    upside_percent: z.number().nullable().openapi({ description: 'Fair value against the price, in percent' }),
    valuation_verdict: z
      .enum(['Undervalued', 'About fair', 'Overvalued'])
      .nullable()
      .openapi({ description: "The valuation's verdict: the price below its bear case, within its range, or above its bull case" }),
    grades: z.object({ value: Grade, growth: Grade, profitability: Grade, health: Grade, momentum: Grade }).nullable(),
    missing: z.array(z.string()).openapi({ description: 'What could not be computed for this symbol, in words' }),
  })
  .openapi('WatchRow');

const AlertSchema = z
  .object({
    id: z.string().uuid(),
    symbol: z.string(),
    kind: z.enum(alertKinds),
    threshold: z.number().nullable(),
    email: z.boolean(),
    description: z.string().openapi({ example: 'Price rises above $250.00' }),
    last_side: z
      .string()
      .nullable()
      .openapi({ description: 'Where the figure stands (e.g. `above`, `below`, `golden`, `buy`); the alert fires when it moves into its trigger side' }),
    last_value: z.number().nullable().openapi({ description: 'The figure the rule read when the side was last set' }),
    last_as_of: z.string().nullable().openapi({ description: 'Data day the side was last set (creation or a crossing)' }),
    fired_count: z.number().int(),
    last_fired_at: z.string().nullable(),
    created_at: z.string(),
  })
  .openapi('WatchlistAlert');

const LimitsSchema = z
  .object({
    tier: z.enum(tiers),
    lists: z.number().int().nullable().openapi({ description: 'Lists allowed (Pro: 100); null = unlimited, which no plan is today' }),
    symbols_per_list: z.number().int().nullable().openapi({ description: 'Symbols allowed on each list (Pro: 500)' }),
    description: z.string().openapi({ example: '1 list of 10 symbols' }),
    upgrade_to: z.enum(tiers).nullable().openapi({ description: 'The plan that raises the limits, null on Pro' }),
  })
  .openapi('WatchlistLimits');

const WatchlistSchema = z
  .object({
    id: z.string().uuid(),
    name: z.string(),
    created_at: z.string(),
    rows: z.array(WatchRowSchema.extend({ alerts: z.array(AlertSchema) })),
  })
  .openapi('Watchlist');

const WatchlistsResponseSchema = z
  .object({
    watchlists: z.array(WatchlistSchema),
    limits: LimitsSchema,
    next_cursor: z.string().nullable().openapi({ description: 'Pass as `cursor` for the next page of lists; null on the last page' }),
  })
  .openapi('Watchlists');

const ListWatchlistsQuerySchema = z.object({
  limit: z.coerce
    .number()
    .int()
    .min(1)
    .max(MAX_WATCHLISTS_PAGE)
    .default(MAX_WATCHLISTS_PAGE)
    .openapi({ description: `Lists per page (default and most ${MAX_WATCHLISTS_PAGE}, the Pro plan's cap: without paging every list comes on one page)` }),
  cursor: z.string().max(200).optional().openapi({ description: '`next_cursor` of the previous page' }),
});
const SampleResponseSchema = z.object({ symbols: z.array(WatchRowSchema) }).openapi('WatchlistSample');

const NameBody = z
  .object({
    name: z
      .string()
      .max(WATCHLIST_NAME_MAX * 4)
      .openapi({ example: 'Dividend ideas', description: `1–${WATCHLIST_NAME_MAX} characters` }),
  })
  .strict();
const SymbolBody = z.object({ symbol: z.string().min(1).max(32).openapi({ example: 'MSFT' }) }).strict();
const CreateAlertBodySchema = z
  .object({
    kind: z.enum(alertKinds),
    threshold: z.number().nullable().optional().openapi({
      description: 'Dollars for price_above/price_below, percent for move_percent, 30 or 70 for rsi_cross; absent for the crosses and rating_change',
    }),
    email: z.boolean().optional().openapi({ description: 'Also e-mail the firing (default true)' }),
  })
  .strict()
  .openapi('CreateWatchlistAlert');

const IdParam = z.object({
  id: z
    .string()
    .max(64)
    .openapi({ param: { name: 'id', in: 'path' } }),
});
const SymbolParams = z.object({
  id: z
    .string()
    .max(64)
    .openapi({ param: { name: 'id', in: 'path' } }),
  symbol: z
    .string()
    .max(32)
    .openapi({ param: { name: 'symbol', in: 'path' }, example: 'AAPL' }),
});
const AlertIdParam = z.object({
  alertId: z
    .string()
    .max(64)
    .openapi({ param: { name: 'alertId', in: 'path' } }),
});
const Deleted = z.object({ deleted: z.string() }).openapi('Deleted');
const ListRef = z.object({ id: z.string().uuid(), name: z.string() }).openapi('WatchlistRef');

const json = <T extends z.ZodType>(schema: T) => ({ required: true as const, content: { 'application/json': { schema } } });

export const getSampleRoute = createRoute({
  operationId: 'getWatchlistSample',
  security: anyone,
  method: 'get',
  path: '/api/watchlists/sample',
  tags: ['watchlists'],
  summary: 'The live example of the public page: real figures of a few sample symbols (free, no sign-in)',
  responses: { 200: jsonContent(SampleResponseSchema, 'One row per sample symbol'), ...errorResponses(429) },
});

export const listWatchlistsRoute = createRoute({
  operationId: 'listWatchlists',
  security: signedIn,
  method: 'get',
  path: '/api/watchlists',
  tags: ['watchlists'],
  summary: "The user's watchlists with each symbol's figures and alerts, and the plan's limits (free)",
  request: { query: ListWatchlistsQuerySchema },
  responses: { 200: jsonContent(WatchlistsResponseSchema, 'Lists, oldest first, one page'), ...errorResponses(400, 401) },
});

export const createWatchlistRoute = createRoute({
  operationId: 'createWatchlist',
  security: signedIn,
  method: 'post',
  path: '/api/watchlists',
  tags: ['watchlists'],
  summary: 'Create a watchlist (403 TIER_REQUIRED at the plan’s number of lists)',
  request: { body: json(NameBody) },
  responses: { 201: jsonContent(ListRef, 'Created'), ...errorResponses(400, 401, 403, 409) },
});

export const renameWatchlistRoute = createRoute({
  operationId: 'renameWatchlist',
  security: signedIn,
  method: 'patch',
  path: '/api/watchlists/{id}',
  tags: ['watchlists'],
  summary: 'Rename a watchlist',
  request: { params: IdParam, body: json(NameBody) },
  responses: { 200: jsonContent(ListRef, 'Renamed'), ...errorResponses(400, 401, 404, 409) },
});

export const deleteWatchlistRoute = createRoute({
  operationId: 'deleteWatchlist',
  security: signedIn,
  method: 'delete',
  path: '/api/watchlists/{id}',
  tags: ['watchlists'],
  summary: 'Delete a watchlist with its symbols and alerts',
  request: { params: IdParam },
  responses: { 200: jsonContent(Deleted, 'Deleted'), ...errorResponses(401, 404) },
});

export const addSymbolRoute = createRoute({
  operationId: 'addWatchlistSymbol',
  security: signedIn,
  method: 'post',
  path: '/api/watchlists/{id}/symbols',
  tags: ['watchlists'],
  summary: 'Add a symbol (404 UNKNOWN_SYMBOL, 409 ALREADY_EXISTS, 403 TIER_REQUIRED at the plan’s symbols per list)',
  request: { params: IdParam, body: json(SymbolBody) },
  responses: { 201: jsonContent(WatchRowSchema, 'The symbol’s row'), ...errorResponses(400, 401, 403, 404, 409) },
});

export const removeSymbolRoute = createRoute({
  operationId: 'removeWatchlistSymbol',
  security: signedIn,
  method: 'delete',
  path: '/api/watchlists/{id}/symbols/{symbol}',
  tags: ['watchlists'],
  summary: 'Remove a symbol and its alerts',
  request: { params: SymbolParams },
  responses: { 200: jsonContent(Deleted, 'Removed'), ...errorResponses(400, 401, 404) },
});

export const createAlertRoute = createRoute({
  operationId: 'createWatchlistAlert',
  security: signedIn,
  method: 'post',
  path: '/api/watchlists/{id}/symbols/{symbol}/alerts',
  tags: ['watchlists'],
  summary: 'Add an alert to a symbol of the list; its side on today’s data is recorded, it fires on the next crossing',
  request: { params: SymbolParams, body: json(CreateAlertBodySchema) },
  responses: { 201: jsonContent(AlertSchema, 'The alert'), ...errorResponses(400, 401, 404, 409, 422) },
});

export const deleteAlertRoute = createRoute({
  operationId: 'deleteWatchlistAlert',
  security: signedIn,
  method: 'delete',
  path: '/api/watchlist-alerts/{alertId}',
  tags: ['watchlists'],
  summary: 'Delete an alert',
  request: { params: AlertIdParam },
  responses: { 200: jsonContent(Deleted, 'Deleted'), ...errorResponses(401, 404) },
});

const NotificationSchema = z
  .object({
    id: z.string().uuid(),
    alert_id: z.string().nullable(),
    symbol: z.string(),
    title: z.string(),
    body: z.string(),
    as_of: z.string().openapi({ description: 'Data day the alert fired on' }),
    created_at: z.string(),
    read: z.boolean(),
    email_status: z.enum(['off', 'pending', 'sending', 'sent', 'failed']),
  })
  .openapi('Notification');

const NotificationsResponseSchema = z.object({ unread: z.number().int(), notifications: z.array(NotificationSchema) }).openapi('Notifications');

export const listNotificationsRoute = createRoute({
  operationId: 'listNotifications',
  security: signedIn,
  method: 'get',
  path: '/api/notifications',
  tags: ['watchlists'],
  summary: 'Alert notifications, newest first, with the unread count (the bell)',
  request: { query: z.object({ limit: z.coerce.number().int().min(1).max(100).default(20) }) },
  responses: { 200: jsonContent(NotificationsResponseSchema, 'Newest first'), ...errorResponses(400, 401) },
});

export const markNotificationsReadRoute = createRoute({
  operationId: 'markNotificationsRead',
  security: signedIn,
  method: 'post',
  path: '/api/notifications/read',
  tags: ['watchlists'],
  summary: 'Mark notifications read: the listed ids, or all with `all: true`',
  request: {
    body: json(
      z
        .object({ ids: z.array(z.string().uuid()).max(100).optional(), all: z.boolean().optional() })
        .strict()
        .openapi('MarkNotificationsRead'),
    ),
  },
  responses: { 200: jsonContent(NotificationsResponseSchema, 'The list after marking'), ...errorResponses(400, 401) },
});

export type WatchRow = z.infer<typeof WatchRowSchema>;
export type WatchlistAlert = z.infer<typeof AlertSchema>;
export type WatchlistResponse = z.infer<typeof WatchlistSchema>;
export type WatchlistsResponse = z.infer<typeof WatchlistsResponseSchema>;
export type WatchlistSampleResponse = z.infer<typeof SampleResponseSchema>;
export type CreateAlertBody = z.infer<typeof CreateAlertBodySchema>;
export type NotificationItem = z.infer<typeof NotificationSchema>;
export type NotificationsResponse = z.infer<typeof NotificationsResponseSchema>;
