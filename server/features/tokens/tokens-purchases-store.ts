import { sql } from 'drizzle-orm';
import type { Queryable } from '../../adapters/db/index.ts';
import { AppError } from '../../lib/errors.ts';
import { ensureAccount } from './tokens-accounts-store.ts';
import { type LedgerContext, runInTransaction } from './ledger-context.ts';
import { type AccountRow, findEntryByKey, insertAccountLedgerRow } from './tokens-statements-store.ts';
import type { Actor, CreditPurchaseRequest, InTransaction, LedgerEntry, LedgerReason } from './ledger-types.ts';
import { assertActor, assertAmount, assertKey, assertUserId } from './validation.ts';

type Meta = Record<string, unknown>;

/**
 * Applies bucket deltas to a locked account and appends the ledger row. Caller holds the row lock.
 * Refuses (INSUFFICIENT_TOKENS) a delta that would take a bucket below zero; the CHECKs back this up.
 */
async function applyDelta(
  ctx: LedgerContext,
  q: Queryable,
  row: AccountRow,
  change: { deltaAllocationMt: number; deltaPurchasedMt: number; reason: LedgerReason; idempotencyKey: string; actor: Actor; meta?: Meta | null },
): Promise<LedgerEntry> {
  const alloc = Number(row.allocation_mt);
  const purchased = Number(row.purchased_mt);
  if (alloc + change.deltaAllocationMt < 0 || purchased + change.deltaPurchasedMt < 0) {
    throw new AppError('INSUFFICIENT_TOKENS', 'Not enough tokens in that bucket.');
  }
  const t = ctx.now().toISOString();
  await q.query(sql`UPDATE user_tokens SET allocation_mt = allocation_mt + ${change.deltaAllocationMt},
    purchased_mt = purchased_mt + ${change.deltaPurchasedMt}, updated_at = ${t} WHERE user_id = ${row.user_id}`);
  return insertAccountLedgerRow(q, row, { ...change, createdAt: t });
}

/** Adds to this period's allocation bucket; idempotent on the key (see `LedgerService.grantAllocation`). */
export async function grantAllocation(
  ctx: LedgerContext,
  userId: string,
  amountMt: number,
  opts: { idempotencyKey: string; actor: Actor; meta?: Meta } & InTransaction,
): Promise<LedgerEntry> {
  assertUserId(userId);
  assertAmount(amountMt);
  const key = `allocation:${assertKey(opts.idempotencyKey)}`;
  const actor = assertActor(opts.actor);
  return runInTransaction(ctx, opts.tx, async (q) => {
    const row = await ensureAccount(ctx, q, userId, { lock: true });
    const done = await findEntryByKey(q, userId, key);
    if (done) return done;
    return applyDelta(ctx, q, row, {
      deltaAllocationMt: amountMt,
      deltaPurchasedMt: 0,
      reason: 'allocation_grant',
      idempotencyKey: key,
      actor,
      meta: opts.meta,
    });
  });
}

/** Credits purchased tokens; a replayed key returns the first entry with `created: false`. */
export async function creditPurchase(ctx: LedgerContext, userId: string, request: CreditPurchaseRequest): Promise<{ entry: LedgerEntry; created: boolean }> {
  assertUserId(userId);
  const amountMt = assertAmount(request.amountMt);
  const key = `purchase:${assertKey(request.idempotencyKey)}`;
  const actor = assertActor(request.actor);
  return runInTransaction(ctx, request.tx, async (q) => {
    const row = await ensureAccount(ctx, q, userId, { lock: true });
    const done = await findEntryByKey(q, userId, key);
    if (done) return { entry: done, created: false };
    const entry = await applyDelta(ctx, q, row, {
      deltaAllocationMt: 0,
      deltaPurchasedMt: amountMt,
      reason: 'purchase',
      idempotencyKey: key,
      actor,
      meta: request.meta,
    });
    return { entry, created: true };
  });
}

/** Takes back the unspent part of a refunded purchase, once per key (see `LedgerService.reversePurchase`). */
export async function reversePurchase(
  ctx: LedgerContext,
  userId: string,
  purchaseKey: string,
  opts: { idempotencyKey: string; actor: Actor; amountMt?: number; meta?: Meta } & InTransaction,
): Promise<{ entry: LedgerEntry | null; reversedMt: number; unspentShortfallMt: number }> {
  assertUserId(userId);
  const pKey = `purchase:${assertKey(purchaseKey, 'purchaseKey')}`;
  const key = `refund:${assertKey(opts.idempotencyKey)}`;
  const actor = assertActor(opts.actor);
  if (opts.amountMt !== undefined) assertAmount(opts.amountMt);
  return runInTransaction(ctx, opts.tx, async (q) => {
    const row = await ensureAccount(ctx, q, userId, { lock: true });
    const done = await findEntryByKey(q, userId, key);
    if (done) return { entry: done, reversedMt: -done.deltaPurchasedMt, unspentShortfallMt: Number(done.meta?.shortfall_mt ?? 0) };
    const purchase = await findEntryByKey(q, userId, pKey);
    if (!purchase) throw new AppError('NOT_FOUND', 'No purchase with that key.', { field: 'purchaseKey' });
    const [prev] = await q.query<{ requested: number }>(sql`
      SELECT COALESCE(SUM((meta->>'requested_mt')::bigint), 0) AS requested FROM token_ledger
      WHERE user_id = ${userId} AND reason = 'refund' AND meta->>'purchase_key' = ${purchaseKey}`);
    const refundable = purchase.deltaPurchasedMt - Number(prev?.requested ?? 0);
    const requested = Math.min(opts.amountMt ?? purchase.deltaPurchasedMt, refundable);
    if (requested <= 0) return { entry: null, reversedMt: 0, unspentShortfallMt: 0 };
    const reversed = Math.min(requested, Number(row.purchased_mt));
    const entry = await applyDelta(ctx, q, row, {
      deltaAllocationMt: 0,
      deltaPurchasedMt: -reversed,
      reason: 'refund',
      idempotencyKey: key,
      actor,
      meta: { ...opts.meta, purchase_key: purchaseKey, requested_mt: requested, shortfall_mt: requested - reversed },
    });
    return { entry, reversedMt: reversed, unspentShortfallMt: requested - reversed };
  });
}

/** Operator grant (positive) or revoke (negative `deltaMt`) on one bucket, with a mandatory reason. */
export async function adjust(
  ctx: LedgerContext,
  userId: string,
  deltaMt: number,
  opts: { bucket: 'allocation' | 'purchased'; reason: string; actor: Actor; idempotencyKey?: string },
): Promise<LedgerEntry> {
  assertUserId(userId);
  if (typeof deltaMt !== 'number' || deltaMt === 0) throw new AppError('INVALID_AMOUNT', 'The amount must not be zero.', { field: 'amount' });
  assertAmount(Math.abs(deltaMt));
  if (opts.bucket !== 'allocation' && opts.bucket !== 'purchased')
    throw new AppError('BAD_REQUEST', 'Bucket must be allocation or purchased.', { field: 'bucket' });
  if (typeof opts.reason !== 'string' || opts.reason.trim().length === 0) throw new AppError('BAD_REQUEST', 'A reason is required.', { field: 'reason' });
  const actor = assertActor(opts.actor);
  const key = `operator:${opts.idempotencyKey !== undefined ? assertKey(opts.idempotencyKey) : crypto.randomUUID()}`;
  return ctx.db.transaction(async (q) => {
    const row = await ensureAccount(ctx, q, userId, { lock: true });
    const done = await findEntryByKey(q, userId, key);
    if (done) return done;
    return applyDelta(ctx, q, row, {
      deltaAllocationMt: opts.bucket === 'allocation' ? deltaMt : 0,
      deltaPurchasedMt: opts.bucket === 'purchased' ? deltaMt : 0,
      reason: deltaMt > 0 ? 'operator_grant' : 'operator_revoke',
      idempotencyKey: key,
      actor,
      meta: { note: opts.reason.trim(), bucket: opts.bucket },
    });
  });
}
