import { sql } from 'drizzle-orm';
import { findPeriodAt, isPeriodPaid, monthlyAllocationMt } from '../../../core/tokens/index.ts';
import { AppError } from '../../lib/errors.ts';
import { ensureAccount, selectAccount } from './tokens-accounts-store.ts';
import { type LedgerContext, runInTransaction } from './ledger-context.ts';
import { ACCOUNT_COLUMNS, type AccountRow, findEntryByKey, insertAccountLedgerRow, toAccount, toIso, toIsoOrNull } from './tokens-statements-store.ts';
import type { Actor, InTransaction, TokenAccount } from './ledger-types.ts';
import { assertActor, assertUserId, clampLimit } from './validation.ts';

/**
 * Resets every account whose period has ended (see `LedgerService.runMonthlyResets`): exactly once per user and
 * period, also with several runners at once. Returns how many accounts this call reset.
 */
export async function runMonthlyResets(ctx: LedgerContext, opts: { limit?: number; userId?: string } = {}): Promise<number> {
  const t = ctx.now();
  const ts = t.toISOString();
  const limit = clampLimit(opts.limit, 500, 5000);
  const only = opts.userId ? sql`AND user_id = ${opts.userId}` : sql``;
  const due = await ctx.db.query<{ user_id: string; next_reset_date: string }>(
    sql`SELECT user_id, next_reset_date FROM user_tokens WHERE next_reset_date <= ${ts} ${only} ORDER BY next_reset_date LIMIT ${limit}`,
  );
  let done = 0;
  for (const d of due) {
    const expected = toIso(d.next_reset_date);
    const did = await ctx.db.transaction(async (q) => {
      // Conditional on the period we saw: a second runner finds the row moved on (or waits, then finds it).
      const [row] = await q.query<AccountRow>(
        sql`SELECT ${ACCOUNT_COLUMNS} FROM user_tokens WHERE user_id = ${d.user_id} AND next_reset_date = ${expected} FOR UPDATE`,
      );
      if (!row) return false;
      const key = `reset:${expected}`;
      if (await findEntryByKey(q, row.user_id, key)) return false;
      const newTier = row.pending_tier ?? row.subscription_tier;
      const changed = newTier !== row.subscription_tier;
      const period = findPeriodAt(new Date(row.period_anchor), t);
      // A provider-billed paid tier gets the new period's allocation when its invoice is paid (markPeriodPaid).
      const waits = newTier !== 'Free' && row.paid_through !== null && !isPeriodPaid(period, new Date(row.paid_through));
      const allocation = waits ? 0 : monthlyAllocationMt[newTier];
      const [after] = await q.query<{ allocation_mt: number }>(sql`
        UPDATE user_tokens SET allocation_mt = ${allocation}, subscription_tier = ${newTier}, pending_tier = NULL,
          upgrade_grant_mt = 0, awaiting_payment = ${waits}, paid_through = ${newTier === 'Free' ? null : toIsoOrNull(row.paid_through)},
          previous_tier = ${changed ? row.subscription_tier : row.previous_tier}, last_tier_change = ${changed ? ts : toIsoOrNull(row.last_tier_change)},
          proration_factor = NULL, period_start = ${period.start.toISOString()}, next_reset_date = ${period.end.toISOString()},
          actual_billing_period_end = ${newTier === 'Free' ? null : toIsoOrNull(row.actual_billing_period_end)}, updated_at = ${ts}
        WHERE user_id = ${row.user_id} AND next_reset_date = ${expected}
        RETURNING allocation_mt`);
      if (!after) return false;
      const meta = {
        tier: newTier,
        ...(changed ? { from_tier: row.subscription_tier } : {}),
        period_start: period.start.toISOString(),
        ...(waits ? { awaiting_payment: true } : {}),
      };
      const deltaAllocationMt = allocation - Number(row.allocation_mt);
      await insertAccountLedgerRow(q, row, { reason: 'reset', deltaAllocationMt, actor: 'system:reset', idempotencyKey: key, meta, createdAt: ts });
      return true;
    });
    if (did) done += 1;
  }
  return done;
}

/** The provider says the subscription is paid up to `paidThrough`; grants a withheld allocation once. */
export async function markPeriodPaid(
  ctx: LedgerContext,
  userId: string,
  opts: { paidThrough: Date; actor: Actor; meta?: Record<string, unknown> } & InTransaction,
): Promise<{ grantedMt: number; account: TokenAccount }> {
  assertUserId(userId);
  const actor = assertActor(opts.actor);
  if (!(opts.paidThrough instanceof Date) || Number.isNaN(opts.paidThrough.getTime()))
    throw new AppError('BAD_REQUEST', 'Invalid paid-through date.', { field: 'paidThrough' });
  return runInTransaction(ctx, opts.tx, async (q) => {
    const row = await ensureAccount(ctx, q, userId, { lock: true });
    const known = row.paid_through === null ? null : new Date(row.paid_through);
    const paidThrough = known && known > opts.paidThrough ? known : opts.paidThrough;
    const ts = ctx.now().toISOString();
    const periodStart = toIso(row.period_start);
    const key = `paid:${periodStart}`;
    const due =
      row.awaiting_payment &&
      row.subscription_tier !== 'Free' &&
      isPeriodPaid({ start: new Date(row.period_start), end: new Date(row.next_reset_date) }, paidThrough) &&
      !(await findEntryByKey(q, userId, key));
    const grantedMt = due ? monthlyAllocationMt[row.subscription_tier] : 0;
    await q.query(sql`UPDATE user_tokens SET paid_through = ${paidThrough.toISOString()},
      awaiting_payment = ${due ? false : row.awaiting_payment}, allocation_mt = allocation_mt + ${grantedMt}, updated_at = ${ts} WHERE user_id = ${userId}`);
    if (due) {
      const meta = { tier: row.subscription_tier, period_start: periodStart, paid_late: true, ...opts.meta };
      await insertAccountLedgerRow(q, row, { reason: 'reset', deltaAllocationMt: grantedMt, actor, idempotencyKey: key, meta, createdAt: ts });
    }
    return { grantedMt, account: toAccount((await selectAccount(q, userId))!) };
  });
}
