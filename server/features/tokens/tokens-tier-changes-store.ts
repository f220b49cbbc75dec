import { sql } from 'drizzle-orm';
import { addMonthsUtc, monthlyAllocationMt, planImmediateDowngrade, planTierChange } from '../../../core/tokens/index.ts';
import { AppError } from '../../lib/errors.ts';
import { ensureAccount, selectAccount } from './tokens-accounts-store.ts';
import { type LedgerContext, runInTransaction } from './ledger-context.ts';
import { findEntryByKey, insertAccountLedgerRow, toAccount } from './tokens-statements-store.ts';
import type { ChangeTierOptions, Tier, TierChangeResult } from './ledger-types.ts';
import { assertActor, assertKey, assertTier, assertUserId } from './validation.ts';

/**
 * Changes the tier now, at the period end, or takes back an unspent upgrade grant (see `LedgerService.changeTier`);
 * one `tier_change` ledger row per change, idempotent on the key.
 */
export async function changeTier(ctx: LedgerContext, userId: string, tier: Tier, opts: ChangeTierOptions): Promise<TierChangeResult> {
  assertUserId(userId);
  const to = assertTier(tier);
  const actor = assertActor(opts.actor);
  const key = `tier:${opts.idempotencyKey !== undefined ? assertKey(opts.idempotencyKey) : crypto.randomUUID()}`;
  if (opts.billingPeriodEnd && Number.isNaN(opts.billingPeriodEnd.getTime()))
    throw new AppError('BAD_REQUEST', 'Invalid billing period end.', { field: 'billingPeriodEnd' });
  return runInTransaction(ctx, opts.tx, async (q): Promise<TierChangeResult> => {
    const row = await ensureAccount(ctx, q, userId, { lock: true });
    if (await findEntryByKey(q, userId, key)) return { account: toAccount(row), applied: 'none', addedMt: 0 };
    const t = ctx.now();
    const from = row.subscription_tier;
    const period = { start: new Date(row.period_start), end: new Date(row.next_reset_date) };
    const plan = planTierChange(from, to, period, t);
    let planName: string = plan.kind;
    let planMeta: Record<string, unknown> = plan.kind === 'prorated-upgrade' ? { proration_factor: plan.prorationFactor } : {};
    const billingEnd = opts.billingPeriodEnd === undefined ? sql`actual_billing_period_end` : sql`${opts.billingPeriodEnd?.toISOString() ?? null}::timestamptz`;
    const ts = t.toISOString();
    let applied: TierChangeResult['applied'] = 'now';
    let newAllocation = Number(row.allocation_mt);
    if (plan.kind === 'none') {
      applied = 'none';
      await q.query(sql`UPDATE user_tokens SET pending_tier = NULL, actual_billing_period_end = ${billingEnd}, updated_at = ${ts} WHERE user_id = ${userId}`);
    } else if (plan.kind === 'at-period-end' && opts.downgradeNow && !opts.immediate && to !== 'Free') {
      const down = planImmediateDowngrade(from, to, { upgradeGrantMt: Number(row.upgrade_grant_mt), allocationMt: newAllocation, period }, t);
      newAllocation -= down.takeBackMt;
      planName = 'downgrade-now';
      planMeta = { basis: down.basis, owed_mt: down.owedMt, taken_back_mt: down.takeBackMt };
      await q.query(sql`UPDATE user_tokens SET subscription_tier = ${to}, pending_tier = NULL, previous_tier = ${from}, last_tier_change = ${ts},
        proration_factor = NULL, upgrade_grant_mt = 0, allocation_mt = ${newAllocation}, actual_billing_period_end = ${billingEnd}, updated_at = ${ts}
        WHERE user_id = ${userId}`);
    } else if (plan.kind === 'at-period-end' && !opts.immediate) {
      applied = 'at-period-end';
      await q.query(sql`UPDATE user_tokens SET pending_tier = ${to}, actual_billing_period_end = ${billingEnd}, updated_at = ${ts} WHERE user_id = ${userId}`);
    } else if (plan.kind === 'prorated-upgrade') {
      newAllocation += plan.addMt;
      await q.query(sql`UPDATE user_tokens SET subscription_tier = ${to}, pending_tier = NULL, previous_tier = ${from}, last_tier_change = ${ts},
        proration_factor = ${plan.prorationFactor}, upgrade_grant_mt = ${plan.addMt}, allocation_mt = ${newAllocation}, actual_billing_period_end = ${billingEnd}, updated_at = ${ts}
        WHERE user_id = ${userId}`);
    } else {
      // Free → paid, or an operator's immediate downgrade: a new period starts now with the full allocation.
      newAllocation = monthlyAllocationMt[to];
      await q.query(sql`UPDATE user_tokens SET subscription_tier = ${to}, pending_tier = NULL, previous_tier = ${from}, last_tier_change = ${ts},
        proration_factor = NULL, upgrade_grant_mt = 0, awaiting_payment = false, allocation_mt = ${newAllocation}, period_anchor = ${ts}, period_start = ${ts},
        next_reset_date = ${addMonthsUtc(t, 1).toISOString()}, actual_billing_period_end = ${to === 'Free' ? null : billingEnd},
        paid_through = ${to === 'Free' ? sql`NULL` : sql`paid_through`}, updated_at = ${ts}
        WHERE user_id = ${userId}`);
    }
    const delta = newAllocation - Number(row.allocation_mt);
    const meta = { from, to, applied, plan: planName, ...planMeta, ...opts.meta };
    await insertAccountLedgerRow(q, row, { reason: 'tier_change', deltaAllocationMt: delta, actor, idempotencyKey: key, meta, createdAt: ts });
    const account = toAccount((await selectAccount(q, userId))!);
    return { account, applied, addedMt: delta };
  });
}
