import { type SQL, sql } from 'drizzle-orm';
import type { Queryable } from '../../adapters/db/index.ts';
import { AppError } from '../../lib/errors.ts';
import { insertAccount, selectAccount } from './tokens-accounts-store.ts';
import type { LedgerContext } from './ledger-context.ts';
import {
  HOLD_COLUMNS,
  type HoldRow,
  type HoldValues,
  holdStatement,
  jsonOrNull,
  pgErrorCode,
  type SettleValues,
  settleStatements,
  toHold,
} from './tokens-statements-store.ts';
import type { Actor, Hold, HoldRequest } from './ledger-types.ts';
import { assertActor, assertAmount, assertHoldTtl, assertKey, assertUserId, clampLimit } from './validation.ts';
import { UUID_RE } from '../../lib/uuid.ts';

async function findHold(q: Queryable, userId: string, holdId: string): Promise<Hold | undefined> {
  if (!UUID_RE.test(holdId)) return undefined;
  const [row] = await q.query<HoldRow>(sql`SELECT ${HOLD_COLUMNS} FROM token_holds WHERE id = ${holdId} AND user_id = ${userId}`);
  return row ? toHold(row) : undefined;
}

async function findHoldByKey(q: Queryable, userId: string, key: string): Promise<Hold | undefined> {
  const [row] = await q.query<HoldRow>(sql`SELECT ${HOLD_COLUMNS} FROM token_holds WHERE user_id = ${userId} AND idempotency_key = ${key}`);
  return row ? toHold(row) : undefined;
}

function replayHold(existing: Hold, costMt: number): Hold {
  if (existing.costMt !== costMt) throw new AppError('CONFLICT', 'This idempotency key was used for a hold of another amount.', { field: 'idempotencyKey' });
  return existing;
}

/** Reserves tokens with the one hold statement (see `LedgerService.hold`). */
export async function hold(ctx: LedgerContext, userId: string, request: HoldRequest): Promise<Hold> {
  const { costMt, idempotencyKey } = request;
  assertUserId(userId);
  assertAmount(costMt, 'cost');
  assertKey(idempotencyKey);
  const ttlMs = assertHoldTtl(request.ttlMs ?? ctx.defaultHoldTtlMs);
  const actor = assertActor(request.actor ?? `user:${userId}`);
  const meta = jsonOrNull(request.meta);
  for (let attempt = 0; attempt < 2; attempt++) {
    const t = ctx.now();
    let rows: HoldRow[];
    try {
      rows = await ctx.db.run<HoldRow, HoldValues>(holdStatement, {
        userId,
        costMt,
        key: idempotencyKey,
        expiresAt: new Date(t.getTime() + ttlMs).toISOString(),
        createdAt: t.toISOString(),
        actor,
        meta,
      });
    } catch (e) {
      const { code } = pgErrorCode(e);
      if (code !== '23505') throw e;
      // Same key, concurrently or earlier: the whole statement rolled back; return the first hold.
      const existing = await findHoldByKey(ctx.db, userId, idempotencyKey);
      if (existing) return replayHold(existing, costMt);
      throw e;
    }
    if (rows[0]) {
      ctx.metrics?.held();
      return toHold(rows[0]);
    }
    const existing = await findHoldByKey(ctx.db, userId, idempotencyKey);
    if (existing) return replayHold(existing, costMt);
    const account = await selectAccount(ctx.db, userId);
    if (account) {
      const balanceMt = Number(account.allocation_mt) + Number(account.purchased_mt);
      ctx.metrics?.refused();
      throw new AppError('INSUFFICIENT_TOKENS', 'Not enough tokens for this action.', { details: { cost: costMt / 1000, balance: balanceMt / 1000 } });
    }
    await insertAccount(ctx, ctx.db, userId);
  }
  throw new AppError('NOT_FOUND', 'No such user.', { field: 'userId' });
}

/** Settles a pending hold with its one statement; explains why when it was not pending. */
async function settle(ctx: LedgerContext, userId: string, holdId: string, how: { status: 'captured' | 'released'; actor?: Actor }): Promise<Hold> {
  assertUserId(userId);
  if (typeof holdId !== 'string' || !UUID_RE.test(holdId)) throw new AppError('HOLD_NOT_FOUND', 'No such hold.', { field: 'holdId' });
  const [row] = await ctx.db.run<HoldRow, SettleValues>(settleStatements[how.status], {
    userId,
    holdId,
    actor: assertActor(how.actor ?? `user:${userId}`),
    at: ctx.now().toISOString(),
  });
  if (row) {
    // Counted where the statement settled it: a repeated capture or release of a settled hold is not counted twice.
    if (how.status === 'captured') ctx.metrics?.captured();
    else ctx.metrics?.released();
    return toHold(row);
  }
  const existing = await findHold(ctx.db, userId, holdId);
  if (!existing) throw new AppError('HOLD_NOT_FOUND', 'No such hold.', { field: 'holdId' });
  if (existing.status === how.status) return existing;
  throw new AppError('HOLD_NOT_PENDING', `This hold was already ${existing.status}.`, { field: 'holdId' });
}

export function capture(ctx: LedgerContext, userId: string, holdId: string, opts: { actor?: Actor } = {}): Promise<Hold> {
  return settle(ctx, userId, holdId, { status: 'captured', actor: opts.actor });
}

export function release(ctx: LedgerContext, userId: string, holdId: string, opts: { actor?: Actor } = {}): Promise<Hold> {
  return settle(ctx, userId, holdId, { status: 'released', actor: opts.actor });
}

/**
 * Hold, run `work`, capture on success, release when it throws (then rethrows the work's error). A release that
 * fails too is logged and the hold left pending: the sweeper expires it after its TTL and the tokens come back.
 */
export async function withHold<T>(
  ctx: LedgerContext,
  userId: string,
  request: HoldRequest,
  work: (hold: Hold) => Promise<T>,
): Promise<{ result: T; hold: Hold }> {
  const held = await hold(ctx, userId, request);
  if (held.status === 'captured') throw new AppError('CONFLICT', 'This request was already completed.', { field: 'idempotencyKey' });
  let result: T;
  try {
    result = await work(held);
  } catch (e) {
    await release(ctx, userId, held.id, { actor: request.actor }).catch((releaseError: unknown) => {
      ctx.logger?.error(
        { err: releaseError, userId, holdId: held.id, expiresAt: held.expiresAt },
        'ledger: could not release the hold of failed work; while pending, the sweeper expires it after its TTL',
      );
    });
    throw e;
  }
  const captured = await capture(ctx, userId, held.id, { actor: request.actor });
  return { result, hold: captured };
}

/** Sweeper: expires pending holds past their TTL, each by one conditional statement; returns how many this call expired. */
export async function expireStaleHolds(ctx: LedgerContext, opts: { limit?: number; userId?: string } = {}): Promise<number> {
  const at = ctx.now().toISOString();
  const limit = clampLimit(opts.limit, 500, 5000);
  const only = opts.userId ? sql`AND user_id = ${opts.userId}` : sql``;
  const due = await ctx.db.query<{ id: string; user_id: string }>(
    sql`SELECT id, user_id FROM token_holds WHERE status = 'pending' AND expires_at <= ${at} ${only} ORDER BY expires_at LIMIT ${limit}`,
  );
  let expired = 0;
  for (const h of due) {
    // Conditional on status = 'pending': a racing capture, or another process's sweeper, wins cleanly.
    const rows = await ctx.db.run(settleStatements.expired, { userId: h.user_id, holdId: h.id, actor: 'system:sweeper', at });
    expired += rows.length;
  }
  ctx.metrics?.expired(expired);
  return expired;
}

/**
 * The one rule for paid rows (an analysis, a paid copilot answer): a row is served only once its hold was
 * captured. The statement that charged is the one that makes the row visible, so a run that failed or was
 * killed before the capture is never served. `holdId` is the row's hold column, e.g. sql`a.hold_id`.
 */
export const servedOnlyOnceCaptured = (holdId: SQL): SQL => sql`EXISTS (SELECT 1 FROM token_holds h WHERE h.id = ${holdId} AND h.status = 'captured')`;
