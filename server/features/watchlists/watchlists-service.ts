import { randomUUID } from 'node:crypto';
import type { Tier } from '../../../core/tokens/tiers.ts';
import { type AlertKind, checkThreshold, evaluateAlert } from '../../../core/watchlist/alert-rules.ts';
import {
  describeWatchlistLimit,
  findUpgradeFor,
  MAX_ALERTS_PER_SYMBOL,
  MAX_WATCHLISTS_PAGE,
  WATCHLIST_NAME_MAX,
  type WatchlistLimit,
  watchlistLimits,
} from '../../../core/watchlist/limits.ts';
import type { Database } from '../../adapters/db/index.ts';
import { AppError } from '../../lib/errors.ts';
import { UUID_RE } from '../../lib/uuid.ts';
import type { MarketService } from '../market/index.ts';
import type { LedgerService } from '../tokens/index.ts';
import type { SymbolFigures, SymbolFiguresSource } from './symbol-figures.ts';
import {
  countAlerts,
  countSymbols,
  countWatchlists,
  deleteAlertRow,
  deleteSymbolRow,
  deleteWatchlistRow,
  findSameAlert,
  findWatchlist,
  findWatchlistByName,
  hasSymbol,
  insertAlert,
  insertSymbol,
  insertWatchlist,
  listAlertsOfUser,
  listNotificationRows,
  listWatchlistRows,
  lockOwner,
  markNotificationsRead,
  renameWatchlistRow,
  type StoredAlert,
} from './watchlist-store.ts';
import { formatCount } from '../../../core/text/plural.ts';

/** What every watchlist function needs, passed first. */
interface WatchlistContext {
  db: Database;
  market: MarketService;
  ledger: LedgerService;
  figures: SymbolFiguresSource;
  now: () => Date;
}

/** The symbols of the signed-out page's live example: large names from several sectors and the S&P 500 ETF. */
const SAMPLE_SYMBOLS = ['AAPL', 'MSFT', 'NVDA', 'JPM', 'KO', 'XOM', 'SPY'] as const;

interface WatchlistView {
  id: string;
  name: string;
  createdAt: string;
  rows: Array<{ figures: SymbolFigures; alerts: StoredAlert[] }>;
}

interface LimitsView {
  tier: Tier;
  limit: WatchlistLimit;
  description: string;
  upgradeTo: Tier | null;
}

async function getTier(ctx: WatchlistContext, userId: string): Promise<Tier> {
  return (await ctx.ledger.getAccount(userId)).tier;
}

function describeLimits(tier: Tier): LimitsView {
  const limit = watchlistLimits[tier];
  return { tier, limit, description: describeWatchlistLimit(limit), upgradeTo: findUpgradeFor(tier, 'lists') ?? findUpgradeFor(tier, 'symbolsPerList') };
}

function throwLimit(tier: Tier, what: 'lists' | 'symbolsPerList', field: string): never {
  const limit = watchlistLimits[tier];
  const upgrade = findUpgradeFor(tier, what);
  const has = what === 'lists' ? `${formatCount(limit.lists ?? 0, 'watchlist')}` : `${limit.symbolsPerList} symbols per list`;
  const next = upgrade ? ` Upgrade to ${upgrade} for ${describeWatchlistLimit(watchlistLimits[upgrade])}.` : '';
  throw new AppError('TIER_REQUIRED', `Your ${tier} plan includes ${has}.${next}`, {
    field,
    details: { limit: what === 'lists' ? 'lists' : 'symbols_per_list', tier, max: limit[what], upgrade_to: upgrade },
  });
}

function cleanName(raw: string): string {
  const name = raw.trim().replace(/\s+/g, ' ');
  if (name.length === 0) throw new AppError('VALIDATION_FAILED', 'Give the watchlist a name.', { field: 'name' });
  if (name.length > WATCHLIST_NAME_MAX)
    throw new AppError('VALIDATION_FAILED', `A watchlist name has at most ${WATCHLIST_NAME_MAX} characters.`, { field: 'name' });
  return name;
}

async function getWatchlistOrThrow(ctx: WatchlistContext, userId: string, id: string): Promise<{ id: string; name: string }> {
  const found = UUID_RE.test(id) ? await findWatchlist(ctx.db, userId, id) : null;
  if (!found) throw new AppError('NOT_FOUND', 'No such watchlist.');
  return found;
}

interface WatchlistPage {
  /** Lists on one page, at most MAX_WATCHLISTS_PAGE. */
  limit: number;
  /** The last list of the previous page (its created_at and id). */
  after?: { at: string; id: string };
}

/** One page of the user's lists, oldest first; `next` is the last list's position when more may follow. */
export async function listWatchlists(
  ctx: WatchlistContext,
  userId: string,
  page: WatchlistPage = { limit: MAX_WATCHLISTS_PAGE },
): Promise<{ lists: WatchlistView[]; limits: LimitsView; next: { at: string; id: string } | null }> {
  // One row more than asked tells whether a next page exists without a count.
  const [fetched, alerts, tier] = await Promise.all([
    listWatchlistRows(ctx.db, userId, { limit: page.limit + 1, after: page.after }),
    listAlertsOfUser(ctx.db, userId),
    getTier(ctx, userId),
  ]);
  const rows = fetched.slice(0, page.limit);
  const last = rows.at(-1);
  const next = fetched.length > page.limit && last ? { at: last.createdAt, id: last.id } : null;
  const symbols = [...new Set(rows.flatMap((r) => r.symbols))];
  const figures = new Map(await Promise.all(symbols.map(async (s) => [s, await ctx.figures.getFigures(s)] as const)));
  const lists = rows.map((r) => ({
    id: r.id,
    name: r.name,
    createdAt: r.createdAt,
    rows: r.symbols.map((s) => ({ figures: figures.get(s)!, alerts: alerts.filter((a) => a.watchlistId === r.id && a.symbol === s) })),
  }));
  return { lists, limits: describeLimits(tier), next };
}

export async function createWatchlist(ctx: WatchlistContext, userId: string, rawName: string): Promise<{ id: string; name: string }> {
  const name = cleanName(rawName);
  const tier = await getTier(ctx, userId);
  const id = randomUUID();
  await ctx.db.transaction(async (tx) => {
    await lockOwner(tx, userId);
    const max = watchlistLimits[tier].lists;
    if (max !== null && (await countWatchlists(tx, userId)) >= max) throwLimit(tier, 'lists', 'name');
    if (await findWatchlistByName(tx, userId, name)) throw new AppError('ALREADY_EXISTS', `You already have a watchlist named “${name}”.`, { field: 'name' });
    await insertWatchlist(tx, { id, userId, name, at: ctx.now().toISOString() });
  });
  return { id, name };
}

export async function renameWatchlist(ctx: WatchlistContext, userId: string, id: string, rawName: string): Promise<{ id: string; name: string }> {
  const name = cleanName(rawName);
  await getWatchlistOrThrow(ctx, userId, id);
  await ctx.db.transaction(async (tx) => {
    await lockOwner(tx, userId);
    const same = await findWatchlistByName(tx, userId, name);
    if (same && same.id !== id) throw new AppError('ALREADY_EXISTS', `You already have a watchlist named “${name}”.`, { field: 'name' });
    if (!(await renameWatchlistRow(tx, userId, id, name, ctx.now().toISOString()))) throw new AppError('NOT_FOUND', 'No such watchlist.');
  });
  return { id, name };
}

export async function deleteWatchlist(ctx: WatchlistContext, userId: string, id: string): Promise<void> {
  if (!UUID_RE.test(id) || !(await deleteWatchlistRow(ctx.db, userId, id))) throw new AppError('NOT_FOUND', 'No such watchlist.');
}

export async function addSymbol(ctx: WatchlistContext, userId: string, watchlistId: string, rawSymbol: string): Promise<SymbolFigures> {
  const list = await getWatchlistOrThrow(ctx, userId, watchlistId);
  const symbol = await ctx.market.resolveSymbol(rawSymbol);
  const tier = await getTier(ctx, userId);
  await ctx.db.transaction(async (tx) => {
    await lockOwner(tx, userId);
    if (await hasSymbol(tx, watchlistId, symbol)) throw new AppError('ALREADY_EXISTS', `${symbol} is already on “${list.name}”.`, { field: 'symbol' });
    const max = watchlistLimits[tier].symbolsPerList;
    if (max !== null && (await countSymbols(tx, watchlistId)) >= max) throwLimit(tier, 'symbolsPerList', 'symbol');
    await insertSymbol(tx, watchlistId, symbol, ctx.now().toISOString());
  });
  return ctx.figures.getFigures(symbol);
}

export async function removeSymbol(ctx: WatchlistContext, userId: string, watchlistId: string, rawSymbol: string): Promise<string> {
  await getWatchlistOrThrow(ctx, userId, watchlistId);
  const symbol = await ctx.market.resolveSymbol(rawSymbol);
  if (!(await deleteSymbolRow(ctx.db, watchlistId, symbol))) throw new AppError('NOT_FOUND', `${symbol} is not on this watchlist.`, { field: 'symbol' });
  return symbol;
}

const DAILY_ONLY: readonly AlertKind[] = ['move_percent', 'rsi_cross', 'golden_cross', 'death_cross', 'rating_change'];

interface NewAlert {
  kind: AlertKind;
  threshold?: number | null;
  email?: boolean;
}

/**
 * Adds an alert to a symbol of the list. Its side on today's data is recorded at once (no firing): an
 * alert set while the price is already above its level fires on the next crossing, not now.
 */
export async function createAlert(ctx: WatchlistContext, userId: string, watchlistId: string, rawSymbol: string, body: NewAlert): Promise<StoredAlert> {
  await getWatchlistOrThrow(ctx, userId, watchlistId);
  const symbol = await ctx.market.resolveSymbol(rawSymbol);
  const check = checkThreshold(body.kind, body.threshold);
  if (!check.ok) throw new AppError('VALIDATION_FAILED', check.message, { field: 'threshold' });
  const point = await ctx.figures.getPoint(symbol);
  if (!point) throw new AppError('UNPROCESSABLE', `No price data for ${symbol}: alerts need its prices.`, { field: 'symbol' });
  if (DAILY_ONLY.includes(body.kind) && point.rsi14 === null && point.dayChangePercent === null) {
    throw new AppError('UNPROCESSABLE', `${symbol} has month-end prices only: this alert needs daily prices.`, { field: 'kind' });
  }
  const rule = { kind: body.kind, threshold: check.threshold };
  const baseline = evaluateAlert(rule, null, point);
  const alert: StoredAlert = {
    id: randomUUID(),
    userId,
    watchlistId,
    symbol,
    kind: body.kind,
    threshold: check.threshold,
    email: body.email ?? true,
    lastSide: baseline.side,
    lastValue: baseline.value,
    lastAsOf: point.asOf,
    firedCount: 0,
    lastFiredAt: null,
    createdAt: ctx.now().toISOString(),
  };
  await ctx.db.transaction(async (tx) => {
    await lockOwner(tx, userId);
    if (!(await hasSymbol(tx, watchlistId, symbol))) throw new AppError('NOT_FOUND', `${symbol} is not on this watchlist: add it first.`, { field: 'symbol' });
    if (await findSameAlert(tx, { watchlistId, symbol, kind: rule.kind, threshold: rule.threshold })) {
      throw new AppError('ALREADY_EXISTS', `${symbol} already has this alert.`, { field: 'kind' });
    }
    if ((await countAlerts(tx, watchlistId, symbol)) >= MAX_ALERTS_PER_SYMBOL) {
      throw new AppError('UNPROCESSABLE', `A symbol can carry at most ${MAX_ALERTS_PER_SYMBOL} alerts; delete one first.`, { field: 'kind' });
    }
    await insertAlert(tx, alert);
  });
  return alert;
}

export async function deleteAlert(ctx: WatchlistContext, userId: string, alertId: string): Promise<void> {
  if (!UUID_RE.test(alertId) || !(await deleteAlertRow(ctx.db, userId, alertId))) throw new AppError('NOT_FOUND', 'No such alert.');
}

/** The signed-out page's live example: real figures of the sample symbols, read-only. */
export async function getSample(ctx: WatchlistContext): Promise<SymbolFigures[]> {
  return Promise.all(SAMPLE_SYMBOLS.map((s) => ctx.figures.getFigures(s)));
}

/** The watchlist service bound to one context: what the handlers and tests call. */
export function createWatchlistsService(ctx: WatchlistContext) {
  return {
    getSample: () => getSample(ctx),
    listWatchlists: (userId: string, page?: WatchlistPage) => listWatchlists(ctx, userId, page),
    createWatchlist: (userId: string, name: string) => createWatchlist(ctx, userId, name),
    renameWatchlist: (userId: string, id: string, name: string) => renameWatchlist(ctx, userId, id, name),
    deleteWatchlist: (userId: string, id: string) => deleteWatchlist(ctx, userId, id),
    addSymbol: (userId: string, id: string, symbol: string) => addSymbol(ctx, userId, id, symbol),
    removeSymbol: (userId: string, id: string, symbol: string) => removeSymbol(ctx, userId, id, symbol),
    createAlert: (userId: string, id: string, symbol: string, body: NewAlert) => createAlert(ctx, userId, id, symbol, body),
    deleteAlert: (userId: string, alertId: string) => deleteAlert(ctx, userId, alertId),
    listNotifications: (userId: string, limit: number) => listNotificationRows(ctx.db, userId, limit),
    markRead: (userId: string, ids: string[] | null) => markNotificationsRead(ctx.db, userId, ids, ctx.now().toISOString()),
  };
}

export type WatchlistsService = ReturnType<typeof createWatchlistsService>;
