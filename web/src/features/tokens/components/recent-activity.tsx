import { Alert } from '../../../components/ui/alert.tsx';
import { formatTokens } from '../../../lib/format.ts';
import { useTokenLedger } from '../api/tokens-api.ts';

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

/** Recent balance changes from the ledger (what moved the available balance). */
export function RecentActivity({ userId }: { userId: string | null }) {
  const ledger = useTokenLedger(userId, 8);
  if (ledger.isPending) return <div className="h-24 animate-pulse rounded-lg bg-slate-100" role="status" aria-busy="true" aria-label="Loading activity" />;
  if (ledger.isError) return <Alert tone="error">Could not load your token activity. {ledger.error.message}</Alert>;
  // A capture moves nothing (the hold already did); hide those zero rows to keep the list about money moving.
  const rows = ledger.data.entries.filter((e) => e.change !== 0 || e.reason === 'tier_change');
  if (rows.length === 0) return <p className="text-sm text-slate-500">No token activity yet.</p>;
  return (
    <ul className="divide-y divide-slate-100 text-sm">
      {rows.map((e) => (
        <li key={e.id} className="flex items-center justify-between gap-3 py-2">
          <span className="min-w-0">
            <span className="block truncate text-slate-700">{labels[e.reason] ?? e.reason}</span>
            <span className="text-xs text-slate-400">{new Date(e.created_at).toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'short' })}</span>
          </span>
          <span className={`shrink-0 font-medium tabular ${e.change < 0 ? 'text-slate-700' : 'text-brand-700'}`}>
            {e.change > 0 ? '+' : e.change < 0 ? '−' : ''}
            {formatTokens(Math.abs(e.change))}
          </span>
        </li>
      ))}
    </ul>
  );
}
