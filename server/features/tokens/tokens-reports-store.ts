import { sql } from 'drizzle-orm';
import type { Queryable } from '../../adapters/db/index.ts';
import { AppError } from '../../lib/errors.ts';
import type { LedgerContext } from './ledger-context.ts';
import { HOLD_COLUMNS, type HoldRow, type LedgerRow, toEntry, toHold } from './tokens-statements-store.ts';
import type { Hold, HoldStatus, LedgerEntry, ReconcileMismatch, ReconcileReport } from './ledger-types.ts';
import { clampLimit } from './validation.ts';

/** Holds of a user, newest first. */
export async function listHolds(ctx: LedgerContext, userId: string, opts: { limit?: number; status?: HoldStatus } = {}): Promise<Hold[]> {
  const limit = clampLimit(opts.limit, 50, 1000);
  const status = opts.status ? sql`AND status = ${opts.status}` : sql``;
  const rows = await ctx.db.query<HoldRow>(
    sql`SELECT ${HOLD_COLUMNS} FROM token_holds WHERE user_id = ${userId} ${status} ORDER BY created_at DESC LIMIT ${limit}`,
  );
  return rows.map(toHold);
}

/** Ledger entries of a user, newest first. */
export async function listEntries(ctx: LedgerContext, userId: string, opts: { limit?: number } = {}): Promise<LedgerEntry[]> {
  const limit = clampLimit(opts.limit, 50, 1000);
  const rows = await ctx.db.query<LedgerRow>(sql`SELECT * FROM token_ledger WHERE user_id = ${userId} ORDER BY id DESC LIMIT ${limit}`);
  return rows.map(toEntry);
}

/** Tokens captured per UTC day over the last `days` days, oldest first (days without use included). */
export async function getDailyUsage(ctx: LedgerContext, userId: string, days: number): Promise<Array<{ date: string; usedMt: number; count: number }>> {
  if (!Number.isInteger(days) || days < 1 || days > 366) throw new AppError('BAD_REQUEST', 'days must be 1–366.', { field: 'days' });
  const end = ctx.now();
  const today = Date.UTC(end.getUTCFullYear(), end.getUTCMonth(), end.getUTCDate());
  const from = new Date(today - (days - 1) * 86_400_000);
  const rows = await ctx.db.query<{ day: string; used_mt: number; n: number }>(sql`
    SELECT to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD') AS day,
      SUM(-(delta_held_allocation_mt + delta_held_purchased_mt)) AS used_mt, COUNT(*)::int AS n
    FROM token_ledger WHERE user_id = ${userId} AND reason = 'capture' AND created_at >= ${from.toISOString()}
    GROUP BY 1`);
  const byDay = new Map(rows.map((r) => [r.day, r]));
  return Array.from({ length: days }, (_, i) => {
    const date = new Date(from.getTime() + i * 86_400_000).toISOString().slice(0, 10);
    const r = byDay.get(date);
    return { date, usedMt: Number(r?.used_mt ?? 0), count: Number(r?.n ?? 0) };
  });
}

/** Σ ledger deltas against the cached balances, and held against Σ pending holds; changes nothing. */
export async function reconcile(ctx: LedgerContext, opts: { userId?: string } = {}): Promise<ReconcileReport> {
  const only = opts.userId ? sql`WHERE ut.user_id = ${opts.userId}` : sql``;
  const rows = await ctx.db.query<Record<string, number | string>>(sql`
    SELECT ut.user_id, ut.allocation_mt, ut.purchased_mt, ut.held_allocation_mt, ut.held_purchased_mt,
      COALESCE(l.a, 0) AS l_a, COALESCE(l.p, 0) AS l_p, COALESCE(l.ha, 0) AS l_ha, COALESCE(l.hp, 0) AS l_hp,
      COALESCE(h.held, 0) AS pending_held
    FROM user_tokens ut
    LEFT JOIN (SELECT user_id, SUM(delta_allocation_mt) AS a, SUM(delta_purchased_mt) AS p,
        SUM(delta_held_allocation_mt) AS ha, SUM(delta_held_purchased_mt) AS hp FROM token_ledger GROUP BY user_id) l ON l.user_id = ut.user_id
    LEFT JOIN (SELECT user_id, SUM(cost_mt) AS held FROM token_holds WHERE status = 'pending' GROUP BY user_id) h ON h.user_id = ut.user_id
    ${only}`);
  const mismatches: ReconcileMismatch[] = [];
  for (const r of rows) {
    const userId = String(r.user_id);
    const pairs: Array<[ReconcileMismatch['column'], unknown, unknown]> = [
      ['allocation_mt', r.l_a, r.allocation_mt],
      ['purchased_mt', r.l_p, r.purchased_mt],
      ['held_allocation_mt', r.l_ha, r.held_allocation_mt],
      ['held_purchased_mt', r.l_hp, r.held_purchased_mt],
      ['pending_holds', r.pending_held, Number(r.held_allocation_mt) + Number(r.held_purchased_mt)],
    ];
    for (const [column, ledgerSum, cached] of pairs) {
      if (Number(ledgerSum) !== Number(cached)) mismatches.push({ userId, column, ledgerSumMt: Number(ledgerSum), cachedMt: Number(cached) });
    }
  }
  return { checkedUsers: rows.length, ok: mismatches.length === 0, mismatches };
}

/**
 * The user's token account, every ledger entry and every hold, oldest first, for the account export
 * (`GET /api/account/export`). Rows as PostgreSQL writes them to JSON (`row_to_json`): the same on both engines.
 */
export async function readTokensForExport(q: Queryable, userId: string) {
  const [account] = await q.query<{ r: Record<string, unknown> }>(sql`
    SELECT row_to_json(t) AS r FROM (
      SELECT subscription_tier, pending_tier, allocation_mt, purchased_mt, held_allocation_mt, held_purchased_mt,
        period_start, next_reset_date, created_at, updated_at
      FROM user_tokens WHERE user_id = ${userId}) t`);
  const ledger = await q.query<{ r: Record<string, unknown> }>(sql`
    SELECT row_to_json(t) AS r FROM (SELECT * FROM token_ledger WHERE user_id = ${userId} ORDER BY id) t`);
  const holds = await q.query<{ r: Record<string, unknown> }>(sql`
    SELECT row_to_json(t) AS r FROM (SELECT * FROM token_holds WHERE user_id = ${userId} ORDER BY created_at, id) t`);
  return { account: account?.r ?? null, ledger: ledger.map((x) => x.r), holds: holds.map((x) => x.r) };
}
