import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Database } from '../adapters/db/index.ts';
import type { AccountFeature } from '../features/account/index.ts';
import type { LedgerService } from '../features/tokens/index.ts';
import type { Feature } from '../http/feature.ts';

/** The ids of one user's rows in every feature that stores something for a user (what the export must hold). */
export interface SeededRows {
  analysisId: string;
  shareId: string;
  conversationId: string;
  messageIds: string[];
  watchlistId: string;
  alertId: string;
  notificationId: string;
  screenId: string;
  valuationId: string;
  apiKeyId: string;
  checkoutId: string;
  holdId: string;
}

const hex64 = () => randomUUID().replaceAll('-', '') + randomUUID().replaceAll('-', '');

/**
 * One row (or two) of the user's in each feature's tables, written as the features write them: the analysis and the
 * copilot answer paid by a captured hold, a list with a symbol, an alert and its notification, a saved screen and
 * DCF, an API key, a share link, a paid top-up checkout credited through the ledger.
 */
export async function seedUserData(db: Database, ledger: LedgerService, userId: string): Promise<SeededRows> {
  const at = new Date().toISOString();
  await ledger.openAccount(userId);
  const hold = await ledger.hold(userId, 1_000, `seed-analysis-${userId}`);
  await ledger.capture(userId, hold.id);
  const ids = {
    analysisId: randomUUID(),
    shareId: randomUUID(),
    conversationId: randomUUID(),
    messageIds: [randomUUID(), randomUUID()],
    watchlistId: randomUUID(),
    alertId: randomUUID(),
    notificationId: randomUUID(),
    screenId: randomUUID(),
    valuationId: randomUUID(),
    apiKeyId: randomUUID(),
    checkoutId: randomUUID(),
    holdId: hold.id,
  };
  await db.query(sql`
    INSERT INTO analyses (id, user_id, symbol, kind, as_of, idempotency_key, request_fingerprint, cost_mt, hold_id, body, created_at)
    VALUES (${ids.analysisId}, ${userId}, 'AAPL', 'overview', '2026-07-02', ${`seed-${ids.analysisId}`}, 'fp', 1000, ${hold.id}, '{"note":"seeded"}'::jsonb, ${at})`);
  await db.query(sql`
    INSERT INTO analysis_shares (id, analysis_id, user_id, token_hash, token_prefix, show_owner_name, created_at)
    VALUES (${ids.shareId}, ${ids.analysisId}, ${userId}, ${hex64()}, 'abcd1234', false, ${at})`);
  await db.query(sql`INSERT INTO copilot_conversations (id, user_id, title, created_at) VALUES (${ids.conversationId}, ${userId}, 'Is AAPL cheap?', ${at})`);
  await db.query(sql`
    INSERT INTO copilot_messages (id, conversation_id, user_id, role, text, created_at, seq)
    VALUES (${ids.messageIds[0]}, ${ids.conversationId}, ${userId}, 'user', 'Is AAPL cheap?', ${at}, 0)`);
  await db.query(sql`
    INSERT INTO copilot_messages (id, conversation_id, user_id, role, text, mode, status, cost_mt, created_at, seq)
    VALUES (${ids.messageIds[1]}, ${ids.conversationId}, ${userId}, 'assistant', 'A refusal is free.', 'offline', 'refused', 0, ${at}, 1)`);
  await db.query(sql`INSERT INTO watchlists (id, user_id, name, created_at, updated_at) VALUES (${ids.watchlistId}, ${userId}, 'Mine', ${at}, ${at})`);
  await db.query(sql`INSERT INTO watchlist_symbols (watchlist_id, symbol, added_at) VALUES (${ids.watchlistId}, 'MSFT', ${at})`);
  await db.query(sql`
    INSERT INTO watchlist_alerts (id, user_id, watchlist_id, symbol, kind, threshold, created_at)
    VALUES (${ids.alertId}, ${userId}, ${ids.watchlistId}, 'MSFT', 'price_above', 500, ${at})`);
  await db.query(sql`
    INSERT INTO notifications (id, user_id, alert_id, symbol, title, body, as_of, created_at, email_status)
    VALUES (${ids.notificationId}, ${userId}, ${ids.alertId}, 'MSFT', 'MSFT above $500', 'Price rose above $500.00', '2026-07-02', ${at}, 'off')`);
  await db.query(sql`
    INSERT INTO screener_saved_screens (id, user_id, name, definition, created_at) VALUES (${ids.screenId}, ${userId}, 'Cheap', '{"filters":[]}'::jsonb, ${at})`);
  await db.query(sql`
    INSERT INTO valuations (id, user_id, symbol, label, inputs, result, created_at)
    VALUES (${ids.valuationId}, ${userId}, 'AAPL', 'My base case', '{}'::jsonb, '{}'::jsonb, ${at})`);
  await db.query(sql`
    INSERT INTO api_keys (id, user_id, name, key_hash, display_prefix, scopes, created_at)
    VALUES (${ids.apiKeyId}, ${userId}, 'laptop', ${`hash-${ids.apiKeyId}`}, 'sp_live_ab', ARRAY['read']::text[], ${at})`);
  await db.query(sql`
    INSERT INTO checkout_session (id, provider, provider_session_id, user_id, kind, tokens, amount_cents, status, credited_mt, fulfilled_at)
    VALUES (${ids.checkoutId}, 'sandbox', ${`cs_seed_${ids.checkoutId}`}, ${userId}, 'topup', 20, 2000, 'fulfilled', 20000, ${at})`);
  await ledger.creditPurchase(userId, { amountMt: 20_000, idempotencyKey: `cs_seed_${ids.checkoutId}`, actor: 'payments' });
  return ids;
}

/** Σ of every ledger column over all rows and Σ of the cached balances over all accounts: deletion must leave both as they were. */
export async function ledgerTotals(db: Database) {
  const [l] = await db.query<Record<string, number>>(sql`
    SELECT count(*)::int AS entries, COALESCE(SUM(delta_allocation_mt), 0)::float8 AS allocation_mt, COALESCE(SUM(delta_purchased_mt), 0)::float8 AS purchased_mt,
      COALESCE(SUM(delta_held_allocation_mt), 0)::float8 AS held_allocation_mt, COALESCE(SUM(delta_held_purchased_mt), 0)::float8 AS held_purchased_mt
    FROM token_ledger`);
  const [b] = await db.query<Record<string, number>>(sql`
    SELECT COALESCE(SUM(allocation_mt), 0)::float8 AS allocation_mt, COALESCE(SUM(purchased_mt), 0)::float8 AS purchased_mt,
      COALESCE(SUM(held_allocation_mt), 0)::float8 AS held_allocation_mt, COALESCE(SUM(held_purchased_mt), 0)::float8 AS held_purchased_mt
    FROM user_tokens`);
  return { ledger: l!, balances: b! };
}

/** How many rows of each personal table still reference the user. */
export async function personalRowsOf(db: Database, userId: string) {
  const tables = [
    'session',
    'account',
    'profiles',
    'analyses',
    'analysis_shares',
    'copilot_conversations',
    'copilot_messages',
    'watchlists',
    'watchlist_alerts',
    'notifications',
    'screener_saved_screens',
    'valuations',
    'api_keys',
    'user_tokens',
    'token_ledger',
    'token_holds',
    'checkout_session',
    'billing_customer',
  ];
  const out: Record<string, number> = {};
  for (const table of tables) {
    const column = table === 'profiles' ? 'id' : 'user_id';
    const [r] = await db.query<{ n: number }>(sql`SELECT count(*)::int AS n FROM ${sql.raw(table)} WHERE ${sql.raw(column)} = ${userId}`);
    out[table] = r!.n;
  }
  const [u] = await db.query<{ n: number }>(sql`SELECT count(*)::int AS n FROM "user" WHERE id = ${userId}`);
  out.user = u!.n;
  return out;
}

/** The app's account feature (the deletion job's tick). */
export const accountFeatureOf = (features: Feature[]) => features.find((f) => f.name === 'account') as AccountFeature;
