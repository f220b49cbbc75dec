import { sql } from 'drizzle-orm';
import type { Tier } from '../../core/tokens/tiers.ts';
import type { SymbolPoint } from '../../core/watchlist/alert-rules.ts';
import { createOutboxMailer } from '../adapters/mail/outbox/index.ts';
import type { Queryable } from '../adapters/db/index.ts';
import { startTestApp } from './app.ts';
import type { DatabaseKind } from './db.ts';
import { insertTestUser } from './users.ts';
import type { MarketFeature } from '../features/market/index.ts';
import { createLedgerService } from '../features/tokens/index.ts';
import { createWatchlistsFeature, type PointSource } from '../features/watchlists/index.ts';

/** A point on a scripted data day: what a refresh of the market data would bring. */
export const scriptedPoint = (symbol: string, day: string, over: Partial<SymbolPoint> = {}): SymbolPoint => ({
  symbol,
  asOf: day,
  price: 100,
  dayChangePercent: 0,
  rsi14: 50,
  sma50: 100,
  sma200: 100,
  rating: 'neutral',
  ...over,
});

/** A point source whose answer the test sets before each tick (one "refresh" of the data). */
export function createScriptedPoints() {
  const current = new Map<string, SymbolPoint>();
  const source: PointSource = async (symbol) => current.get(symbol) ?? null;
  return { source, set: (p: SymbolPoint) => current.set(p.symbol, p) };
}

export const countOutboxMails = async (q: Queryable, to: string, subjectLike = 'Stockpilot alert:%') =>
  Number((await q.query<{ n: number }>(sql`SELECT count(*)::int AS n FROM mail_outbox WHERE to_address = ${to} AND subject LIKE ${subjectLike}`))[0]!.n);

/** The real app (watchlists mounted, acting by header) plus a second watchlists feature whose ticks read scripted points. */
export async function startWatchlistTest(kind: DatabaseKind) {
  const { db, t } = await startTestApp(kind, { actAsHeader: true });
  const market = (t.features.find((f) => f.name === 'market') as MarketFeature).market;
  const ledger = createLedgerService(db);
  const scripted = createScriptedPoints();
  const mailer = createOutboxMailer({ db, logger: t.ctx.logger });
  const ticker = createWatchlistsFeature(t.ctx, { ledger, market, mailer, points: scripted.source });

  async function createUser(tier: Tier = 'Free'): Promise<{ id: string; email: string }> {
    const u = await insertTestUser(db);
    await ledger.openAccount(u.id);
    if (tier !== 'Free') await ledger.changeTier(u.id, tier, { actor: 'test' });
    return u;
  }

  const as = (userId: string) => {
    const h = { 'x-test-user-id': userId };
    return {
      lists: () => t.json('GET', '/api/watchlists', undefined, h),
      createList: (name: unknown) => t.json('POST', '/api/watchlists', { name }, h),
      rename: (id: string, name: unknown) => t.json('PATCH', `/api/watchlists/${id}`, { name }, h),
      deleteList: (id: string) => t.json('DELETE', `/api/watchlists/${id}`, undefined, h),
      add: (id: string, symbol: unknown) => t.json('POST', `/api/watchlists/${id}/symbols`, { symbol }, h),
      remove: (id: string, symbol: string) => t.json('DELETE', `/api/watchlists/${id}/symbols/${encodeURIComponent(symbol)}`, undefined, h),
      alert: (id: string, symbol: string, body: unknown) => t.json('POST', `/api/watchlists/${id}/symbols/${encodeURIComponent(symbol)}/alerts`, body, h),
      deleteAlert: (alertId: string) => t.json('DELETE', `/api/watchlist-alerts/${alertId}`, undefined, h),
      notifications: () => t.json('GET', '/api/notifications', undefined, h),
      markRead: (body: unknown) => t.json('POST', '/api/notifications/read', body, h),
    };
  };

  /** Rows the user has in each table: "nothing stored" checks compare these before and after. */
  const countRows = async (userId: string) => {
    const [r] = await db.query<{ lists: number; symbols: number; alerts: number }>(sql`
      SELECT (SELECT count(*)::int FROM watchlists WHERE user_id = ${userId}) AS lists,
             (SELECT count(*)::int FROM watchlist_symbols s JOIN watchlists w ON w.id = s.watchlist_id WHERE w.user_id = ${userId}) AS symbols,
             (SELECT count(*)::int FROM watchlist_alerts WHERE user_id = ${userId}) AS alerts`);
    return { lists: Number(r!.lists), symbols: Number(r!.symbols), alerts: Number(r!.alerts) };
  };

  return { db, t, market, ledger, scripted, ticker, createUser, as, countRows };
}

export type WatchlistTest = Awaited<ReturnType<typeof startWatchlistTest>>;

/** Another watchlists feature on the same database, with its own scripted points: a second app process in one. */
export function createSecondTicker(k: WatchlistTest) {
  const scripted = createScriptedPoints();
  const mailer = createOutboxMailer({ db: k.db, logger: k.t.ctx.logger });
  const ticker = createWatchlistsFeature(k.t.ctx, { ledger: k.ledger, market: k.market, mailer, points: scripted.source });
  return { ticker, set: scripted.set };
}
