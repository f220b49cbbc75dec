import type { TokenLedgerResponse } from './api/get-token-ledger.ts';

const labels: Record<string, string> = {
  open: 'Account opened',
  allocation_grant: 'Bonus allocation',
  reset: 'Monthly allocation renewed',
  purchase: 'Tokens purchased',
  refund: 'Purchase refunded',
  hold: 'Reserved for an analysis',
  capture: 'Analysis completed',
  release: 'Reservation returned',
  expire: 'Reservation expired and returned',
  tier_change: 'Plan changed',
  operator_grant: 'Added by support',
  operator_revoke: 'Removed by support',
};

type Entry = TokenLedgerResponse['entries'][number];

/** What a row says: plan changes name the plans ("Plan: Basic → Pro"; a scheduled one says when). */
export function describeEntry(e: Entry): string {
  if (e.reason === 'hold' && e.copilot) return 'Copilot answer';
  const plan = e.plan_change;
  if (e.reason === 'tier_change' && plan) {
    return plan.applied === 'at-period-end' ? `Plan change to ${plan.to} at period end` : `Plan: ${plan.from} → ${plan.to}`;
  }
  return labels[e.reason] ?? e.reason;
}

/** Rows worth showing: money moved, or the plan changed (a capture moves nothing; a no-op plan change changed nothing). */
export function isShownEntry(e: Entry): boolean {
  if (e.reason === 'tier_change') return e.plan_change?.applied !== 'none';
  return e.change !== 0;
}
