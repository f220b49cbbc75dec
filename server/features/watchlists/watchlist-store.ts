import { sql } from 'drizzle-orm';
import type { AlertKind } from '../../../core/watchlist/alert-rules.ts';
import type { AlertState, Transition } from '../../../core/watchlist/plan-transitions.ts';
import type { Queryable } from '../../adapters/db/index.ts';

interface WatchlistRow {
  id: string;
  name: string;
  createdAt: string;
  symbols: string[];
}

export interface StoredAlert {
  id: string;
  userId: string;
  watchlistId: string;
  symbol: string;
  kind: AlertKind;
  threshold: number | null;
  email: boolean;
  lastSide: string | null;
  lastValue: number | null;
  lastAsOf: string | null;
  firedCount: number;
  lastFiredAt: string | null;
  createdAt: string;
}

const toIso = (t: string | Date | null) => (t === null ? null : new Date(t).toISOString());
const toNumberOrNull = (v: unknown) => (v === null || v === undefined ? null : Number(v));

/** Locks the user's row for the rest of the transaction: limit checks and the insert they guard run one at a time per user. */
export async function lockOwner(tx: Queryable, userId: string): Promise<void> {
  await tx.query(sql`SELECT id FROM "user" WHERE id = ${userId} FOR UPDATE`);
}

/** The user's lists oldest first, `limit` of them after the keyset position `after` (created_at, id). */
export async function listWatchlistRows(q: Queryable, userId: string, page: { limit: number; after?: { at: string; id: string } }): Promise<WatchlistRow[]> {
  const after = page.after ? sql`AND (w.created_at, w.id) > (${page.after.at}::timestamptz, ${page.after.id}::uuid)` : sql``;
  const rows = await q.query<{ id: string; name: string; created_at: string | Date; symbols: string[] | string | null }>(sql`
    SELECT w.id, w.name, w.created_at,
           COALESCE(array_agg(s.symbol ORDER BY s.added_at, s.symbol) FILTER (WHERE s.symbol IS NOT NULL), '{}') AS symbols
    FROM watchlists w LEFT JOIN watchlist_symbols s ON s.watchlist_id = w.id
    WHERE w.user_id = ${userId} ${after}
    GROUP BY w.id ORDER BY w.created_at, w.id
    LIMIT ${page.limit}`);
  return rows.map((r) => ({ id: r.id, name: r.name, createdAt: toIso(r.created_at)!, symbols: parseTextArray(r.symbols) }));
}

/** node-pg parses text[]; PGlite too, but an array literal string is accepted for safety. */
function parseTextArray(v: string[] | string | null): string[] {
  if (v === null) return [];
  if (Array.isArray(v)) return v;
  const inner = v.replace(/^\{|\}$/g, '');
  return inner ? inner.split(',').map((s) => s.replace(/^"|"$/g, '')) : [];
}

export async function countWatchlists(q: Queryable, userId: string): Promise<number> {
  const [r] = await q.query<{ n: number }>(sql`SELECT count(*)::int AS n FROM watchlists WHERE user_id = ${userId}`);
  return Number(r?.n ?? 0);
}

export async function findWatchlist(q: Queryable, userId: string, id: string): Promise<{ id: string; name: string } | null> {
  const [r] = await q.query<{ id: string; name: string }>(sql`SELECT id, name FROM watchlists WHERE id = ${id} AND user_id = ${userId}`);
  return r ?? null;
}

export async function findWatchlistByName(q: Queryable, userId: string, name: string): Promise<{ id: string } | null> {
  const [r] = await q.query<{ id: string }>(sql`SELECT id FROM watchlists WHERE user_id = ${userId} AND lower(name) = lower(${name})`);
  return r ?? null;
}

export async function insertWatchlist(q: Queryable, w: { id: string; userId: string; name: string; at: string }): Promise<void> {
  await q.query(sql`INSERT INTO watchlists (id, user_id, name, created_at, updated_at) VALUES (${w.id}, ${w.userId}, ${w.name}, ${w.at}, ${w.at})`);
}

export async function renameWatchlistRow(q: Queryable, userId: string, id: string, name: string, at: string): Promise<boolean> {
  const rows = await q.query(sql`UPDATE watchlists SET name = ${name}, updated_at = ${at} WHERE id = ${id} AND user_id = ${userId} RETURNING id`);
  return rows.length === 1;
}

export async function deleteWatchlistRow(q: Queryable, userId: string, id: string): Promise<boolean> {
  const rows = await q.query(sql`DELETE FROM watchlists WHERE id = ${id} AND user_id = ${userId} RETURNING id`);
  return rows.length === 1;
}

export async function countSymbols(q: Queryable, watchlistId: string): Promise<number> {
  const [r] = await q.query<{ n: number }>(sql`SELECT count(*)::int AS n FROM watchlist_symbols WHERE watchlist_id = ${watchlistId}`);
  return Number(r?.n ?? 0);
}

export async function hasSymbol(q: Queryable, watchlistId: string, symbol: string): Promise<boolean> {
  const rows = await q.query(sql`SELECT 1 FROM watchlist_symbols WHERE watchlist_id = ${watchlistId} AND symbol = ${symbol}`);
  return rows.length > 0;
}

export async function insertSymbol(q: Queryable, watchlistId: string, symbol: string, at: string): Promise<void> {
  await q.query(sql`INSERT INTO watchlist_symbols (watchlist_id, symbol, added_at) VALUES (${watchlistId}, ${symbol}, ${at})`);
  await q.query(sql`UPDATE watchlists SET updated_at = ${at} WHERE id = ${watchlistId}`);
}

/** Removes the symbol and, by the foreign key, its alerts. */
export async function deleteSymbolRow(q: Queryable, watchlistId: string, symbol: string): Promise<boolean> {
  const rows = await q.query(sql`DELETE FROM watchlist_symbols WHERE watchlist_id = ${watchlistId} AND symbol = ${symbol} RETURNING symbol`);
  return rows.length === 1;
}

interface AlertRow {
  id: string;
  user_id: string;
  watchlist_id: string;
  symbol: string;
  kind: AlertKind;
  threshold: number | string | null;
  email: boolean;
  last_side: string | null;
  last_value: number | string | null;
  last_as_of: string | null;
  fired_count: number | string;
  last_fired_at: string | Date | null;
  created_at: string | Date;
}

const ALERT_COLUMNS = sql`id, user_id, watchlist_id, symbol, kind, threshold, email, last_side, last_value, last_as_of, fired_count, last_fired_at, created_at`;

function toStoredAlert(r: AlertRow): StoredAlert {
  return {
    id: r.id,
    userId: r.user_id,
    watchlistId: r.watchlist_id,
    symbol: r.symbol,
    kind: r.kind,
    threshold: toNumberOrNull(r.threshold),
    email: r.email,
    lastSide: r.last_side,
    lastValue: toNumberOrNull(r.last_value),
    lastAsOf: r.last_as_of,
    firedCount: Number(r.fired_count),
    lastFiredAt: toIso(r.last_fired_at),
    createdAt: toIso(r.created_at)!,
  };
}

export async function listAlertsOfUser(q: Queryable, userId: string): Promise<StoredAlert[]> {
  const rows = await q.query<AlertRow>(sql`SELECT ${ALERT_COLUMNS} FROM watchlist_alerts WHERE user_id = ${userId} ORDER BY created_at, id`);
  return rows.map(toStoredAlert);
}

export async function countAlerts(q: Queryable, watchlistId: string, symbol: string): Promise<number> {
  const [r] = await q.query<{ n: number }>(sql`SELECT count(*)::int AS n FROM watchlist_alerts WHERE watchlist_id = ${watchlistId} AND symbol = ${symbol}`);
  return Number(r?.n ?? 0);
}

export async function findSameAlert(q: Queryable, a: { watchlistId: string; symbol: string; kind: AlertKind; threshold: number | null }): Promise<boolean> {
  const rows = await q.query(sql`
    SELECT 1 FROM watchlist_alerts
    WHERE watchlist_id = ${a.watchlistId} AND symbol = ${a.symbol} AND kind = ${a.kind} AND threshold IS NOT DISTINCT FROM ${a.threshold}::double precision`);
  return rows.length > 0;
}

export async function insertAlert(q: Queryable, a: StoredAlert): Promise<void> {
  await q.query(sql`
    INSERT INTO watchlist_alerts (id, user_id, watchlist_id, symbol, kind, threshold, email, last_side, last_value, last_as_of, fired_count, created_at)
    VALUES (${a.id}, ${a.userId}, ${a.watchlistId}, ${a.symbol}, ${a.kind}, ${a.threshold}::double precision, ${a.email}, ${a.lastSide},
            ${a.lastValue}::double precision, ${a.lastAsOf}, 0, ${a.createdAt})`);
}

export async function deleteAlertRow(q: Queryable, userId: string, id: string): Promise<boolean> {
  const rows = await q.query(sql`DELETE FROM watchlist_alerts WHERE id = ${id} AND user_id = ${userId} RETURNING id`);
  return rows.length === 1;
}

/** Symbols that carry at least one alert: what a tick needs figures for. */
export async function listAlertedSymbols(q: Queryable): Promise<string[]> {
  const rows = await q.query<{ symbol: string }>(sql`SELECT DISTINCT symbol FROM watchlist_alerts ORDER BY symbol`);
  return rows.map((r) => r.symbol);
}

/**
 * The rule and state of every alert on these symbols (null: on all), for the tick (all users: the tick is the
 * system's, not a request's); only what the machine reads.
 */
export async function listAlertStates(q: Queryable, symbols: readonly string[] | null): Promise<AlertState[]> {
  const onSymbols = symbols === null ? sql`` : sql` WHERE symbol IN (SELECT jsonb_array_elements_text(${JSON.stringify(symbols)}::jsonb))`;
  const rows = await q.query<{ id: string; symbol: string; kind: AlertKind; threshold: number | null; last_side: string | null; last_as_of: string | null }>(
    sql`SELECT id, symbol, kind, threshold, last_side, last_as_of FROM watchlist_alerts${onSymbols}`,
  );
  return rows.map((r) => ({
    id: r.id,
    symbol: r.symbol,
    kind: r.kind,
    threshold: r.threshold === null ? null : Number(r.threshold),
    lastSide: r.last_side,
    lastAsOf: r.last_as_of,
  }));
}

interface FiredNotification {
  id: string;
  emailStatus: 'pending' | 'off';
}

/**
 * Applies a tick's transitions in one statement: each alert moves only if it is still in the state the tick
 * read (another process that got there first leaves nothing to move), and each firing that moved inserts
 * its notification. Returns the notifications written.
 */
export async function applyTransitions(q: Queryable, transitions: Transition[], at: string): Promise<FiredNotification[]> {
  if (transitions.length === 0) return [];
  const input = JSON.stringify(
    transitions.map((t) => ({
      id: t.id,
      prev_side: t.prevSide,
      prev_as_of: t.prevAsOf,
      side: t.side,
      value: t.value !== null && Number.isFinite(t.value) ? t.value : null,
      as_of: t.asOf,
      fired: t.fired,
      title: t.title,
      body: t.body,
    })),
  );
  const rows = await q.query<{ id: string; email_status: 'pending' | 'off' }>(sql`
    WITH input AS (
      SELECT * FROM jsonb_to_recordset(${input}::jsonb)
        AS i(id uuid, prev_side text, prev_as_of text, side text, value double precision, as_of text, fired boolean, title text, body text)
    ), moved AS (
      UPDATE watchlist_alerts a SET
        last_side = i.side, last_value = i.value, last_as_of = i.as_of,
        fired_count = a.fired_count + CASE WHEN i.fired THEN 1 ELSE 0 END,
        last_fired_at = CASE WHEN i.fired THEN ${at}::timestamptz ELSE a.last_fired_at END
      FROM input i
      WHERE a.id = i.id AND a.last_side IS NOT DISTINCT FROM i.prev_side AND a.last_as_of IS NOT DISTINCT FROM i.prev_as_of
      RETURNING a.id, a.user_id, a.symbol, a.email, i.fired, i.title, i.body, i.as_of
    )
    INSERT INTO notifications (id, user_id, alert_id, symbol, title, body, as_of, created_at, email_status)
    SELECT gen_random_uuid(), m.user_id, m.id, m.symbol, m.title, m.body, m.as_of, ${at}::timestamptz, CASE WHEN m.email THEN 'pending' ELSE 'off' END
    FROM moved m WHERE m.fired
    ON CONFLICT (alert_id, as_of) DO NOTHING
    RETURNING id, email_status`);
  return rows.map((r) => ({ id: r.id, emailStatus: r.email_status }));
}

export interface NotificationRow {
  id: string;
  alertId: string | null;
  symbol: string;
  title: string;
  body: string;
  asOf: string;
  createdAt: string;
  readAt: string | null;
  emailStatus: string;
}

export async function listNotificationRows(q: Queryable, userId: string, limit: number): Promise<{ rows: NotificationRow[]; unread: number }> {
  const rows = await q.query<{
    id: string;
    alert_id: string | null;
    symbol: string;
    title: string;
    body: string;
    as_of: string;
    created_at: string | Date;
    read_at: string | Date | null;
    email_status: string;
  }>(sql`
    SELECT id, alert_id, symbol, title, body, as_of, created_at, read_at, email_status FROM notifications
    WHERE user_id = ${userId} ORDER BY created_at DESC, id DESC LIMIT ${limit}`);
  const [u] = await q.query<{ n: number }>(sql`SELECT count(*)::int AS n FROM notifications WHERE user_id = ${userId} AND read_at IS NULL`);
  return {
    rows: rows.map((r) => ({
      id: r.id,
      alertId: r.alert_id,
      symbol: r.symbol,
      title: r.title,
      body: r.body,
      asOf: r.as_of,
      createdAt: toIso(r.created_at)!,
      readAt: toIso(r.read_at),
      emailStatus: r.email_status,
    })),
    unread: Number(u?.n ?? 0),
  };
}

/** Marks the user's notifications read: the listed ids, or all of them when `ids` is null. */
export async function markNotificationsRead(q: Queryable, userId: string, ids: string[] | null, at: string): Promise<void> {
  if (ids === null) {
    await q.query(sql`UPDATE notifications SET read_at = ${at} WHERE user_id = ${userId} AND read_at IS NULL`);
    return;
  }
  if (ids.length === 0) return;
  await q.query(sql`
    UPDATE notifications SET read_at = ${at}
    WHERE user_id = ${userId} AND read_at IS NULL AND id IN (SELECT value::uuid FROM jsonb_array_elements_text(${JSON.stringify(ids)}::jsonb))`);
}

export interface EmailClaim {
  id: string;
  to: string;
  title: string;
  body: string;
  attempts: number;
}

/** A sending claim older than this is taken to be a process that died mid-send: the mail goes out again. */
const EMAIL_CLAIM_STALE_MS = 10 * 60_000;
export const MAX_EMAIL_ATTEMPTS = 3;

/** Claims up to `limit` due e-mails for this process: one conditional update, so each is claimed by one process. */
export async function claimDueEmails(q: Queryable, at: string, limit: number): Promise<EmailClaim[]> {
  const staleBefore = new Date(new Date(at).getTime() - EMAIL_CLAIM_STALE_MS).toISOString();
  const rows = await q.query<{ id: string; email: string; title: string; body: string; email_attempts: number }>(sql`
    UPDATE notifications n SET email_status = 'sending', email_claimed_at = ${at}, email_attempts = n.email_attempts + 1
    FROM "user" u
    WHERE u.id = n.user_id AND n.id IN (
      SELECT id FROM notifications
      WHERE email_status = 'pending' OR (email_status = 'sending' AND email_claimed_at < ${staleBefore}::timestamptz)
      ORDER BY created_at LIMIT ${limit} FOR UPDATE SKIP LOCKED)
    RETURNING n.id, u.email, n.title, n.body, n.email_attempts`);
  return rows.map((r) => ({ id: r.id, to: r.email, title: r.title, body: r.body, attempts: Number(r.email_attempts) }));
}

export async function finishEmail(q: Queryable, id: string, outcome: 'sent' | 'retry' | 'failed'): Promise<void> {
  const status = outcome === 'retry' ? 'pending' : outcome;
  await q.query(sql`UPDATE notifications SET email_status = ${status} WHERE id = ${id} AND email_status = 'sending'`);
}

/** The user's lists (each with its symbols), alerts and notifications, oldest first, for the account export. */
export async function readWatchlistsForExport(q: Queryable, userId: string) {
  const rows = (statement: ReturnType<typeof sql>) => q.query<{ r: Record<string, unknown> }>(statement).then((rs) => rs.map((x) => x.r));
  return {
    watchlists: await rows(sql`
      SELECT row_to_json(t) AS r FROM (
        SELECT w.id, w.name, w.created_at, w.updated_at,
          COALESCE((SELECT json_agg(json_build_object('symbol', s.symbol, 'added_at', s.added_at) ORDER BY s.added_at, s.symbol)
            FROM watchlist_symbols s WHERE s.watchlist_id = w.id), '[]'::json) AS symbols
        FROM watchlists w WHERE w.user_id = ${userId} ORDER BY w.created_at, w.id) t`),
    alerts: await rows(sql`
      SELECT row_to_json(t) AS r FROM (
        SELECT id, watchlist_id, symbol, kind, threshold, email, last_side, last_value, last_as_of, fired_count, last_fired_at, created_at
        FROM watchlist_alerts WHERE user_id = ${userId} ORDER BY created_at, id) t`),
    notifications: await rows(sql`
      SELECT row_to_json(t) AS r FROM (
        SELECT id, alert_id, symbol, title, body, as_of, created_at, read_at, email_status
        FROM notifications WHERE user_id = ${userId} ORDER BY created_at, id) t`),
  };
}
