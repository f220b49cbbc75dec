import { Alert } from '../../../components/ui/alert.tsx';
import { formatTokens } from '../../../lib/format.ts';
import { useTokenLedger } from '../api/get-token-ledger.ts';
import { describeEntry, isShownEntry } from '../activity-rows.ts';

/** Recent balance changes from the ledger (what moved the available balance). */
export function RecentActivity({ userId }: { userId: string | null }) {
  const ledger = useTokenLedger(userId, 8);
  if (ledger.isPending) return <div className="h-24 animate-pulse rounded-lg bg-surface-subtle" role="status" aria-busy="true" aria-label="Loading activity" />;
  if (ledger.isError) return <Alert tone="error">Could not load your token activity. {ledger.error.message}</Alert>;
  const rows = ledger.data.entries.filter(isShownEntry);
  if (rows.length === 0) return <p className="text-sm text-fg-subtle">No token activity yet.</p>;
  return (
    <ul className="divide-y divide-border-subtle text-sm">
      {rows.map((e) => (
        <li key={e.id} className="flex items-center justify-between gap-3 py-2">
          <span className="min-w-0">
            <span className="block truncate text-fg-secondary">{describeEntry(e)}</span>
            <span className="text-xs text-fg-subtle">{new Date(e.created_at).toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'short' })}</span>
          </span>
          <span className={`shrink-0 font-medium tabular ${e.change < 0 ? 'text-fg-secondary' : 'text-brand-fg'}`}>
            {e.change > 0 ? '+' : e.change < 0 ? '−' : ''}
            {formatTokens(Math.abs(e.change))}
          </span>
        </li>
      ))}
    </ul>
  );
}
