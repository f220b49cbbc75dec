import type { TokenAction } from '../../../core/tokens/costs.ts';
import type { ChargedWork, ChargeOptions, Charged } from './charge-for.ts';
import type { Queryable } from '../../adapters/db/index.ts';
import type { Tier } from '../../../core/tokens/index.ts';

export type { Tier };

/** Who caused a ledger entry: `user:<id>`, `system`, `payments`, `operator:<name>`… */
export type Actor = string;

export type HoldStatus = 'pending' | 'captured' | 'released' | 'expired';

/** A reservation of tokens for work in progress (DESIGN §4: charge only on success). */
export interface Hold {
  id: string;
  userId: string;
  idempotencyKey: string;
  costMt: number;
  status: HoldStatus;
  /** How the cost was drawn: allocation first, purchased after. */
  fromAllocationMt: number;
  fromPurchasedMt: number;
  createdAt: string;
  expiresAt: string;
  settledAt: string | null;
}

/** The cached balances of one user (`user_tokens`), all amounts in milli-tokens. */
export interface TokenAccount {
  userId: string;
  tier: Tier;
  /** Tier that takes effect at the next period end (downgrade or cancel), or null. */
  pendingTier: Tier | null;
  /** Unreserved allocation left this period. */
  allocationMt: number;
  /** Unreserved purchased tokens (never expire). */
  purchasedMt: number;
  /** Reserved by pending holds, split by the bucket they were drawn from. */
  heldAllocationMt: number;
  heldPurchasedMt: number;
  /** allocation + purchased − held, i.e. what can still be spent. */
  availableMt: number;
  periodStart: string;
  nextResetDate: string;
  actualBillingPeriodEnd: string | null;
  lastTierChange: string | null;
  previousTier: Tier | null;
  prorationFactor: number | null;
  /** A provider bills this account and the current period's invoice is not paid yet: its allocation is withheld. */
  awaitingPayment: boolean;
}

export interface LedgerEntry {
  id: number;
  userId: string;
  reason: LedgerReason;
  deltaAllocationMt: number;
  deltaPurchasedMt: number;
  deltaHeldAllocationMt: number;
  deltaHeldPurchasedMt: number;
  /** Available balance (allocation + purchased, unreserved) before and after. */
  balanceBeforeMt: number;
  balanceAfterMt: number;
  actor: Actor;
  idempotencyKey: string;
  holdId: string | null;
  meta: Record<string, unknown> | null;
  createdAt: string;
}

export type LedgerReason =
  | 'open'
  | 'allocation_grant'
  | 'reset'
  | 'purchase'
  | 'refund'
  | 'hold'
  | 'capture'
  | 'release'
  | 'expire'
  | 'tier_change'
  | 'operator_grant'
  | 'operator_revoke';

export interface ReconcileMismatch {
  userId: string;
  column: 'allocation_mt' | 'purchased_mt' | 'held_allocation_mt' | 'held_purchased_mt' | 'pending_holds';
  ledgerSumMt: number;
  cachedMt: number;
}

export interface ReconcileReport {
  checkedUsers: number;
  ok: boolean;
  mismatches: ReconcileMismatch[];
}

export interface TierChangeResult {
  account: TokenAccount;
  /** What happened: nothing, applied now (with tokens added), or scheduled for the period end. */
  applied: 'none' | 'now' | 'at-period-end';
  addedMt: number;
}

/** Options for writes that may join a caller's transaction (e.g. the payments fulfil step). */
export interface InTransaction {
  /** Run inside this open transaction instead of opening one. The caller commits or rolls back. */
  tx?: Queryable;
}

/** What `hold` and `withHold` reserve: `costMt` under `idempotencyKey`, for `ttlMs` (default 10 min). */
export interface HoldRequest {
  costMt: number;
  idempotencyKey: string;
  ttlMs?: number;
  actor?: Actor;
  meta?: Record<string, unknown>;
}

/** A purchase to credit: `idempotencyKey` is the payment session id; `tx` joins the caller's transaction. */
export interface CreditPurchaseRequest extends InTransaction {
  amountMt: number;
  idempotencyKey: string;
  actor: Actor;
  meta?: Record<string, unknown>;
}

export interface ChangeTierOptions extends InTransaction {
  actor: Actor;
  idempotencyKey?: string;
  billingPeriodEnd?: Date | null;
  immediate?: boolean;
  downgradeNow?: boolean;
  meta?: Record<string, unknown>;
}

/**
 * The token ledger. Every change of a balance is one append-only ledger row (reason, before/after,
 * actor, idempotency key) written in the same transaction as the cached balances in `user_tokens`.
 * Amounts are integer milli-tokens; bad amounts are refused with `INVALID_AMOUNT` before anything is written.
 * All methods are safe to call concurrently from several processes on one PostgreSQL.
 */
export interface LedgerService {
  /**
   * Creates the user's account: Free, 10 tokens of allocation, `next_reset_date` one month from now.
   * Idempotent: a second call (also concurrent) changes nothing and returns the existing account.
   * Throws NOT_FOUND when the user does not exist.
   */
  openAccount(userId: string): Promise<TokenAccount>;

  /** The account, opened lazily when missing. Never writes anything else. */
  getAccount(userId: string): Promise<TokenAccount>;

  /**
   * Adds milli-tokens to this period's allocation bucket (expires at the period end).
   * Idempotent on `idempotencyKey`: a repeated key returns the first entry and adds nothing.
   */
  grantAllocation(
    userId: string,
    amountMt: number,
    opts: { idempotencyKey: string; actor: Actor; meta?: Record<string, unknown> } & InTransaction,
  ): Promise<LedgerEntry>;

  /**
   * Credits purchased tokens (they never expire). Idempotent on `idempotencyKey` (use the payment
   * session id): a replay returns `{ entry, created: false }` and adds nothing. Pass `tx` to make the
   * credit part of the caller's transaction (it then commits or rolls back with the caller's work).
   */
  creditPurchase(userId: string, request: CreditPurchaseRequest): Promise<{ entry: LedgerEntry; created: boolean }>;

  /**
   * Reserves `costMt` with ONE conditional UPDATE (never a read followed by a write): allocation first,
   * purchased after. Throws INSUFFICIENT_TOKENS (402) when the available balance is short, nothing written.
   * Idempotent on (user, idempotencyKey): concurrent or repeated calls with the same key get the same hold
   * (CONFLICT if the same key is reused with another cost). The hold expires after `ttlMs` (default 10 min):
   * the sweeper then releases it, so a crashed worker never keeps tokens.
   */
  hold(userId: string, costMt: number, idempotencyKey: string, opts?: { ttlMs?: number; actor?: Actor; meta?: Record<string, unknown> }): Promise<Hold>;

  /**
   * Charges a pending hold (the work succeeded). Exactly one of capture / release / expire wins for a hold.
   * Capturing an already captured hold returns it (idempotent); a released or expired hold gives
   * HOLD_NOT_PENDING (409); a hold of another user, or none, HOLD_NOT_FOUND (404).
   */
  capture(userId: string, holdId: string, opts?: { actor?: Actor }): Promise<Hold>;

  /**
   * Returns a pending hold's tokens (the work failed). Idempotent for an already released hold;
   * HOLD_NOT_PENDING when it was captured or expired. Allocation drawn in an earlier period is not
   * returned (it would have expired at the reset anyway); purchased tokens always are.
   */
  release(userId: string, holdId: string, opts?: { actor?: Actor }): Promise<Hold>;

  /**
   * Hold, run `work`, capture on success, release when it throws (then rethrows the work's error).
   * The convenient way for features to charge only on success. If that release fails too, it is logged
   * (user, hold id, error) and the hold stays pending until the sweeper expires it and returns its tokens.
   */
  withHold<T>(userId: string, request: HoldRequest, work: (hold: Hold) => Promise<T>): Promise<{ result: T; hold: Hold }>;
  /** Charges `action`'s cost for `work`: hold, run (with a timeout), capture on success, release on any failure. */
  chargeFor<T>(
    userId: string,
    action: TokenAction,
    idempotencyKey: string,
    work: (charged: ChargedWork) => Promise<T>,
    opts?: ChargeOptions,
  ): Promise<Charged<T>>;

  /**
   * Sweeper: expires pending holds whose TTL has passed (as of `now`), returning their tokens.
   * Safe to run in several processes at once: each hold is expired by one conditional update only.
   * Returns how many holds this call expired.
   */
  expireStaleHolds(opts?: { limit?: number; userId?: string }): Promise<number>;

  /**
   * Changes the tier (from the payment provider or an operator). Upgrade now: Free → paid starts a new
   * period with the full paid allocation; Basic → Pro adds (allocation difference × remaining fraction)
   * and records `proration_factor`. Downgrade and cancel (to Free) are stored as `pending_tier` and applied
   * at the period end, unless `immediate` (operator). Same tier: clears a pending downgrade.
   * `downgradeNow` (the provider already bills the lower tier, e.g. Stripe's portal switched the price): the
   * tier changes now, the period goes on, and the unspent part of this period's upgrade grant is taken back
   * (`planImmediateDowngrade`; never below zero, held tokens count as spent).
   * `billingPeriodEnd` sets `actual_billing_period_end` (from the provider). Idempotent on `idempotencyKey`.
   * Unknown tier names: INVALID_TIER (400, field `tier`).
   */
  changeTier(userId: string, tier: Tier, opts: ChangeTierOptions): Promise<TierChangeResult>;

  /**
   * The provider says the subscription is paid up to `paidThrough` (an `invoice.paid`). From then on this
   * account's resets to a paid tier wait for the period's payment (`awaiting_payment`); if the current period
   * was waiting and is now paid, its allocation is granted here, once. Idempotent.
   */
  markPeriodPaid(
    userId: string,
    opts: { paidThrough: Date; actor: Actor; meta?: Record<string, unknown> } & InTransaction,
  ): Promise<{ grantedMt: number; account: TokenAccount }>;

  /**
   * Monthly reset for every account whose `next_reset_date` has passed: applies a pending tier, sets the
   * allocation to the tier's monthly amount (purchased tokens stay), moves to the period containing now.
   * A paid tier billed by a provider (`markPeriodPaid` was called) gets its allocation only once the new
   * period is paid: until then the allocation is 0 and `awaitingPayment` is set (the old one expires as usual).
   * Exactly once per user and period even when several processes run it at once. Returns the count reset.
   */
  runMonthlyResets(opts?: { limit?: number; userId?: string }): Promise<number>;

  /**
   * Reverses a refunded purchase (charge.refunded): removes up to `amountMt` (default: the whole purchase)
   * of purchased tokens, but never more than are still unspent. Idempotent on `idempotencyKey`.
   * Throws NOT_FOUND when no purchase has `purchaseKey`.
   */
  reversePurchase(
    userId: string,
    purchaseKey: string,
    opts: { idempotencyKey: string; actor: Actor; amountMt?: number; meta?: Record<string, unknown> } & InTransaction,
  ): Promise<{ entry: LedgerEntry | null; reversedMt: number; unspentShortfallMt: number }>;

  /**
   * Operator grant (positive) or revoke (negative `deltaMt`) on a bucket, with a mandatory reason.
   * A revoke beyond the unreserved bucket is refused (INSUFFICIENT_TOKENS).
   */
  adjust(
    userId: string,
    deltaMt: number,
    opts: { bucket: 'allocation' | 'purchased'; reason: string; actor: Actor; idempotencyKey?: string },
  ): Promise<LedgerEntry>;

  /** Pending and recent holds of a user, newest first. */
  listHolds(userId: string, opts?: { limit?: number; status?: HoldStatus }): Promise<Hold[]>;

  /** Ledger entries of a user, newest first. */
  listEntries(userId: string, opts?: { limit?: number }): Promise<LedgerEntry[]>;

  /** Tokens consumed per UTC day (captured holds) over the last `days` days, oldest first. */
  getDailyUsage(userId: string, days: number): Promise<Array<{ date: string; usedMt: number; count: number }>>;

  /**
   * Checks Σ ledger deltas = cached balances per bucket, and held = Σ pending holds, for every account
   * (or one user). Reports mismatches; never changes anything.
   */
  reconcile(opts?: { userId?: string }): Promise<ReconcileReport>;
}
