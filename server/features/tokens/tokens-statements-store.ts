import { type SQL, sql } from 'drizzle-orm';
import { type PreparedStatement, prepareStatement, type Queryable } from '../../adapters/db/index.ts';
import type { Tier } from '../../../core/tokens/index.ts';
import type { Actor, Hold, HoldStatus, LedgerEntry, LedgerReason, TokenAccount } from './ledger-types.ts';

export type AccountRow = {
  user_id: string;
  subscription_tier: Tier;
  pending_tier: Tier | null;
  allocation_mt: number;
  purchased_mt: number;
  held_allocation_mt: number;
  held_purchased_mt: number;
  period_anchor: string;
  period_start: string;
  next_reset_date: string;
  actual_billing_period_end: string | null;
  last_tier_change: string | null;
  previous_tier: Tier | null;
  proration_factor: number | null;
  upgrade_grant_mt: number;
  paid_through: string | null;
  awaiting_payment: boolean;
};

export type HoldRow = {
  id: string;
  user_id: string;
  idempotency_key: string;
  cost_mt: number;
  from_allocation_mt: number;
  from_purchased_mt: number;
  status: HoldStatus;
  created_at: string;
  expires_at: string;
  settled_at: string | null;
};

export type LedgerRow = {
  id: number;
  user_id: string;
  reason: LedgerReason;
  delta_allocation_mt: number;
  delta_purchased_mt: number;
  delta_held_allocation_mt: number;
  delta_held_purchased_mt: number;
  balance_before_mt: number;
  balance_after_mt: number;
  actor: string;
  idempotency_key: string;
  hold_id: string | null;
  meta: Record<string, unknown> | string | null;
  created_at: string;
};

// An account's few period dates come back on every read: parsing each text timestamp again was ~3 % of GET /api/tokens.
const isoOfText = new Map<string, string>();
export function toIso(v: unknown): string {
  if (v instanceof Date) return v.toISOString();
  const text = String(v);
  let iso = isoOfText.get(text);
  if (iso === undefined) {
    iso = new Date(text).toISOString();
    if (isoOfText.size >= 10_000) isoOfText.clear();
    isoOfText.set(text, iso);
  }
  return iso;
}
export const toIsoOrNull = (v: unknown): string | null => (v === null || v === undefined ? null : toIso(v));

export function toAccount(r: AccountRow): TokenAccount {
  return {
    userId: r.user_id,
    tier: r.subscription_tier,
    pendingTier: r.pending_tier,
    allocationMt: Number(r.allocation_mt),
    purchasedMt: Number(r.purchased_mt),
    heldAllocationMt: Number(r.held_allocation_mt),
    heldPurchasedMt: Number(r.held_purchased_mt),
    availableMt: Number(r.allocation_mt) + Number(r.purchased_mt),
    periodStart: toIso(r.period_start),
    nextResetDate: toIso(r.next_reset_date),
    actualBillingPeriodEnd: toIsoOrNull(r.actual_billing_period_end),
    lastTierChange: toIsoOrNull(r.last_tier_change),
    previousTier: r.previous_tier,
    prorationFactor: r.proration_factor === null ? null : Number(r.proration_factor),
    awaitingPayment: Boolean(r.awaiting_payment),
  };
}

export function toHold(r: HoldRow): Hold {
  return {
    id: r.id,
    userId: r.user_id,
    idempotencyKey: r.idempotency_key,
    costMt: Number(r.cost_mt),
    status: r.status,
    fromAllocationMt: Number(r.from_allocation_mt),
    fromPurchasedMt: Number(r.from_purchased_mt),
    createdAt: toIso(r.created_at),
    expiresAt: toIso(r.expires_at),
    settledAt: toIsoOrNull(r.settled_at),
  };
}

export function toEntry(r: LedgerRow): LedgerEntry {
  return {
    id: Number(r.id),
    userId: r.user_id,
    reason: r.reason,
    deltaAllocationMt: Number(r.delta_allocation_mt),
    deltaPurchasedMt: Number(r.delta_purchased_mt),
    deltaHeldAllocationMt: Number(r.delta_held_allocation_mt),
    deltaHeldPurchasedMt: Number(r.delta_held_purchased_mt),
    balanceBeforeMt: Number(r.balance_before_mt),
    balanceAfterMt: Number(r.balance_after_mt),
    actor: r.actor,
    idempotencyKey: r.idempotency_key,
    holdId: r.hold_id,
    meta: typeof r.meta === 'string' ? (JSON.parse(r.meta) as Record<string, unknown>) : r.meta,
    createdAt: toIso(r.created_at),
  };
}

/** The PostgreSQL error code of a driver error, looking through drizzle's wrapper. */
export function pgErrorCode(e: unknown): { code?: string; constraint?: string } {
  let cur: unknown = e;
  for (let i = 0; i < 4 && cur && typeof cur === 'object'; i++) {
    const c = cur as { code?: unknown; constraint?: unknown; cause?: unknown };
    if (typeof c.code === 'string' && /^[0-9A-Z]{5}$/.test(c.code))
      return { code: c.code, constraint: typeof c.constraint === 'string' ? c.constraint : undefined };
    cur = c.cause;
  }
  return {};
}

export const ACCOUNT_COLUMNS = sql.raw(
  'user_id, subscription_tier, pending_tier, allocation_mt, purchased_mt, held_allocation_mt, held_purchased_mt, period_anchor, period_start, next_reset_date, actual_billing_period_end, last_tier_change, previous_tier, proration_factor, upgrade_grant_mt, paid_through, awaiting_payment',
);
export const HOLD_COLUMNS = sql.raw('id, user_id, idempotency_key, cost_mt, from_allocation_mt, from_purchased_mt, status, created_at, expires_at, settled_at');
export const jsonOrNull = (meta: Record<string, unknown> | undefined | null) => (meta ? JSON.stringify(meta) : null);

const p = sql.placeholder;

export type HoldValues = { userId: string; costMt: number; key: string; expiresAt: string; createdAt: string; actor: string; meta: string | null };

/**
 * The single hold statement, prepared once (the benchmark's pgbench twin runs the same text); empty result when the
 * balance is short or the account is missing.
 */
export const holdStatement = prepareStatement<HoldValues>(
  'ledger_hold',
  sql`
    WITH old AS (
      SELECT user_id, allocation_mt, purchased_mt FROM user_tokens WHERE user_id = ${p('userId')} FOR UPDATE
    ), upd AS (
      UPDATE user_tokens t SET
        allocation_mt = t.allocation_mt - LEAST(t.allocation_mt, ${p('costMt')}::bigint),
        purchased_mt = t.purchased_mt - (${p('costMt')}::bigint - LEAST(t.allocation_mt, ${p('costMt')}::bigint)),
        held_allocation_mt = t.held_allocation_mt + LEAST(t.allocation_mt, ${p('costMt')}::bigint),
        held_purchased_mt = t.held_purchased_mt + (${p('costMt')}::bigint - LEAST(t.allocation_mt, ${p('costMt')}::bigint)),
        updated_at = ${p('createdAt')}
      FROM old
      WHERE t.user_id = old.user_id AND t.allocation_mt + t.purchased_mt >= ${p('costMt')}::bigint
      RETURNING t.user_id, t.period_start, old.allocation_mt + old.purchased_mt AS before_mt,
        t.allocation_mt + t.purchased_mt AS after_mt, LEAST(old.allocation_mt, ${p('costMt')}::bigint) AS from_alloc
    ), h AS (
      INSERT INTO token_holds (user_id, idempotency_key, cost_mt, from_allocation_mt, from_purchased_mt, period_start, created_at, expires_at)
      SELECT user_id, ${p('key')}, ${p('costMt')}::bigint, from_alloc, ${p('costMt')}::bigint - from_alloc, period_start, ${p('createdAt')}, ${p('expiresAt')} FROM upd
      RETURNING ${HOLD_COLUMNS}
    ), l AS (
      INSERT INTO token_ledger (user_id, reason, delta_allocation_mt, delta_purchased_mt, delta_held_allocation_mt, delta_held_purchased_mt,
        balance_before_mt, balance_after_mt, actor, idempotency_key, hold_id, meta, created_at)
      SELECT h.user_id, 'hold', -h.from_allocation_mt, -h.from_purchased_mt, h.from_allocation_mt, h.from_purchased_mt,
        upd.before_mt, upd.after_mt, ${p('actor')}, 'hold:' || h.id::text, h.id, ${p('meta')}::jsonb, ${p('createdAt')}
      FROM h, upd
    )
    SELECT * FROM h`,
);

export type SettleValues = { userId: string; holdId: string; actor: string; at: string };
type SettleStatus = 'captured' | 'released' | 'expired';

/** Settles a pending hold as captured/released/expired in one statement; empty when it was not pending. */
function buildSettleStatement(status: SettleStatus): SQL {
  const reason = status === 'captured' ? 'capture' : status === 'released' ? 'release' : 'expire';
  // Literals, not parameters: each kind of settle is one fixed statement text with its own plan.
  const giveBack = sql.raw(status === 'captured' ? 'FALSE' : 'TRUE');
  const expiredOnly = status === 'expired' ? sql`AND expires_at <= ${p('at')}` : sql``;
  return sql`
    WITH h AS (
      UPDATE token_holds SET status = ${sql.raw(`'${status}'`)}, settled_at = ${p('at')}
      WHERE id = ${p('holdId')} AND user_id = ${p('userId')} AND status = 'pending' ${expiredOnly}
      RETURNING ${HOLD_COLUMNS}, period_start
    ), t AS (
      UPDATE user_tokens t SET
        held_allocation_mt = t.held_allocation_mt - h.from_allocation_mt,
        held_purchased_mt = t.held_purchased_mt - h.from_purchased_mt,
        allocation_mt = t.allocation_mt + CASE WHEN ${giveBack} AND h.period_start = t.period_start THEN h.from_allocation_mt ELSE 0 END,
        purchased_mt = t.purchased_mt + CASE WHEN ${giveBack} THEN h.from_purchased_mt ELSE 0 END,
        updated_at = ${p('at')}
      FROM h WHERE t.user_id = h.user_id
      RETURNING t.allocation_mt + t.purchased_mt AS after_mt,
        CASE WHEN ${giveBack} AND h.period_start = t.period_start THEN h.from_allocation_mt ELSE 0 END AS back_alloc,
        CASE WHEN ${giveBack} THEN h.from_purchased_mt ELSE 0 END AS back_purchased
    ), l AS (
      INSERT INTO token_ledger (user_id, reason, delta_allocation_mt, delta_purchased_mt, delta_held_allocation_mt, delta_held_purchased_mt,
        balance_before_mt, balance_after_mt, actor, idempotency_key, hold_id, created_at)
      SELECT h.user_id, ${sql.raw(`'${reason}'`)}, t.back_alloc, t.back_purchased, -h.from_allocation_mt, -h.from_purchased_mt,
        t.after_mt - t.back_alloc - t.back_purchased, t.after_mt, ${p('actor')}, ${sql.raw(`'${reason}:'`)} || h.id::text, h.id, ${p('at')}
      FROM h, t
    )
    SELECT id, user_id, idempotency_key, cost_mt, from_allocation_mt, from_purchased_mt, status, created_at, expires_at, settled_at FROM h`;
}

export const settleStatements: Record<SettleStatus, PreparedStatement<SettleValues>> = {
  captured: prepareStatement<SettleValues>('ledger_capture', buildSettleStatement('captured')),
  released: prepareStatement<SettleValues>('ledger_release', buildSettleStatement('released')),
  expired: prepareStatement<SettleValues>('ledger_expire', buildSettleStatement('expired')),
};

/** A ledger row other than the hot statements' (those write theirs inside their single statement). */
interface NewLedgerRow {
  userId: string;
  reason: LedgerReason;
  deltaAllocationMt?: number;
  deltaPurchasedMt?: number;
  /** Available balance before; the balance after follows from the deltas (the table CHECKs the same sum). */
  balanceBeforeMt: number;
  actor: Actor;
  idempotencyKey: string;
  meta?: Record<string, unknown> | null;
  createdAt: string;
}

/**
 * Appends one ledger row: every ledger write but the hot hold and settle statements goes through here.
 * `onlyAfter` is a data-modifying statement run first, in the same statement: the row is written only when it returns a row.
 */
export async function insertLedgerRow(q: Queryable, row: NewLedgerRow): Promise<LedgerEntry>;
export async function insertLedgerRow(q: Queryable, row: NewLedgerRow, onlyAfter: SQL): Promise<LedgerEntry | undefined>;
export async function insertLedgerRow(q: Queryable, row: NewLedgerRow, onlyAfter?: SQL): Promise<LedgerEntry | undefined> {
  const deltaAllocationMt = row.deltaAllocationMt ?? 0;
  const deltaPurchasedMt = row.deltaPurchasedMt ?? 0;
  const [entry] = await q.query<LedgerRow>(sql`
    ${onlyAfter ? sql`WITH first AS (${onlyAfter})` : sql``}
    INSERT INTO token_ledger (user_id, reason, delta_allocation_mt, delta_purchased_mt, balance_before_mt, balance_after_mt, actor, idempotency_key, meta, created_at)
    SELECT ${row.userId}, ${row.reason}, ${deltaAllocationMt}, ${deltaPurchasedMt}, ${row.balanceBeforeMt}, ${row.balanceBeforeMt + deltaAllocationMt + deltaPurchasedMt},
      ${row.actor}, ${row.idempotencyKey}, ${jsonOrNull(row.meta)}::jsonb, ${row.createdAt}
    ${onlyAfter ? sql`FROM first` : sql``}
    RETURNING *`);
  return entry ? toEntry(entry) : undefined;
}

/** The ledger row of a change to an account read under its row lock: user and balance before come from that row. */
export function insertAccountLedgerRow(q: Queryable, account: AccountRow, change: Omit<NewLedgerRow, 'userId' | 'balanceBeforeMt'>): Promise<LedgerEntry> {
  return insertLedgerRow(q, { ...change, userId: account.user_id, balanceBeforeMt: Number(account.allocation_mt) + Number(account.purchased_mt) });
}

export async function findEntryByKey(q: Queryable, userId: string, key: string): Promise<LedgerEntry | undefined> {
  const [row] = await q.query<LedgerRow>(sql`SELECT * FROM token_ledger WHERE user_id = ${userId} AND idempotency_key = ${key}`);
  return row ? toEntry(row) : undefined;
}
