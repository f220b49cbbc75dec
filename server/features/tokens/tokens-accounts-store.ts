import { sql } from 'drizzle-orm';
import { prepareStatement, type Queryable } from '../../adapters/db/index.ts';
import { addMonthsUtc, monthlyAllocationMt } from '../../../core/tokens/index.ts';
import { AppError } from '../../lib/errors.ts';
import type { LedgerContext } from './ledger-context.ts';
import { ACCOUNT_COLUMNS, type AccountRow, insertLedgerRow, pgErrorCode, toAccount } from './tokens-statements-store.ts';
import type { TokenAccount } from './ledger-types.ts';
import { assertUserId } from './validation.ts';

export async function selectAccount(q: Queryable, userId: string, { lock = false } = {}): Promise<AccountRow | undefined> {
  const [row] = await q.query<AccountRow>(
    lock
      ? sql`SELECT ${ACCOUNT_COLUMNS} FROM user_tokens WHERE user_id = ${userId} FOR UPDATE`
      : sql`SELECT ${ACCOUNT_COLUMNS} FROM user_tokens WHERE user_id = ${userId}`,
  );
  return row;
}

const readAccountsStatement = prepareStatement<{ userIds: string }>(
  'ledger_read_accounts',
  sql`SELECT ${ACCOUNT_COLUMNS} FROM user_tokens WHERE user_id = ANY(ARRAY(SELECT jsonb_array_elements_text(${sql.placeholder('userIds')}::jsonb)))`,
);

/** The accounts of `userIds` in one statement (a JSON array parameter on both engines), in their order; undefined where missing. */
export async function selectAccounts(q: Queryable, userIds: string[]): Promise<Array<AccountRow | undefined>> {
  const rows = await q.run<AccountRow>(readAccountsStatement, { userIds: JSON.stringify([...new Set(userIds)]) });
  const byId = new Map(rows.map((r) => [r.user_id, r]));
  return userIds.map((id) => byId.get(id));
}

/** INSERT … ON CONFLICT DO NOTHING plus the opening ledger row, in one statement. */
export async function insertAccount(ctx: LedgerContext, q: Queryable, userId: string): Promise<void> {
  const t = ctx.now();
  const ts = t.toISOString();
  const next = addMonthsUtc(t, 1).toISOString();
  const allocationMt = monthlyAllocationMt.Free;
  try {
    await insertLedgerRow(
      q,
      { userId, reason: 'open', deltaAllocationMt: allocationMt, balanceBeforeMt: 0, actor: 'system', idempotencyKey: 'open', createdAt: ts },
      sql`INSERT INTO user_tokens (user_id, subscription_tier, allocation_mt, period_anchor, period_start, next_reset_date, created_at, updated_at)
        VALUES (${userId}, 'Free', ${allocationMt}, ${ts}, ${ts}, ${next}, ${ts}, ${ts})
        ON CONFLICT (user_id) DO NOTHING
        RETURNING user_id`,
    );
  } catch (e) {
    const { code } = pgErrorCode(e);
    if (code === '23503') throw new AppError('NOT_FOUND', 'No such user.', { field: 'userId' });
    // A concurrent opener won the ledger's 'open' key after the account row was deleted and re-created.
    if (code === '23505') return;
    throw e;
  }
}

/** The account row, created when missing; `lock` takes the row lock (inside the caller's transaction). */
export async function ensureAccount(ctx: LedgerContext, q: Queryable, userId: string, { lock = false } = {}): Promise<AccountRow> {
  const existing = await selectAccount(q, userId, { lock });
  if (existing) return existing;
  await insertAccount(ctx, q, userId);
  const row = await selectAccount(q, userId, { lock });
  if (!row) throw new AppError('NOT_FOUND', 'No such user.', { field: 'userId' });
  return row;
}

export async function openAccount(ctx: LedgerContext, userId: string): Promise<TokenAccount> {
  assertUserId(userId);
  await insertAccount(ctx, ctx.db, userId);
  const row = await selectAccount(ctx.db, userId);
  if (!row) throw new AppError('NOT_FOUND', 'No such user.', { field: 'userId' });
  return toAccount(row);
}

/** The account, opened when missing. Busy moments share one read for many users (ctx.readAccount). */
export async function getAccount(ctx: LedgerContext, userId: string): Promise<TokenAccount> {
  assertUserId(userId);
  return toAccount((await ctx.readAccount(userId)) ?? (await ensureAccount(ctx, ctx.db, userId)));
}

/**
 * A deleted account's token records move to its pseudonymous id (`deleted_…`, whose "user" row the caller inserted
 * first), inside the caller's transaction: the balance row is copied under the new id with no further resets
 * (`next_reset_date` infinity: no allocation is ever granted to it again), holds follow it, and every ledger row's
 * user_id is rewritten — the one change the append-only trigger accepts (migration 0970). No amount changes, so
 * Σ ledger = balances holds before and after. The old balance row goes with the user row (cascade).
 */
export async function moveTokensToPseudonym(q: Queryable, userId: string, pseudonymId: string): Promise<void> {
  await q.query(sql`
    INSERT INTO user_tokens (user_id, subscription_tier, pending_tier, allocation_mt, purchased_mt, held_allocation_mt, held_purchased_mt,
      period_anchor, period_start, next_reset_date, actual_billing_period_end, last_tier_change, previous_tier, proration_factor, created_at, updated_at)
    SELECT ${pseudonymId}, subscription_tier, NULL, allocation_mt, purchased_mt, held_allocation_mt, held_purchased_mt,
      period_anchor, period_start, 'infinity', actual_billing_period_end, last_tier_change, previous_tier, proration_factor, created_at, updated_at
    FROM user_tokens WHERE user_id = ${userId}`);
  await q.query(sql`UPDATE token_holds SET user_id = ${pseudonymId} WHERE user_id = ${userId}`);
  await q.query(sql`SELECT set_config('stockpilot.anonymise_ledger_to', ${pseudonymId}, true)`);
  await q.query(sql`UPDATE token_ledger SET user_id = ${pseudonymId} WHERE user_id = ${userId}`);
  await q.query(sql`SELECT set_config('stockpilot.anonymise_ledger_to', '', true)`);
}
