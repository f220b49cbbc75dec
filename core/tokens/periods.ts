import { monthlyAllocationMt, tierRank, type Tier } from './tiers.ts';

/**
 * `anchor` plus `months` calendar months in UTC, the day clamped to the month's length
 * (Jan 31 + 1 month = Feb 28/29, + 2 months = Mar 31), like PostgreSQL's `+ interval '1 month'`.
 */
export function addMonthsUtc(anchor: Date, months: number): Date {
  const y = anchor.getUTCFullYear();
  const m = anchor.getUTCMonth() + months;
  const lastDay = new Date(Date.UTC(y, m + 1, 0)).getUTCDate();
  const day = Math.min(anchor.getUTCDate(), lastDay);
  return new Date(Date.UTC(y, m, day, anchor.getUTCHours(), anchor.getUTCMinutes(), anchor.getUTCSeconds(), anchor.getUTCMilliseconds()));
}

/**
 * The billing period containing `now` for periods anchored at `anchor` (k-th period = [anchor + k months,
 * anchor + (k+1) months)). A user idle for several months lands directly in the current period.
 */
export function findPeriodAt(anchor: Date, now: Date): { start: Date; end: Date } {
  if (now.getTime() < anchor.getTime()) return { start: anchor, end: addMonthsUtc(anchor, 1) };
  // Estimate k from the calendar difference, then correct by at most a step either way.
  let k = (now.getUTCFullYear() - anchor.getUTCFullYear()) * 12 + (now.getUTCMonth() - anchor.getUTCMonth());
  if (k < 0) k = 0;
  while (k > 0 && addMonthsUtc(anchor, k).getTime() > now.getTime()) k -= 1;
  while (addMonthsUtc(anchor, k + 1).getTime() <= now.getTime()) k += 1;
  return { start: addMonthsUtc(anchor, k), end: addMonthsUtc(anchor, k + 1) };
}

/** Fraction of [start, end) still ahead of `now`, clamped to [0, 1]. */
function computeRemainingFraction(start: Date, end: Date, now: Date): number {
  const total = end.getTime() - start.getTime();
  if (total <= 0) return 0;
  return Math.min(1, Math.max(0, (end.getTime() - now.getTime()) / total));
}

type TierChangePlan =
  | { kind: 'none' }
  /** Free → paid: a new period starts now with the paid tier's full allocation. */
  | { kind: 'start-paid'; allocationMt: number }
  /** Paid upgrade: takes effect now; adds the allocation difference × the remaining fraction. */
  | { kind: 'prorated-upgrade'; addMt: number; prorationFactor: number }
  /** Downgrade or cancel: stored as pending, applied at the period end. */
  | { kind: 'at-period-end' };

/** Decides how a tier change is applied (DESIGN §4). Integer milli-tokens; the prorated amount rounds down. */
export function planTierChange(from: Tier, to: Tier, period: { start: Date; end: Date }, now: Date): TierChangePlan {
  if (from === to) return { kind: 'none' };
  if (tierRank[to] < tierRank[from]) return { kind: 'at-period-end' };
  if (from === 'Free') return { kind: 'start-paid', allocationMt: monthlyAllocationMt[to] };
  // Six decimals: a change a few ms into a fresh period is factor 1, not 0.99999999 (which would lose 1 mt).
  const prorationFactor = Math.round(computeRemainingFraction(period.start, period.end, now) * 1e6) / 1e6;
  const addMt = Math.floor((monthlyAllocationMt[to] - monthlyAllocationMt[from]) * prorationFactor);
  return { kind: 'prorated-upgrade', addMt, prorationFactor };
}

interface ImmediateDowngradePlan {
  /** What the higher tier added this period and is no longer paid for. */
  owedMt: number;
  /** What is taken back: the owed amount, but never more than the unspent allocation (held counts as spent). */
  takeBackMt: number;
  basis: 'upgrade-grant' | 'remaining-fraction';
}

/**
 * A downgrade the provider applies at once (it bills the lower tier from now and credits the unused time):
 * the unspent part of this period's upgrade grant goes back. When the period began on the higher tier (no
 * upgrade in it), what is owed is the allocation difference × the remaining fraction, as an upgrade adds it.
 */
export function planImmediateDowngrade(
  from: Tier,
  to: Tier,
  account: { upgradeGrantMt: number; allocationMt: number; period: { start: Date; end: Date } },
  now: Date,
): ImmediateDowngradePlan {
  const diffMt = Math.max(0, monthlyAllocationMt[from] - monthlyAllocationMt[to]);
  const fraction = Math.round(computeRemainingFraction(account.period.start, account.period.end, now) * 1e6) / 1e6;
  const basis = account.upgradeGrantMt > 0 ? 'upgrade-grant' : 'remaining-fraction';
  const owedMt = basis === 'upgrade-grant' ? account.upgradeGrantMt : Math.floor(diffMt * fraction);
  return { owedMt, takeBackMt: Math.max(0, Math.min(owedMt, account.allocationMt)), basis };
}

/**
 * Whether the provider's payments cover the ledger period [start, end). The two calendars are anchored
 * minutes apart (the ledger's at fulfilment), so "covered" means paid past the period's middle.
 */
export function isPeriodPaid(period: { start: Date; end: Date }, paidThrough: Date | null): boolean {
  if (!paidThrough) return false;
  const middle = period.start.getTime() + (period.end.getTime() - period.start.getTime()) / 2;
  return paidThrough.getTime() > middle;
}
