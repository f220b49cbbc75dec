import { addMonthsUtc, findPeriodAt, monthlyAllocationMt, planTierChange, type Tier } from '../../core/tokens/index.ts';

/**
 * In-memory model of one user's token account, written from DESIGN §4 as plainly as possible, for the
 * model test to compare the database ledger against. Integer milli-tokens only.
 */
export interface OracleHold {
  key: string;
  costMt: number;
  fromAllocationMt: number;
  fromPurchasedMt: number;
  periodStart: number;
  expiresAt: number;
  status: 'pending' | 'captured' | 'released' | 'expired';
}

export class LedgerOracle {
  tier: Tier = 'Free';
  pendingTier: Tier | null = null;
  allocationMt = monthlyAllocationMt.Free;
  purchasedMt = 0;
  heldAllocationMt = 0;
  heldPurchasedMt = 0;
  anchor: number;
  periodStart: number;
  nextReset: number;
  holds = new Map<string, OracleHold>();
  purchaseKeys = new Set<string>();

  constructor(openedAt: number) {
    this.anchor = openedAt;
    this.periodStart = openedAt;
    this.nextReset = addMonthsUtc(new Date(openedAt), 1).getTime();
  }

  get availableMt() {
    return this.allocationMt + this.purchasedMt;
  }

  grant(amountMt: number) {
    this.allocationMt += amountMt;
  }

  purchase(amountMt: number, key: string): boolean {
    if (this.purchaseKeys.has(key)) return false;
    this.purchaseKeys.add(key);
    this.purchasedMt += amountMt;
    return true;
  }

  /** 'insufficient', 'conflict', or the hold (new or replayed). */
  hold(costMt: number, key: string, now: number, ttlMs: number): OracleHold | 'insufficient' | 'conflict' {
    const existing = this.holds.get(key);
    if (existing) return existing.costMt === costMt ? existing : 'conflict';
    if (this.availableMt < costMt) return 'insufficient';
    const fromAllocationMt = Math.min(this.allocationMt, costMt);
    const h: OracleHold = {
      key,
      costMt,
      fromAllocationMt,
      fromPurchasedMt: costMt - fromAllocationMt,
      periodStart: this.periodStart,
      expiresAt: now + ttlMs,
      status: 'pending',
    };
    this.allocationMt -= h.fromAllocationMt;
    this.purchasedMt -= h.fromPurchasedMt;
    this.heldAllocationMt += h.fromAllocationMt;
    this.heldPurchasedMt += h.fromPurchasedMt;
    this.holds.set(key, h);
    return h;
  }

  /** 'ok' when this call settled it, 'same' for an idempotent repeat, 'not_pending' otherwise. */
  settle(key: string, status: 'captured' | 'released' | 'expired'): 'ok' | 'same' | 'not_pending' {
    const h = this.holds.get(key)!;
    if (h.status !== 'pending') return h.status === status ? 'same' : 'not_pending';
    h.status = status;
    this.heldAllocationMt -= h.fromAllocationMt;
    this.heldPurchasedMt -= h.fromPurchasedMt;
    if (status !== 'captured') {
      // Allocation drawn in an earlier period expired with that period.
      if (h.periodStart === this.periodStart) this.allocationMt += h.fromAllocationMt;
      this.purchasedMt += h.fromPurchasedMt;
    }
    return 'ok';
  }

  expireStale(now: number): number {
    let n = 0;
    for (const h of this.holds.values()) {
      if (h.status === 'pending' && h.expiresAt <= now) {
        this.settle(h.key, 'expired');
        n++;
      }
    }
    return n;
  }

  reset(now: number): boolean {
    if (this.nextReset > now) return false;
    const tier = this.pendingTier ?? this.tier;
    this.tier = tier;
    this.pendingTier = null;
    this.allocationMt = monthlyAllocationMt[tier];
    const p = findPeriodAt(new Date(this.anchor), new Date(now));
    this.periodStart = p.start.getTime();
    this.nextReset = p.end.getTime();
    return true;
  }

  changeTier(to: Tier, now: number) {
    const plan = planTierChange(this.tier, to, { start: new Date(this.periodStart), end: new Date(this.nextReset) }, new Date(now));
    if (plan.kind === 'none') this.pendingTier = null;
    else if (plan.kind === 'at-period-end') this.pendingTier = to;
    else if (plan.kind === 'prorated-upgrade') {
      this.tier = to;
      this.pendingTier = null;
      this.allocationMt += plan.addMt;
    } else {
      this.tier = to;
      this.pendingTier = null;
      this.allocationMt = plan.allocationMt;
      this.anchor = now;
      this.periodStart = now;
      this.nextReset = addMonthsUtc(new Date(now), 1).getTime();
    }
  }
}
